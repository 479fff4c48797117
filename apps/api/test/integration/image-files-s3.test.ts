import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePaidTask, pngOf, previewLease, workerCalls } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';
import { listKeys, startFakeS3, type FakeS3 } from '../s3-server.ts';

/**
 * The image files on S3 (docs/architecture/storage.md), through the whole API: the configuration points
 * the app at a bucket of a real S3-compatible server, the image-processing threads write the files there,
 * the file routes read them back behind the access check, and deleting the image removes every key it had
 * (the PNG, the WebP, the thumbnail and both ×2 files), as a listing of the bucket shows.
 */
let s3: FakeS3;
let t: TestContext;
let worker: ReturnType<typeof workerCalls>;
let token: string;
let owner: Client;
let uuid: string;

const lease = { ...previewLease, job_types: ['txt2img', 'upscale'] };
const keysOf = (image: string) => listKeys(s3.endpoint, s3.bucket, `images/${image}`);

beforeAll(async () => {
  s3 = await startFakeS3();
  // IMAGE_THREADS: the files are written by an image-processing thread, as in production.
  t = await createTestApp({ env: { ...s3.env, IMAGE_THREADS: '1' } });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  worker = workerCalls(base);
  token = await t.services.workerAuth.issueToken('s3-worker');
  owner = new Client(t.app);
  const created = await owner.post('/api/user/create', newAccount());
  const task = await enqueuePaidTask(t, (created.body.user as { id: number }).id, {
    job: { watermark: true, width: 640, height: 880 },
  });
  expect((await worker.lease(token, lease)).body.job?.id).toBe(task.id);
  const done = await worker.complete(token, task.id, await pngOf(640, 880));
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  uuid = done.body.image_uuid as string;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const file = (client: Client | null, name: string) =>
  t.app.inject({
    method: 'GET',
    url: `/images/${name}`,
    headers: client ? { cookie: client.cookieHeader() } : {},
  });

describe('image files on S3', () => {
  it('stores the PNG, the WebP and the thumbnail in the bucket, and serves them from there', async () => {
    expect(await keysOf(uuid)).toEqual([
      `images/${uuid}-min.webp`,
      `images/${uuid}.png`,
      `images/${uuid}.webp`,
    ]);
    const thumbnail = await file(null, `${uuid}-min.webp`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.equals((await t.services.store.get(`images/${uuid}-min.webp`))!)).toBe(true);
  });

  it('keeps a private image behind the access check: its owner gets it, nobody else', async () => {
    await t.database.db.updateTable('image').set({ is_private: true }).where('uuid', '=', uuid).execute();
    try {
      expect((await file(null, `${uuid}.png`)).statusCode).toBe(404);
      const mine = await file(owner, `${uuid}.png`);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
    } finally {
      await t.database.db.updateTable('image').set({ is_private: false }).where('uuid', '=', uuid).execute();
    }
  });

  it('adds the ×2 files of an upscale to the bucket', async () => {
    const upscale = await owner.post(`/api/tasks/${uuid}/upscale`, {});
    expect(upscale.status, JSON.stringify(upscale.body)).toBe(200);
    const job = (await worker.lease(token, lease)).body.job;
    expect(job?.id).toBe(upscale.body.task_id);
    expect((await worker.complete(token, job!.id, await pngOf(1280, 1760))).status).toBe(200);
    expect(await keysOf(uuid)).toEqual([
      `images/${uuid}-min.webp`,
      `images/${uuid}-upscaled.png`,
      `images/${uuid}-upscaled.webp`,
      `images/${uuid}.png`,
      `images/${uuid}.webp`,
    ]);
    expect((await file(null, `${uuid}-upscaled.webp`)).statusCode).toBe(200);
  });

  it('removes every key of the image from the bucket when its owner deletes it', async () => {
    const before = await listKeys(s3.endpoint, s3.bucket);
    expect(before.filter((key) => key.includes(uuid))).toHaveLength(5);
    const deleted = await owner.request('DELETE', `/api/image/${uuid}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const after = await listKeys(s3.endpoint, s3.bucket);
    expect(after.filter((key) => key.includes(uuid))).toEqual([]);
    // Only the image's own keys went: whatever else the bucket holds (previews, samples) is still there.
    expect(after).toEqual(before.filter((key) => !key.includes(uuid)));
    expect((await file(owner, `${uuid}.png`)).statusCode).toBe(404);
  });
});
