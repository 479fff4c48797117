import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATE } from '@mirage/domain';
import { enqueuePaidTask, pngOf, previewLease, workerCalls } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let worker: ReturnType<typeof workerCalls>;

beforeAll(async () => {
  t = await createTestApp({ env: { LEASE_SECONDS: '30' } });
  worker = workerCalls(await t.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  await t.close();
});

async function newUser() {
  const created = await new Client(t.app).post('/api/user/create', newAccount());
  return (created.body.user as { id: number }).id;
}

const taskRow = (id: string) =>
  t.database.db
    .selectFrom('task')
    .innerJoin('worker', 'worker.id', 'task.worker_id')
    .select(['task.state', 'task.attempts', 'worker.name'])
    .where('task.id', '=', id)
    .executeTakeFirst();

const askNext = { lease: JSON.stringify(previewLease) };

describe('next job handed over with a completion', () => {
  it('answers the result and the next queued job, leased to the same worker; null when none is left', async () => {
    const token = await t.services.workerAuth.issueToken('handover-worker');
    const userId = await newUser();
    const first = await enqueuePaidTask(t, userId);
    const second = await enqueuePaidTask(t, userId);
    expect((await worker.lease(token)).body.job?.id).toBe(first.id);

    const done = await worker.complete(token, first.id, await pngOf(64, 88), askNext);

    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ image_uuid: expect.any(String) as string, duplicate: false });
    expect((done.body.next_job as { id: string; attempt: number }).id).toBe(second.id);
    expect((done.body.next_job as { attempt: number }).attempt).toBe(1);
    expect(await taskRow(second.id)).toEqual({
      state: TASK_STATE.Generate,
      attempts: 1,
      name: 'handover-worker',
    });

    const last = await worker.complete(token, second.id, await pngOf(64, 88), askNext);
    expect(last.status).toBe(200);
    expect(last.body.next_job).toBeNull();
    // Without the field the answer is as before.
    expect(Object.keys(done.body).sort()).toEqual(['duplicate', 'image_uuid', 'next_job']);
  });

  it('refuses a malformed lease field before storing anything; the task keeps its lease', async () => {
    const token = await t.services.workerAuth.issueToken('handover-malformed');
    const task = await enqueuePaidTask(t, await newUser());
    expect((await worker.lease(token)).body.job?.id).toBe(task.id);

    const refused = await worker.complete(token, task.id, await pngOf(64, 88), {
      lease: JSON.stringify({ ...previewLease, job_types: [] }),
    });

    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: { code: 'validation_error' } });
    expect((await taskRow(task.id))?.state).toBe(TASK_STATE.Generate);
    expect((await worker.complete(token, task.id, await pngOf(64, 88))).status).toBe(200);
  });
});

describe('a lease remembered by the instance that gave it', () => {
  it('does not let a worker whose lease expired store its result after the task went to another', async () => {
    const slow = await t.services.workerAuth.issueToken('slow-worker');
    const quick = await t.services.workerAuth.issueToken('quick-worker');
    const userId = await newUser();
    const task = await enqueuePaidTask(t, userId);
    expect((await worker.lease(slow)).body.job?.id).toBe(task.id);
    t.clock.offsetMs = 31_000;
    try {
      await t.services.lifecycle.reapExpiredLeases();
      expect((await worker.lease(quick)).body.job?.id).toBe(task.id);

      const late = await worker.complete(slow, task.id, await pngOf(64, 88));
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ detail: { code: 'task_lease_lost' } });

      const stored = await worker.complete(quick, task.id, await pngOf(64, 88));
      expect(stored.status).toBe(200);
      const images = await t.database.db
        .selectFrom('image')
        .select('uuid')
        .where('user_id', '=', userId)
        .execute();
      expect(images).toEqual([{ uuid: stored.body.image_uuid }]);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('what a worker is given', () => {
  const leaseWith = (token: string, overrides: Record<string, unknown>) =>
    worker.lease(token, { ...previewLease, ...overrides });

  it('only a job it can run: job type, size, and a checkpoint it has (upscales need none)', async () => {
    const token = await t.services.workerAuth.issueToken('picky-worker');
    const userId = await newUser();
    // 64×88 = 5,632 pixels on mirage-anime.safetensors (the sample job).
    const task = await enqueuePaidTask(t, userId);
    expect((await leaseWith(token, { job_types: ['upscale'] })).body.job).toBeNull();
    expect((await leaseWith(token, { max_pixels: 5_631 })).body.job).toBeNull();
    const otherModel = { checkpoints: ['other.safetensors'], loras: [], upscalers: [] };
    expect((await leaseWith(token, { models: otherModel })).body.job).toBeNull();
    const withModel = {
      checkpoints: ['other.safetensors', 'mirage-anime.safetensors'],
      loras: [],
      upscalers: [],
    };
    expect((await leaseWith(token, { models: withModel, max_pixels: 5_632 })).body.job?.id).toBe(task.id);

    const upscale = await enqueuePaidTask(t, userId, { job: { type: 'upscale', checkpoint: '' } });
    expect((await leaseWith(token, { models: otherModel, job_types: ['upscale'] })).body.job?.id).toBe(
      upscale.id,
    );
  });

  it('the oldest free job of a long queue, past the ones other workers hold', async () => {
    const first = await t.services.workerAuth.issueToken('backlog-first');
    const second = await t.services.workerAuth.issueToken('backlog-second');
    const userId = await newUser();
    const tasks = [];
    for (let n = 0; n < 30; n++) tasks.push(await enqueuePaidTask(t, userId, { cost: 0 }));
    const leased = [];
    for (let n = 0; n < 10; n++) leased.push((await worker.lease(first)).body.job?.id);
    expect(leased).toEqual(tasks.slice(0, 10).map((task) => task.id));
    expect((await worker.lease(second)).body.job?.id).toBe(tasks[10]!.id);
    // Give the rest out so the next tests start from an empty queue.
    for (let n = 11; n < 30; n++) expect((await worker.lease(second)).body.job?.id).toBe(tasks[n]!.id);
  });
});
