import { TASK_STATE, type Role } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalances } from '../../src/features/ledger/index.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { enqueuePaidTask, previewLease } from '../generation-fixtures.ts';
import { signedIn } from '../gallery-fixtures.ts';
import { codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * Revoking a worker in the console (docs/product/moderation-console.md#workers) releases the jobs it holds
 * at once, through the reaper's unit: the task is queued again in its place for another worker, its
 * owner's balances do not move (no refund, no second debit), and the revoked worker's reports are refused.
 */
let t: TestContext;
beforeAll(async () => {
  // A long lease: only the release can put the task back within the test.
  t = await createTestApp({ env: { LEASE_SECONDS: '600' } });
});
afterAll(async () => {
  await t.close();
});

async function staff(role: Role) {
  const account = await signedIn(t);
  await t.services.mod.roles.setRole(account.id, role);
  return account;
}

const workerPost = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

async function lease(token: string): Promise<{ id: string } | null> {
  const answer = await workerPost(token, '/api/worker/lease', { ...previewLease, wait_seconds: 0 });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ job: { id: string } | null }>().job;
}

async function issue(admin: Awaited<ReturnType<typeof staff>>, name: string) {
  const issued = await admin.client.post('/api/mod/workers', { name });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body as { id: number; token: string };
}

const taskRow = (id: string) =>
  t.database.db
    .selectFrom('task')
    .select(['state', 'worker_id', 'lease_expires_at', 'attempts', 'refunded', 'queue_key'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('revoking a worker that holds a job', () => {
  it('queues the job again at once for another worker, refuses the revoked worker, moves no balance', async () => {
    const admin = await staff('admin');
    const first = await issue(admin, 'revoked-worker');
    const second = await issue(admin, 'standby-worker');
    const owner = await signedIn(t);
    const task = await enqueuePaidTask(t, owner.id, { cost: 2 });
    const before = await accountBalances(t.database.db, owner.id);
    const queuedAt = (await taskRow(task.id)).queue_key;

    expect((await lease(first.token))?.id).toBe(task.id);
    const progress = await workerPost(first.token, `/api/worker/jobs/${task.id}/progress`, {
      step: 1,
      max: 4,
    });
    expect(progress.statusCode, progress.body).toBe(200);

    const revoked = await admin.client.post(`/api/mod/workers/${first.id}/revoke`, {
      note: 'machine retired',
    });
    expect(revoked.body).toEqual({ changed: true });

    // Back in the queue now, in its place, the attempt counted as an expired lease's is.
    expect(await taskRow(task.id)).toMatchObject({
      state: TASK_STATE.Queue,
      worker_id: null,
      lease_expires_at: null,
      attempts: 1,
      refunded: false,
      queue_key: queuedAt,
    });
    const late = await workerPost(first.token, `/api/worker/jobs/${task.id}/progress`, { step: 2, max: 4 });
    expect([late.statusCode, codeOf(late.json())]).toEqual([401, 'token_invalid']);
    const lateFail = await workerPost(first.token, `/api/worker/jobs/${task.id}/fail`, {
      retryable: false,
      message: 'gone',
    });
    expect(codeOf(lateFail.json())).toBe('token_invalid');

    expect((await lease(second.token))?.id).toBe(task.id);
    expect(await taskRow(task.id)).toMatchObject({ worker_id: second.id, attempts: 2 });
    const next = await workerPost(second.token, `/api/worker/jobs/${task.id}/progress`, { step: 1, max: 4 });
    expect(next.statusCode, next.body).toBe(200);

    expect(await accountBalances(t.database.db, owner.id)).toEqual(before);
    expect(await ledgerDiscrepancies(t.database.db, [owner.id])).toEqual([]);
    const ledger = await t.database.db
      .selectFrom('ledger_entry')
      .select('reason')
      .where('ref_id', '=', task.id)
      .execute();
    expect(ledger.map((entry) => entry.reason)).toEqual(['task_debit']);

    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'detail'])
      .where('target_type', '=', 'worker')
      .where('target_id', '=', String(first.id))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['worker_token_issued', 'worker_revoked']);
    expect(audit[1]!.detail).toMatchObject({ name: 'revoked-worker', released_tasks: [task.id] });

    // Revoked again: nothing changes, and the job the other worker holds stays with it.
    const again = await admin.client.post(`/api/mod/workers/${first.id}/revoke`, { note: 'machine retired' });
    expect(again.body).toEqual({ changed: false });
    const held = await taskRow(task.id);
    expect(held.worker_id).toBe(second.id);
    expect(held.lease_expires_at).not.toBeNull();
  });
});
