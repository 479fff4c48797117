import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm, enqueuePaidTask, pngOf } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let base: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await t.services.workerAuth.issueToken('tagging-worker');
});
afterAll(async () => {
  await t.close();
});

async function generate(userId: number, prompt: string, settings: Record<string, unknown> = {}) {
  const task = await enqueuePaidTask(t, userId, { job: { prompt }, settings });
  const response = await fetch(`${base}/api/worker/lease`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      engine: 'preview',
      max_pixels: 4_000_000,
      job_types: ['txt2img'],
      wait_seconds: 0,
    }),
  });
  expect(((await response.json()) as { job: { id: string } }).job.id).toBe(task.id);
  const completed = await fetch(`${base}/api/worker/jobs/${task.id}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: completeForm(await pngOf(64, 88)),
  });
  const { image_uuid: uuid } = (await completed.json()) as { image_uuid: string };
  return t.database.db
    .selectFrom('image')
    .select(['tag_ids', 'tags'])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
}

const tagsOf = (ids: number[]) =>
  t.database.db
    .selectFrom('tag')
    .select(['kind', 'name', 'usage_count'])
    .where('id', 'in', ids)
    .orderBy('kind')
    .orderBy('name')
    .execute();

describe('tags at image creation', () => {
  it('stores the prompt tags and the style, render, format and generation type system tags with the image', async () => {
    const created = await new Client(t.app).post('/api/user/create', newAccount());
    const userId = (created.body.user as { id: number }).id;

    const image = await generate(userId, 'Lighthouse at dusk, (storm clouds:1.3), lighthouse, blue_sky');

    expect(image.tags).toBe('lighthouse at dusk, storm clouds, lighthouse, blue sky');
    expect(await tagsOf(image.tag_ids)).toEqual([
      { kind: 'format', name: 'portrait', usage_count: 1 },
      { kind: 'gen_type', name: 'txt2img', usage_count: 1 },
      { kind: 'prompt', name: 'blue sky', usage_count: 1 },
      { kind: 'prompt', name: 'lighthouse', usage_count: 1 },
      { kind: 'prompt', name: 'lighthouse at dusk', usage_count: 1 },
      { kind: 'prompt', name: 'storm clouds', usage_count: 1 },
      { kind: 'render', name: 'hentai', usage_count: 1 },
      { kind: 'style', name: 'anime_modern', usage_count: 1 },
    ]);
    expect([...image.tag_ids].sort((a, b) => a - b)).toEqual(image.tag_ids);
  });

  it('counts a tag once more for each image that carries it, also when images finish together', async () => {
    const created = await new Client(t.app).post('/api/user/create', newAccount());
    const userId = (created.body.user as { id: number }).id;
    const before = await t.database.db
      .selectFrom('tag')
      .select('usage_count')
      .where('kind', '=', 'prompt')
      .where('name', '=', 'lighthouse')
      .executeTakeFirstOrThrow();

    const images = await Promise.all(
      ['lighthouse, harbour', 'harbour, lighthouse', 'lighthouse'].map((prompt) =>
        generate(userId, prompt, { format: 'Square' }),
      ),
    );

    const after = await t.database.db
      .selectFrom('tag')
      .select(['name', 'usage_count'])
      .where('kind', 'in', ['prompt', 'format'])
      .where('name', 'in', ['lighthouse', 'harbour', 'square'])
      .orderBy('name')
      .execute();
    expect(after).toEqual([
      { name: 'harbour', usage_count: 2 },
      { name: 'lighthouse', usage_count: before.usage_count + 3 },
      { name: 'square', usage_count: 3 },
    ]);
    expect(images.every((image) => image.tag_ids.length >= 4)).toBe(true);
  });
});
