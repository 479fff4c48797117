import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredJob } from '../../src/db/schema/generation.ts';
import { completeForm, enqueuePaidTask, pngOf } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * A worker's result is checked against its job before anything is decoded or stored (abuse findings
 * M6): a PNG of exactly the size the job produces, and metadata the API can store. An invalid result
 * answers 422 invalid_result and ends the attempt (the task goes back to the queue, or fails and is
 * refunded after its last attempt). A worker never learns about a task another worker finished (L8).
 */
let t: TestContext;
let base: string;
let first: string;
let second: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LEASE_SECONDS: '30' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  first = await t.services.workerAuth.issueToken('result-worker-1');
  second = await t.services.workerAuth.issueToken('result-worker-2');
});
afterAll(async () => {
  await t.close();
});
// Tests that refuse a result leave their task queued for another attempt: none is left for the next test.
afterEach(async () => {
  for (let job = await lease(); job; job = await lease()) await fail(job.id);
});

const leaseBody = {
  engine: 'preview',
  models: { checkpoints: [], loras: [], upscalers: [] },
  max_pixels: 16_000_000,
  job_types: ['txt2img', 'upscale'],
  wait_seconds: 0,
};

async function call(path: string, token: string, body: FormData | object) {
  const form = body instanceof FormData;
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const lease = async (token = first) =>
  (await call('/api/worker/lease', token, leaseBody)).body.job as { id: string; attempt: number } | null;
const complete = (id: string, png: Buffer, metadata: Record<string, unknown> = { seed: 42 }, token = first) =>
  call(`/api/worker/jobs/${id}/complete`, token, completeForm(png, metadata));
const fail = (id: string, token = first) =>
  call(`/api/worker/jobs/${id}/fail`, token, { retryable: false, message: 'gave up' });

/** Queues one paid task for a new user and leases it with the first worker. */
async function leased(job: Partial<StoredJob> = {}, options: { maxAttempts?: number } = {}) {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  const userId = (created.body.user as { id: number }).id;
  const task = await enqueuePaidTask(t, userId, { job, ...options });
  expect((await lease())?.id).toBe(task.id);
  return { userId, client, task };
}

const taskRow = (id: string) =>
  t.database.db
    .selectFrom('task')
    .select(['state', 'attempts', 'worker_id', 'refunded', 'error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const balanceOf = async (userId: number) =>
  (
    await t.database.db
      .selectFrom('app_user')
      .select('generation_token')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).generation_token;
const imagesOf = (userId: number) =>
  t.database.db.selectFrom('image').select(['uuid', 'seed']).where('user_id', '=', userId).execute();

/** A PNG signature and an IHDR chunk claiming this size, then a few bytes: a "PNG bomb" header. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    length,
    Buffer.from('IHDR', 'latin1'),
    ihdr,
    Buffer.alloc(4),
    Buffer.alloc(64, 7),
  ]);
}

describe('the size of a result', () => {
  it('refuses a 1x1 PNG for a 64x88 job with invalid_result and gives the attempt back to the queue', async () => {
    const { userId, task } = await leased();

    const refused = await complete(task.id, await pngOf(1, 1));

    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      detail: { code: 'invalid_result', data: { reason: 'size', expected: '64x88', received: '1x1' } },
    });
    expect(await imagesOf(userId)).toEqual([]);
    expect(await taskRow(task.id)).toMatchObject({ state: 0, attempts: 1, worker_id: null });
    // The same upload again: the attempt is over.
    expect((await complete(task.id, await pngOf(1, 1))).body).toEqual({
      detail: { code: 'task_lease_lost' },
    });
    // The next attempt, with the right size, is stored.
    const again = await lease();
    expect(again).toMatchObject({ id: task.id, attempt: 2 });
    expect((await complete(task.id, await pngOf(64, 88))).status).toBe(200);
    expect(await imagesOf(userId)).toHaveLength(1);
  });

  it('reads the size from the PNG header and refuses a 16000x16000 claim without decoding it', async () => {
    const { task } = await leased();
    const process = vi.spyOn(t.services.processor, 'process');
    try {
      const refused = await complete(task.id, pngHeader(16_000, 16_000));
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        detail: {
          code: 'invalid_result',
          data: { reason: 'size', expected: '64x88', received: '16000x16000' },
        },
      });
      expect(process).not.toHaveBeenCalled();
    } finally {
      process.mockRestore();
    }
  });

  it('refuses what is not a PNG, or a PNG header over garbage, as invalid_result', async () => {
    const { task } = await leased();
    const text = await complete(task.id, Buffer.from('not an image'));
    expect(text.status).toBe(422);
    expect(text.body).toEqual({ detail: { code: 'invalid_result', data: { reason: 'format' } } });

    expect((await lease())?.id).toBe(task.id);
    const garbage = await complete(task.id, pngHeader(64, 88));
    expect(garbage.status).toBe(422);
    expect(garbage.body).toEqual({ detail: { code: 'invalid_result', data: { reason: 'format' } } });
    expect(await taskRow(task.id)).toMatchObject({ state: 0, attempts: 2 });
  });

  it('expects the hires size, doubled when the job upscales', async () => {
    const hires = { factor: 1.625, width: 104, height: 143, steps: 2, denoise: 0.5 };
    const { userId, task } = await leased({ hires, upscale: { factor: 2, model: 'RealESRGAN_x4plus.pth' } });
    const wrong = await complete(task.id, await pngOf(104, 143));
    expect(wrong.body).toEqual({
      detail: { code: 'invalid_result', data: { reason: 'size', expected: '208x286', received: '104x143' } },
    });
    expect((await lease())?.id).toBe(task.id);
    expect((await complete(task.id, await pngOf(208, 286))).status).toBe(200);
    expect(await imagesOf(userId)).toHaveLength(1);
  });

  it('expects the source image doubled for an upscale job', async () => {
    const { client, task } = await leased();
    const made = await complete(task.id, await pngOf(64, 88));
    const upscale = await client.post(`/api/tasks/${made.body.image_uuid as string}/upscale`, {});
    expect(upscale.status, JSON.stringify(upscale.body)).toBe(200);
    const job = await lease();
    expect(job?.id).toBe(upscale.body.task_id);

    const same = await complete(job!.id, await pngOf(64, 88));
    expect(same.body).toEqual({
      detail: { code: 'invalid_result', data: { reason: 'size', expected: '128x176', received: '64x88' } },
    });
    expect((await lease())?.id).toBe(job!.id);
    const doubled = await complete(job!.id, await pngOf(128, 176));
    expect(doubled.body).toEqual({ image_uuid: made.body.image_uuid, duplicate: false });
  });

  it('fails and refunds an upscale whose image its owner deleted while it ran', async () => {
    const { userId, client, task } = await leased();
    const made = await complete(task.id, await pngOf(64, 88));
    const uuid = made.body.image_uuid as string;
    const upscale = await client.post(`/api/tasks/${uuid}/upscale`, {});
    const job = await lease();
    expect(job?.id).toBe(upscale.body.task_id);
    const before = await balanceOf(userId);
    expect((await client.request('DELETE', `/api/image/${uuid}`)).status).toBe(200);

    const answer = await complete(job!.id, await pngOf(128, 176));

    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ detail: { code: 'image_not_found' } });
    expect(await taskRow(job!.id)).toMatchObject({ state: 8, refunded: true });
    expect(await balanceOf(userId)).toBe(before + (upscale.body.cost as number));
    expect(await t.services.store.get(`images/${uuid}-upscaled.png`)).toBeNull();
  });

  it('fails the task and refunds it once when the last attempt sends an invalid result', async () => {
    const { userId, task } = await leased({}, { maxAttempts: 2 });
    expect((await complete(task.id, await pngOf(8, 8))).status).toBe(422);
    expect((await lease())?.id).toBe(task.id);
    expect((await complete(task.id, await pngOf(8, 8))).status).toBe(422);
    expect(await taskRow(task.id)).toMatchObject({ state: 8, refunded: true });
    expect(await balanceOf(userId)).toBe(20);
  });
});

describe('the metadata of a result', () => {
  it('stores the job seed or another valid seed', async () => {
    const { userId, task } = await leased();
    expect(
      (await complete(task.id, await pngOf(64, 88), { seed: 7, model: 'SDXL/base (v1).safetensors' })).status,
    ).toBe(200);
    expect(await imagesOf(userId)).toEqual([{ uuid: expect.any(String) as string, seed: 7 }]);
  });

  it.each([{ seed: -5 }, { seed: 0 }, { seed: 4_294_967_296 }, { seed: 1.5 }])(
    'refuses the malformed metadata %j with validation_error, and keeps the lease for a corrected result',
    async (metadata) => {
      const { userId, task } = await leased();
      const refused = await complete(task.id, await pngOf(64, 88), metadata);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: { code: 'validation_error', data: { field: 'metadata' } } });
      expect(await imagesOf(userId)).toEqual([]);
      expect((await complete(task.id, await pngOf(64, 88), { seed: 42 })).status).toBe(200);
    },
  );

  it.each(['<img src=x onerror=alert(1)>', 'line\nbreak', ' ', 'bidi\u202eoverride'])(
    'refuses the model name %j as invalid_result',
    async (model) => {
      const { userId, task } = await leased();
      const refused = await complete(task.id, await pngOf(64, 88), { seed: 42, model });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ detail: { code: 'invalid_result', data: { reason: 'model' } } });
      expect(await imagesOf(userId)).toEqual([]);
      expect(await taskRow(task.id)).toMatchObject({ state: 0, attempts: 1 });
    },
  );
});

describe("another worker's task", () => {
  it('answers task_lease_lost to complete and fail once another worker finished it, never its image', async () => {
    const { task } = await leased();
    const png = await pngOf(64, 88);
    const done = await complete(task.id, png);
    expect(done.status).toBe(200);

    const stranger = await complete(task.id, png, { seed: 42 }, second);
    expect(stranger.status).toBe(409);
    expect(stranger.body).toEqual({ detail: { code: 'task_lease_lost' } });
    const strangerFail = await fail(task.id, second);
    expect(strangerFail.status).toBe(409);
    expect(strangerFail.body).toEqual({ detail: { code: 'task_lease_lost' } });

    // The worker that finished it repeats itself: the same answer, nothing stored twice.
    expect((await complete(task.id, png)).body).toEqual({
      image_uuid: done.body.image_uuid,
      duplicate: true,
    });
    expect((await fail(task.id)).body).toEqual({ state: 9 });
  });

  it('answers task_lease_lost to fail on a task that another worker failed', async () => {
    const { task } = await leased();
    expect((await fail(task.id)).body).toEqual({ state: 8 });
    expect((await fail(task.id, second)).body).toEqual({ detail: { code: 'task_lease_lost' } });
  });
});
