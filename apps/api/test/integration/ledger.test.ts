import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMovement } from '../../src/features/ledger/repository.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function balanceAndLedger(userId: number) {
  const user = await t.database.db
    .selectFrom('app_user')
    .select('generation_token')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sum = await t.database.db
    .selectFrom('ledger_entry')
    .select(sql<number>`coalesce(sum(delta), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('currency', '=', 'tickets')
    .executeTakeFirstOrThrow();
  return { balance: user.generation_token, ledger: Number(sum.total) };
}

describe('ticket ledger', () => {
  it('grants the welcome tickets through the ledger: balance equals the sum of entries', async () => {
    const created = await new Client(t.app).post('/api/user/create', newAccount());
    const id = (created.body.user as { id: number }).id;
    expect(await balanceAndLedger(id)).toEqual({ balance: 20, ledger: 20 });
  });

  it('never goes below zero and stays equal to the ledger under concurrent debits', async () => {
    const created = await new Client(t.app).post('/api/user/create', newAccount());
    const userId = (created.body.user as { id: number }).id;
    const attempts = Array.from({ length: 15 }, (_, i) =>
      t.database.db
        .transaction()
        .execute((trx) =>
          applyMovement(trx, {
            userId,
            balance: 'generation_token',
            delta: -2,
            reason: 'task_debit',
            idempotencyKey: `debit:${userId}:${i}`,
          }),
        )
        .then(
          () => 'ok',
          () => 'refused',
        ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
    expect(await balanceAndLedger(userId)).toEqual({ balance: 0, ledger: 0 });
  });

  it('stores a movement with the same idempotency key once', async () => {
    const created = await new Client(t.app).post('/api/user/create', newAccount());
    const userId = (created.body.user as { id: number }).id;
    const grant = () =>
      t.database.db.transaction().execute((trx) =>
        applyMovement(trx, {
          userId,
          balance: 'generation_token',
          delta: 5,
          reason: 'welcome_grant',
          idempotencyKey: `grant:${userId}`,
        }),
      );
    expect(await Promise.all([grant(), grant(), grant()])).toEqual(
      expect.arrayContaining([true, false, false]),
    );
    expect(await balanceAndLedger(userId)).toEqual({ balance: 25, ledger: 25 });
  });
});
