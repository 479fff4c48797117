import { randomUUID } from 'node:crypto';
import { promptTags, type ImageSafetyState } from '@mirage/domain';
import { insertImageWithTags } from '../src/features/image/repository.ts';
import { imageTags } from '../src/features/tag/image-tags.ts';
import { pngOf } from './generation-fixtures.ts';
import { Client, newAccount, type TestContext } from './harness.ts';

export interface ImageSpec {
  prompt?: string;
  style_id?: number;
  style_lib?: string;
  render?: 'hentai' | 'realistic';
  format?: 'Portrait' | 'Wide' | 'Square';
  gen_type?: string;
  is_private?: boolean;
  /** Where the image-side safety check stands (default: cleared). */
  safety_state?: ImageSafetyState;
  /** Store real files (PNG, WebP, thumbnail) too. */
  files?: boolean;
}

/** Stores a finished image with its tags as image completion does, without a worker. */
export async function addImage(t: TestContext, userId: number, spec: ImageSpec = {}) {
  const uuid = randomUUID();
  const settings = {
    style_id: spec.style_id ?? 1,
    style_lib: spec.style_lib ?? 'anime_modern',
    render: spec.render ?? 'hentai',
    format: spec.format ?? 'Portrait',
    quality: 'Standard',
    creativity: 'Balanced',
    modifiers: [{ id: 3, weight: 40 }],
  };
  const prompt = spec.prompt ?? 'a lighthouse at dusk';
  const processed = spec.files
    ? await t.services.processor.process(await pngOf(32, 44), { uuid, watermark: false })
    : { width: 32, height: 44, blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj' };
  const genType = spec.gen_type ?? 'txt2img';
  return t.database.db.transaction().execute((trx) =>
    insertImageWithTags(
      trx,
      {
        uuid,
        user_id: userId,
        style_id: settings.style_id,
        gen_type: genType,
        render: settings.render,
        format: settings.format,
        quality: 'Standard',
        seed: 42,
        width: processed.width,
        height: processed.height,
        prompt,
        neg_prompt: 'blurry',
        tags: promptTags(prompt).join(', '),
        gen_data: JSON.stringify({ ...settings, seed: 42 }),
        signature: null,
        is_private: spec.is_private ?? false,
        safety_state: spec.safety_state ?? 'clear',
        blurhash: processed.blurhash,
      },
      imageTags(prompt, settings, genType),
    ),
  );
}

/** A signed-in client and its user id. */
export async function signedIn(t: TestContext) {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  return { client, id: (created.body.user as { id: number }).id };
}

/** The id of a prompt tag by name. */
export async function tagId(t: TestContext, name: string, kind = 'prompt'): Promise<number> {
  const row = await t.database.db
    .selectFrom('tag')
    .select('id')
    .where('kind', '=', kind)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}
