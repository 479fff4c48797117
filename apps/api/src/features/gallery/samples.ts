import { createHash } from 'node:crypto';
import {
  CFG_BY_CREATIVITY,
  DEFAULT_CREATIVITY,
  GUIDE_CURATED_IMAGES,
  PROMO_CURATED_IMAGES,
  curatedImageSize,
  type CuratedImage,
} from '@mirage/domain';
import { defaultSceneInput, renderField, type SceneInput } from '@mirage/preview-renderer';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { DB } from '../../db/database.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { imageKeys, insertImageWithTags, type ImageProcessor } from '../image/index.ts';
import { imageTags } from '../tag/index.ts';
import { SAMPLE_IMAGES } from './sample-data.ts';
import { ensureCuratorAccount, findImageIdByUuid, listStyleFacts } from './sample-repository.ts';

/** Where curated images go: the store, through the image processor (which marks them like any other). */
interface CuratedFiles {
  store: ObjectStore;
  processor: Pick<ImageProcessor, 'process'>;
}

/** The account that owns the built-in pictures: no password and an unreachable address, so no sign-in. */
export const CURATOR = { username: 'mirage', email: 'curator@mirage.invalid', referral_code: 'MIRAGE00' };

/**
 * Where a curated image shows:
 * - 'guest-board': one of the guest samples, a public image flagged `is_sample` that the visitors' gallery
 *   shows (docs/product/gallery.md#boards) and signed-in users find like any public image;
 * - 'pages': a picture that only the pages naming its uuid show (the guide's comparators, the promo pages).
 *   It is stored private to the curator and flagged `curated` (migration 0018): every gallery, search,
 *   count and board leaves it out like any private image, and the image file routes serve it to anybody.
 */
export type CuratedPlacement = 'guest-board' | 'pages';

/** Every picture the guide and the promo pages show (packages/domain/src/content), painted at start. */
export const PAGE_IMAGES: readonly CuratedImage[] = [...GUIDE_CURATED_IMAGES, ...PROMO_CURATED_IMAGES];

/** A stable uuid per guest sample, so a second start finds the first one's rows and files. */
export function sampleUuid(index: number): string {
  const hex = createHash('sha256').update(`mirage-sample:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The 24 guest samples as curated images: seed = position + 1, Standard quality, Balanced. */
export const GUEST_SAMPLE_IMAGES: readonly CuratedImage[] = SAMPLE_IMAGES.map((sample, index) => ({
  uuid: sampleUuid(index),
  prompt: sample.prompt,
  style: sample.style,
  format: sample.format,
  quality: 'Standard',
  seed: index + 1,
  nsfw: sample.nsfw,
}));

/**
 * What the preview renderer paints for a curated image: its seed, prompts, style, guidance and boosters.
 * With none of the optional settings it is the renderer's default input, so the guest samples keep the
 * pixels they had before curated images were generalised.
 */
export function curatedSceneInput(image: CuratedImage): SceneInput {
  return {
    ...defaultSceneInput(image.seed, image.prompt, image.style),
    negative_prompt: image.negPrompt ?? '',
    cfg: image.cfg ?? CFG_BY_CREATIVITY[image.creativity ?? DEFAULT_CREATIVITY],
    loras: (image.boosters ?? []).map((booster) => ({ name: booster.lib, weight: booster.weight / 100 })),
  };
}

async function paint(image: CuratedImage): Promise<Buffer> {
  const { width, height } = curatedImageSize(image);
  const field = renderField(curatedSceneInput(image), width, height);
  return sharp(field.data, { raw: { width: field.width, height: field.height, channels: 3 } })
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Makes sure these curated images exist: each missing one is painted, post-processed like any image
 * (PNG, WebP, thumbnail, blurhash) and stored, owned by the curator account, placed as `placement` says.
 * Idempotent: an image whose row and thumbnail exist is skipped, and one whose row exists but whose files
 * were lost gets its files back. One image failing is logged and does not stop the others.
 */
export async function ensureCuratedImages(
  db: DB,
  { store, processor }: CuratedFiles,
  images: readonly CuratedImage[],
  placement: CuratedPlacement,
  log?: FastifyBaseLogger,
): Promise<{ created: number }> {
  const owner = await ensureCuratorAccount(db, CURATOR);
  const styles = await listStyleFacts(db);
  const onBoard = placement === 'guest-board';
  let created = 0;
  for (const curated of images) {
    const { uuid } = curated;
    const existing = await findImageIdByUuid(db, uuid);
    if (existing && (await store.get(imageKeys(uuid).thumbnail))) continue;
    try {
      const processed = await processor.process(await paint(curated), { uuid, watermark: false });
      if (existing) continue; // the files were missing; the row is there
      const style = styles.get(curated.style);
      const render = style?.render ?? null;
      // Tags serve the gallery search: only the guest board's images are searchable.
      const tags = onBoard
        ? imageTags(curated.prompt, { style_lib: curated.style, render, format: curated.format }, 'txt2img')
        : [];
      const image = {
        uuid,
        user_id: owner,
        style_id: style?.id ?? null,
        gen_type: 'txt2img',
        render,
        format: curated.format,
        quality: curated.quality,
        seed: curated.seed,
        width: processed.width,
        height: processed.height,
        prompt: curated.prompt,
        neg_prompt: curated.negPrompt ?? '',
        tags: tags
          .filter((tag) => tag.kind === 'prompt')
          .map((tag) => tag.name)
          .join(', '),
        // The service made it: no generation data of its own (image_no_gen_data).
        gen_data: '{}',
        signature: null,
        blurhash: processed.blurhash,
        perceptual_hash: processed.perceptualHash,
        nsfw: curated.nsfw,
        is_sample: onBoard,
        is_private: !onBoard,
        curated: !onBoard,
      };
      await db.transaction().execute((trx) => insertImageWithTags(trx, image, tags));
      created++;
    } catch (error) {
      log?.warn({ err: error, uuid, placement }, 'curated image not created');
    }
  }
  return { created };
}

/** The 24 guest samples (docs/product/gallery.md#boards). Runs at start in the background (main.ts). */
export function ensureGuestSamples(db: DB, files: CuratedFiles, log?: FastifyBaseLogger) {
  return ensureCuratedImages(db, files, GUEST_SAMPLE_IMAGES, 'guest-board', log);
}

/** The guide's and promo pages' pictures. Runs at start in the background, after the guest samples. */
export function ensurePageImages(db: DB, files: CuratedFiles, log?: FastifyBaseLogger) {
  return ensureCuratedImages(db, files, PAGE_IMAGES, 'pages', log);
}
