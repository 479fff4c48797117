import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_AUTH_CACHE_MS } from '../../src/features/worker/service.ts';
import { enqueuePaidTask, pngOf, workerCalls } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let leaseJob: ReturnType<typeof workerCalls>['lease'];
let complete: ReturnType<typeof workerCalls>['complete'];

beforeAll(async () => {
  t = await createTestApp({ env: { LEASE_SECONDS: '30' } });
  ({ lease: leaseJob, complete } = workerCalls(await t.app.listen({ port: 0, host: '127.0.0.1' })));
});
afterAll(async () => {
  await t.close();
});

async function newUser() {
  const created = await new Client(t.app).post('/api/user/create', newAccount());
  return (created.body.user as { id: number }).id;
}

const jobsDone = async (name: string) =>
  (
    await t.database.db
      .selectFrom('worker')
      .select('jobs_done')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).jobs_done;

describe('completing a job', () => {
  it('stores one image when the same result arrives twice at the same moment', async () => {
    const token = await t.services.workerAuth.issueToken('racing-worker');
    const userId = await newUser();
    const task = await enqueuePaidTask(t, userId);
    expect((await leaseJob(token)).body.job?.id).toBe(task.id);
    const png = await pngOf(64, 88);

    const [first, second] = await Promise.all([complete(token, task.id, png), complete(token, task.id, png)]);

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.image_uuid).toBe(second.body.image_uuid);
    expect([first.body.duplicate, second.body.duplicate].sort()).toEqual([false, true]);
    const images = await t.database.db
      .selectFrom('image')
      .select('uuid')
      .where('user_id', '=', userId)
      .execute();
    expect(images).toEqual([{ uuid: first.body.image_uuid }]);
    expect(await jobsDone('racing-worker')).toBe(1);
    const finished = await t.database.db
      .selectFrom('task')
      .select(['state', 'image_id'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(finished).toEqual({ state: 9, image_id: expect.any(Number) as number });
  });

  it('refuses a result from a worker that does not hold the lease, and stores nothing', async () => {
    const holder = await t.services.workerAuth.issueToken('lease-holder');
    const other = await t.services.workerAuth.issueToken('lease-stranger');
    const userId = await newUser();
    const task = await enqueuePaidTask(t, userId);
    expect((await leaseJob(holder)).body.job?.id).toBe(task.id);

    const refused = await complete(other, task.id, await pngOf(64, 88));

    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: { code: 'task_lease_lost' } });
    const images = await t.database.db
      .selectFrom('image')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(images).toHaveLength(0);
    expect(await jobsDone('lease-stranger')).toBe(0);
  });
});

describe('worker tokens', () => {
  it('stops accepting a disabled token once the authentication cache has expired', async () => {
    const token = await t.services.workerAuth.issueToken('to-be-disabled');
    expect((await leaseJob(token)).status).toBe(200);
    await t.services.workers.setDisabled('to-be-disabled', true);
    t.clock.offsetMs = WORKER_AUTH_CACHE_MS + 1;
    try {
      const refused = await leaseJob(token);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ detail: { code: 'token_invalid' } });
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('stops accepting the old token at once when this instance issues a new one', async () => {
    const old = await t.services.workerAuth.issueToken('rotated');
    expect((await leaseJob(old)).status).toBe(200);
    const fresh = await t.services.workerAuth.issueToken('rotated');
    expect((await leaseJob(old)).status).toBe(401);
    expect((await leaseJob(fresh)).status).toBe(200);
  });
});
