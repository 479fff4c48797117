import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm, enqueuePaidTask, pngOf } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let base: string;
let uuid: string;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await t.services.workerAuth.issueToken('files-worker');
  owner = new Client(t.app);
  const created = await owner.post('/api/user/create', newAccount());
  const task = await enqueuePaidTask(t, (created.body.user as { id: number }).id, {
    job: { watermark: true, width: 200, height: 280 },
  });
  const lease = { engine: 'preview', max_pixels: 10_000_000, job_types: ['txt2img'], wait_seconds: 0 };
  await fetch(`${base}/api/worker/lease`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(lease),
  });
  const response = await fetch(`${base}/api/worker/jobs/${task.id}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: completeForm(await pngOf(200, 280)),
  });
  uuid = ((await response.json()) as { image_uuid: string }).image_uuid;
});
afterAll(async () => {
  await t.close();
});

const get = (client: Client | null, file: string) =>
  t.app.inject({
    method: 'GET',
    url: `/images/${file}`,
    headers: client ? { cookie: client.cookieHeader() } : {},
  });

describe('image files', () => {
  it('serves the PNG, the WebP and the thumbnail of a public image to anyone, cacheable for a day', async () => {
    for (const [file, type] of [
      [`${uuid}.png`, 'image/png'],
      [`${uuid}.webp`, 'image/webp'],
      [`${uuid}-min.webp`, 'image/webp'],
    ] as const) {
      const response = await get(null, file);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      // Not a year, not immutable: an image made private must leave caches within a day (finding L6).
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.rawPayload.length).toBeGreaterThan(50);
    }
  });

  it('serves a private image to its owner only; others get the not-found answer', async () => {
    await t.database.db.updateTable('image').set({ is_private: true }).where('uuid', '=', uuid).execute();
    const stranger = new Client(t.app);
    await stranger.post('/api/user/create', newAccount());
    for (const viewer of [null, stranger]) {
      const response = await get(viewer, `${uuid}-min.webp`);
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ detail: { code: 'image_not_found' } });
    }
    const mine = await get(owner, `${uuid}.webp`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('answers image_not_found for unknown or malformed names', async () => {
    for (const file of [
      '00000000-0000-0000-0000-000000000000.png',
      'nope.png',
      `${uuid}-min.png`,
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      const response = await get(null, file);
      expect(response.statusCode, file).toBe(404);
    }
  });
});
