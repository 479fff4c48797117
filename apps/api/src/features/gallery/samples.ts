import { createHash } from 'node:crypto';
import { RESOLUTIONS } from '@mirage/domain';
import { defaultSceneInput, renderField } from '@mirage/preview-renderer';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { DB } from '../../db/database.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { listStyleLibs } from '../catalogue/index.ts';
import { imageKeys, insertImageWithTags, processImage } from '../image/index.ts';
import { imageTags } from '../tag/index.ts';
import { SAMPLE_IMAGES, type SampleImage } from './sample-data.ts';
import { ensureCuratorAccount, findImageIdByUuid } from './sample-repository.ts';

/** The account that owns the built-in samples: no password and an unreachable address, so no sign-in. */
export const CURATOR = { username: 'mirage', email: 'curator@mirage.invalid', referral_code: 'MIRAGE00' };

/** A stable uuid per sample, so a second start finds the first one's rows and files. */
export function sampleUuid(index: number): string {
  const hex = createHash('sha256').update(`mirage-sample:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function paintSample(sample: SampleImage, seed: number): Promise<Buffer> {
  const { width, height } = RESOLUTIONS[sample.format].Standard;
  const field = renderField(defaultSceneInput(seed, sample.prompt, sample.style), width, height);
  return sharp(field.data, { raw: { width: field.width, height: field.height, channels: 3 } })
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Makes sure the 24 guest samples exist: each missing one is painted, post-processed like any image
 * (PNG, WebP, thumbnail, blurhash) and stored with its tags, owned by the curator account. Idempotent:
 * samples whose row and thumbnail exist are skipped. Runs at start in the background (main.ts).
 */
export async function ensureGuestSamples(
  db: DB,
  store: ObjectStore,
  log?: FastifyBaseLogger,
): Promise<{ created: number }> {
  const owner = await ensureCuratorAccount(db, CURATOR);
  const styles = new Map((await listStyleLibs(db)).map((row) => [row.lib, row.id]));
  let created = 0;
  for (const [index, sample] of SAMPLE_IMAGES.entries()) {
    const uuid = sampleUuid(index);
    const existing = await findImageIdByUuid(db, uuid);
    if (existing && (await store.get(imageKeys(uuid).thumbnail))) continue;
    try {
      const seed = index + 1;
      const processed = await processImage(await paintSample(sample, seed), {
        uuid,
        watermark: false,
        store,
      });
      if (existing) continue; // the files were missing; the row is there
      const tags = imageTags(
        sample.prompt,
        { style_lib: sample.style, render: sample.render, format: sample.format },
        'txt2img',
      );
      const image = {
        uuid,
        user_id: owner,
        style_id: styles.get(sample.style) ?? null,
        gen_type: 'txt2img',
        render: sample.render,
        format: sample.format,
        quality: 'Standard',
        seed,
        width: processed.width,
        height: processed.height,
        prompt: sample.prompt,
        neg_prompt: '',
        tags: tags
          .filter((tag) => tag.kind === 'prompt')
          .map((tag) => tag.name)
          .join(', '),
        // Samples have no generation data of their own (image_no_gen_data).
        gen_data: '{}',
        signature: null,
        blurhash: processed.blurhash,
        nsfw: sample.nsfw,
        is_sample: true,
      };
      await db.transaction().execute((trx) => insertImageWithTags(trx, image, tags));
      created++;
    } catch (error) {
      log?.warn({ err: error, index }, 'guest sample not created');
    }
  }
  return { created };
}
