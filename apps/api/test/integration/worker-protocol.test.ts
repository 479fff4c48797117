import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { imageKeys } from '../../src/features/image/post-process.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { completeForm, enqueuePaidTask, pngOf } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let base: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { LEASE_SECONDS: '30', OPERATOR_TOKEN: 'operator-token-0123456789' },
    // A waiting lease re-checks the queue only once a minute here, so a worker that gets a task within its
    // few seconds' wait was woken by the task_queued notification, not by the re-check.
    deps: { workerRecheckMs: 60_000 },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await t.services.workerAuth.issueToken('test-worker');
});
afterAll(async () => {
  await t.close();
});

const lease = {
  engine: 'preview',
  models: { checkpoints: [], loras: [], upscalers: [] },
  max_pixels: 4_000_000,
  job_types: ['txt2img', 'upscale'],
};

async function post(path: string, body: unknown, bearer = token) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function complete(taskId: string, png: Buffer, bearer = token) {
  const response = await fetch(`${base}/api/worker/jobs/${taskId}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
    body: completeForm(png, { seed: 42, model: 'preview-renderer' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function newUser() {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  return (created.body.user as { id: number }).id;
}

async function balance(userId: number) {
  const row = await t.database.db
    .selectFrom('app_user')
    .select('generation_token')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.generation_token;
}

async function drainQueue() {
  for (;;) {
    const leased = await post('/api/worker/lease', { ...lease, wait_seconds: 0 });
    const job = leased.body.job as { id: string } | null;
    if (!job) return;
    await post(`/api/worker/jobs/${job.id}/fail`, { retryable: false, message: 'drain' });
  }
}

describe('worker protocol', () => {
  it('refuses a missing or unknown worker token', async () => {
    expect((await post('/api/worker/lease', lease, '')).status).toBe(401);
    const unknown = await post('/api/worker/lease', lease, 'mw_not-a-real-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ detail: { code: 'token_invalid' } });
  });

  it('answers no job after the long-poll wait when the queue is empty', async () => {
    await drainQueue();
    const started = Date.now();
    const result = await post('/api/worker/lease', { ...lease, wait_seconds: 1 });
    expect(result.body).toEqual({ job: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('wakes a waiting worker as soon as a task is queued', async () => {
    await drainQueue();
    const client = new Client(t.app);
    await client.post('/api/user/create', newAccount());
    // The lease may wait 30 s and re-checks only once a minute: without the notification it would pick
    // the task up only at the end of its wait (its last look), so it must come back well before that.
    const waiting = post('/api/worker/lease', { ...lease, wait_seconds: 30 });
    await vi.waitUntil(() => t.services.dispatcher.waitingLeases() === 1, { timeout: 5000 });
    const created = await client.post('/api/tasks/txt2img', {
      prompt: 'a lighthouse at dusk',
      style_id: 1,
      quality: 'Standard',
      format: 'Portrait',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const queuedAt = Date.now();
    const taskId = created.body.task_id as string;
    const { body } = await waiting;
    expect((body.job as { id: string } | null)?.id).toBe(taskId);
    expect(Date.now() - queuedAt, 'woken by the notification, not at the end of its wait').toBeLessThan(
      15_000,
    );
    await post(`/api/worker/jobs/${taskId}/fail`, { retryable: false, message: 'cleanup' });
  }, 45_000);

  it('leases a fully resolved job, takes progress, and stores a completed image once', async () => {
    await drainQueue();
    const userId = await newUser();
    const task = await enqueuePaidTask(t, userId, { job: { width: 64, height: 88 } });
    const leased = await post('/api/worker/lease', { ...lease, wait_seconds: 0 });
    const job = leased.body.job as Record<string, unknown>;
    expect(job).toMatchObject({
      id: task.id,
      type: 'txt2img',
      seed: 42,
      prompt: 'a lighthouse at dusk',
      attempt: 1,
      width: 64,
      height: 88,
    });
    expect(Date.parse(job.lease_expires_at as string)).toBeGreaterThan(Date.now() + 20_000);

    const progress = await post(`/api/worker/jobs/${task.id}/progress`, { step: 2, max: 4 });
    expect(progress.status).toBe(200);
    const running = await t.database.db
      .selectFrom('task')
      .select(['state', 'progress_step', 'progress_max'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(running).toEqual({ state: 1, progress_step: 2, progress_max: 4 });

    const png = await pngOf(64, 88);
    const first = await complete(task.id, png);
    expect(first.status).toBe(200);
    expect(first.body.duplicate).toBe(false);
    const second = await complete(task.id, png);
    expect(second.body).toEqual({ image_uuid: first.body.image_uuid, duplicate: true });

    const images = await t.database.db
      .selectFrom('image')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(images).toHaveLength(1);
    const image = images[0]!;
    expect(image).toMatchObject({
      uuid: first.body.image_uuid,
      width: 64,
      height: 88,
      seed: 42,
      gen_type: 'txt2img',
    });
    expect(image.blurhash.length).toBeGreaterThanOrEqual(6);
    const keys = imageKeys(image.uuid);
    const thumbnail = await t.services.store.get(keys.thumbnail);
    expect((await sharp(thumbnail!).metadata()).format).toBe('webp');
    expect(await t.services.store.get(keys.png)).not.toBeNull();
    const done = await t.database.db
      .selectFrom('task')
      .select(['state', 'image_id'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ state: 9, image_id: image.id });
    expect(await balance(userId)).toBe(18);
  });

  it('refuses a result that is not a PNG, without losing the task: it goes back to the queue', async () => {
    await drainQueue();
    const userId = await newUser();
    const task = await enqueuePaidTask(t, userId);
    await post('/api/worker/lease', { ...lease, wait_seconds: 0 });
    const bad = await complete(task.id, Buffer.from('not an image'));
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ detail: { code: 'invalid_result', data: { reason: 'format' } } });
    const again = await post('/api/worker/lease', { ...lease, wait_seconds: 0 });
    expect(again.body.job).toMatchObject({ id: task.id, attempt: 2 });
    const good = await complete(task.id, await pngOf(64, 88));
    expect(good.status).toBe(200);
  });

  it('re-queues a retryable failure, then fails and refunds exactly once after the last attempt', async () => {
    await drainQueue();
    const userId = await newUser();
    const task = await enqueuePaidTask(t, userId, { cost: 3, maxAttempts: 2 });
    expect(await balance(userId)).toBe(17);
    await post('/api/worker/lease', { ...lease, wait_seconds: 0 });
    expect(
      (await post(`/api/worker/jobs/${task.id}/fail`, { retryable: true, message: 'engine busy' })).body,
    ).toEqual({ state: 0 });
    const again = await post('/api/worker/lease', { ...lease, wait_seconds: 0 });
    expect((again.body.job as { attempt: number }).attempt).toBe(2);
    expect(
      (await post(`/api/worker/jobs/${task.id}/fail`, { retryable: true, message: 'engine busy' })).body,
    ).toEqual({ state: 8 });
    expect(await balance(userId)).toBe(20);
    expect(
      (await post(`/api/worker/jobs/${task.id}/fail`, { retryable: false, message: 'again' })).body,
    ).toEqual({ state: 8 });
    expect(await balance(userId)).toBe(20);
    const refunds = await t.database.db
      .selectFrom('ledger_entry')
      .selectAll()
      .where('idempotency_key', '=', `refund:${task.id}`)
      .execute();
    expect(refunds).toMatchObject([
      { reason: 'task_refund', currency: 'tickets', delta: 3, ref_id: task.id },
    ]);
    expect(await ledgerDiscrepancies(t.database.db, [userId])).toEqual([]);
  });

  it('re-queues a task whose lease expired and refunds once when attempts run out', async () => {
    await drainQueue();
    const userId = await newUser();
    const task = await enqueuePaidTask(t, userId, { cost: 2, maxAttempts: 2 });
    await post('/api/worker/lease', { ...lease, wait_seconds: 0 });
    t.clock.offsetMs = 31_000;
    try {
      await t.services.lifecycle.reapExpiredLeases();
      const requeued = await t.database.db
        .selectFrom('task')
        .select(['state', 'attempts'])
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
      expect(requeued).toEqual({ state: 0, attempts: 1 });
      await post('/api/worker/lease', { ...lease, wait_seconds: 0 });
      t.clock.offsetMs = 62_000;
      await t.services.lifecycle.reapExpiredLeases();
      await t.services.lifecycle.reapExpiredLeases();
      const failed = await t.database.db
        .selectFrom('task')
        .select(['state', 'refunded'])
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
      expect(failed).toEqual({ state: 8, refunded: true });
      expect(await balance(userId)).toBe(20);
      // A late result from the dead worker is refused, not stored.
      const late = await complete(task.id, await pngOf(64, 88));
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ detail: { code: 'task_lease_lost' } });
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('gives each of several concurrent workers a different task', async () => {
    await drainQueue();
    const userId = await newUser();
    const tasks = await Promise.all([1, 2, 3, 4].map(() => enqueuePaidTask(t, userId, { cost: 1 })));
    const tokens = await Promise.all(
      [1, 2, 3, 4].map((n) => t.services.workerAuth.issueToken(`parallel-${n}`)),
    );
    const leased = await Promise.all(
      tokens.map((bearer) => post('/api/worker/lease', { ...lease, wait_seconds: 0 }, bearer)),
    );
    const ids = leased.map((result) => (result.body.job as { id: string }).id);
    expect(new Set(ids).size).toBe(4);
    expect(new Set(ids)).toEqual(new Set(tasks.map((task) => task.id)));
  });

  it('orders the queue by lane: fast before normal before eco', async () => {
    await drainQueue();
    const userId = await newUser();
    const eco = await enqueuePaidTask(t, userId, { cost: 0, lane: 'eco' });
    const normal = await enqueuePaidTask(t, userId, { cost: 0, lane: 'normal' });
    const fast = await enqueuePaidTask(t, userId, { cost: 0, lane: 'fast' });
    const order: string[] = [];
    for (let i = 0; i < 3; i++)
      order.push(
        ((await post('/api/worker/lease', { ...lease, wait_seconds: 0 })).body.job as { id: string }).id,
      );
    expect(order).toEqual([fast.id, normal.id, eco.id]);
  });

  it('shows workers and the queue to the operator only', async () => {
    const denied = await fetch(`${base}/api/worker/status`);
    expect(denied.status).toBe(403);
    const status = await fetch(`${base}/api/worker/status`, {
      headers: { authorization: 'Bearer operator-token-0123456789' },
    });
    const body = (await status.json()) as {
      workers: { name: string; jobs_done: number }[];
      queue: { queued: number };
    };
    expect(body.workers.find((worker) => worker.name === 'test-worker')?.jobs_done).toBeGreaterThanOrEqual(2);
    expect(typeof body.queue.queued).toBe('number');
  });
});
