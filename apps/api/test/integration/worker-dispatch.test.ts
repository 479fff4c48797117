import { TASK_STATE } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePaidTask, previewLease, workerCalls } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * What the dispatcher hands out: only the job types a worker declares, and nothing to a worker that hung
 * up. The re-check timer is a minute long here, so that only the events under test — the hang-up, a task
 * being queued — can end a wait.
 */
let t: TestContext;
let base: string;
let worker: ReturnType<typeof workerCalls>;

beforeAll(async () => {
  t = await createTestApp({ env: { LEASE_SECONDS: '30' }, deps: { workerRecheckMs: 60_000 } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  worker = workerCalls(base);
});
afterAll(async () => {
  await t.close();
});

async function newUser() {
  const created = await new Client(t.app).post('/api/user/create', newAccount());
  return (created.body.user as { id: number }).id;
}

const stateOf = async (taskId: string) =>
  (await t.database.db.selectFrom('task').select('state').where('id', '=', taskId).executeTakeFirstOrThrow())
    .state;

/** Resolves once `condition` holds, checking on every turn of the event loop (no fixed sleep). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the dispatcher', () => {
  it('hands a worker only the job types it declares; a tweak is leased in the state Tweak', async () => {
    const token = await t.services.workerAuth.issueToken('inpaint-worker');
    const task = await enqueuePaidTask(t, await newUser(), { job: { type: 'inpaint', denoise: 0.75 } });

    const txt2imgOnly = await worker.lease(token, { ...previewLease, job_types: ['txt2img'] });
    expect(txt2imgOnly).toEqual({ status: 200, body: { job: null } });
    expect(await stateOf(task.id)).toBe(TASK_STATE.Queue);

    const inpaint = await worker.lease(token, { ...previewLease, job_types: ['inpaint'] });
    expect(inpaint.body.job).toMatchObject({
      id: task.id,
      type: 'inpaint',
      denoise: 0.75,
      mask_image_url: `/api/worker/jobs/${task.id}/mask`,
    });
    expect(await stateOf(task.id)).toBe(TASK_STATE.Tweak);
    await t.database.db.deleteFrom('task').where('id', '=', task.id).execute();
  });

  it('stops waiting for a worker that hung up, and leaves the next task to another one', async () => {
    const gone = await t.services.workerAuth.issueToken('hung-up-worker');
    const other = await t.services.workerAuth.issueToken('waiting-worker');
    const hangUp = new AbortController();
    const polling = fetch(`${base}/api/worker/lease`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gone}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...previewLease, wait_seconds: 25 }),
      signal: hangUp.signal,
    }).catch(() => 'hung up');
    await until(() => t.services.dispatcher.waitingLeases() === 1);

    hangUp.abort();
    expect(await polling).toBe('hung up');
    await until(() => t.services.dispatcher.waitingLeases() === 0);

    const task = await enqueuePaidTask(t, await newUser());
    expect((await worker.lease(other)).body.job?.id).toBe(task.id);
  });
});
