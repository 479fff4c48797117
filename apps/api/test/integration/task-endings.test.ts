import { parseDomainEvent, TASK_STATE, type DomainEvent } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredJob } from '../../src/db/schema/generation.ts';
import { completeForm, enqueuePaidTask, pngOf } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * Every task ends once, through one completion unit per outcome (task/completion.ts): done, failed or
 * expired, each writing its outbox event in the same statement or transaction as the task's end. A
 * repeated end (the same result sent again, a second failure report, a second reaper pass) writes no
 * second event; a retry that queues the task again is no end and writes none.
 */
let t: TestContext;
let base: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LEASE_SECONDS: '30' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await t.services.workerAuth.issueToken('ending-worker');
});
afterAll(async () => {
  await t.close();
});

const leaseBody = {
  engine: 'preview',
  models: { checkpoints: [], loras: [], upscalers: [] },
  max_pixels: 16_000_000,
  job_types: ['txt2img', 'upscale'],
  wait_seconds: 0,
};

async function call(path: string, body: FormData | object) {
  const form = body instanceof FormData;
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const lease = async () => (await call('/api/worker/lease', leaseBody)).body.job as { id: string } | null;
const complete = async (id: string, png: Buffer) =>
  call(`/api/worker/jobs/${id}/complete`, completeForm(png, { seed: 42 }));
const fail = (id: string, retryable: boolean) =>
  call(`/api/worker/jobs/${id}/fail`, { retryable, message: 'out of memory' });

/** Queues one paid task for a new user and leases it. */
async function leased(job: Partial<StoredJob> = {}, options: { maxAttempts?: number } = {}) {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  const userId = (created.body.user as { id: number }).id;
  const task = await enqueuePaidTask(t, userId, { job, ...options });
  expect((await lease())?.id).toBe(task.id);
  return { userId, client, task };
}

/** The outbox events about one task, checked against their domain schema. */
async function eventsOf(taskId: string): Promise<DomainEvent[]> {
  const rows = await t.database.db
    .selectFrom('outbox')
    .select(['type', 'payload'])
    .where('type', 'like', 'task.%')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => parseDomainEvent(row.type, row.payload))
    .filter((event) => 'taskId' in event.payload && event.payload.taskId === taskId);
}

const imageIdOf = async (uuid: string) =>
  (await t.database.db.selectFrom('image').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow())
    .id;

describe('how a task ends', () => {
  it('done with a new image: one task.done with the image, however often the result is sent', async () => {
    const { userId, task } = await leased();
    const png = await pngOf(64, 88);
    const first = await complete(task.id, png);
    const again = await complete(task.id, png);
    expect(first.body).toMatchObject({ duplicate: false });
    expect(again.body).toEqual({ image_uuid: first.body.image_uuid, duplicate: true });

    const imageId = await imageIdOf(first.body.image_uuid as string);
    expect(await eventsOf(task.id)).toEqual([
      { type: 'task.done', payload: { taskId: task.id, userId, jobType: 'txt2img', imageId } },
    ]);
  });

  it('done on the source image (upscale): one task.done naming that image', async () => {
    const { userId, client, task } = await leased();
    const made = await complete(task.id, await pngOf(64, 88));
    const uuid = made.body.image_uuid as string;
    const upscale = await client.post(`/api/tasks/${uuid}/upscale`, {});
    expect(upscale.status, JSON.stringify(upscale.body)).toBe(200);
    const job = await lease();
    expect(job?.id).toBe(upscale.body.task_id);
    const doubled = await pngOf(128, 176);
    expect((await complete(job!.id, doubled)).body).toEqual({ image_uuid: uuid, duplicate: false });
    expect((await complete(job!.id, doubled)).body).toEqual({ image_uuid: uuid, duplicate: true });

    expect(await eventsOf(job!.id)).toEqual([
      {
        type: 'task.done',
        payload: { taskId: job!.id, userId, jobType: 'upscale', imageId: await imageIdOf(uuid) },
      },
    ]);
  });

  it('failed: one task.failed with its refund, and none while the task is only retried', async () => {
    const { userId, task } = await leased({}, { maxAttempts: 2 });
    expect((await fail(task.id, true)).body).toEqual({ state: TASK_STATE.Queue });
    expect(await eventsOf(task.id)).toEqual([]);

    expect((await lease())?.id).toBe(task.id);
    expect((await fail(task.id, false)).body).toEqual({ state: TASK_STATE.Fail });
    expect((await fail(task.id, false)).body).toEqual({ state: TASK_STATE.Fail });

    expect(await eventsOf(task.id)).toEqual([
      { type: 'task.failed', payload: { taskId: task.id, userId, jobType: 'txt2img', refunded: true } },
    ]);
  });

  it('expired: one task.expired when the last lease runs out, however often the reaper looks', async () => {
    const { userId, task } = await leased({}, { maxAttempts: 1 });
    t.clock.offsetMs += 31_000;
    try {
      await t.services.lifecycle.reapExpiredLeases();
      await t.services.lifecycle.reapExpiredLeases();
    } finally {
      t.clock.offsetMs -= 31_000;
    }
    const row = await t.database.db
      .selectFrom('task')
      .select(['state', 'refunded'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: TASK_STATE.Fail, refunded: true });
    expect(await eventsOf(task.id)).toEqual([
      { type: 'task.expired', payload: { taskId: task.id, userId, jobType: 'txt2img', refunded: true } },
    ]);
    // The same end reported by the worker afterwards changes nothing.
    expect((await fail(task.id, false)).body).toEqual({ state: TASK_STATE.Fail });
    expect(await eventsOf(task.id)).toHaveLength(1);
  });
});
