import { randomUUID } from 'node:crypto';
import type { LedgerMovement } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, createNotifierFor, type Notifier } from '../../src/events/notifier.ts';
import {
  accountBalances,
  ledgerDiscrepancies,
  post,
  type PostResult,
} from '../../src/features/ledger/repository.ts';
import { Client, createTestApp, newAccount, setBalances, type TestContext } from '../harness.ts';

let t: TestContext;
let notifier: Notifier;
beforeAll(async () => {
  t = await createTestApp();
  notifier = await createNotifierFor(t.database);
});
afterAll(async () => {
  await notifier.close();
  await t.close();
});

async function newUser(): Promise<number> {
  const created = await new Client(t.app).post('/api/user/create', newAccount());
  return (created.body.user as { id: number }).id;
}

const postAlone = (movements: LedgerMovement[], key: string = randomUUID()): Promise<PostResult> =>
  t.database.db.transaction().execute((trx) => post(trx, movements, key));

const debit = (
  userId: number,
  amount: number,
  currency: 'tickets' | 'energy' = 'tickets',
): LedgerMovement => ({
  userId,
  currency,
  delta: -amount,
  reason: 'task_debit',
  ref: { type: 'task', id: randomUUID() },
});

/** What a user holds, read three ways: accounts, the user-row cache and the entries. */
async function holdings(userId: number) {
  const user = await t.database.db
    .selectFrom('app_user')
    .select(['generation_token', 'daily_token'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const entries = await t.database.db
    .selectFrom('ledger_entry')
    .select(['currency', 'delta', 'reason', 'ref_type', 'ref_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const accounts = await accountBalances(t.database.db, userId);
  return { user, entries, accounts: Object.fromEntries(accounts.map((a) => [a.currency, a.balance])) };
}

const codeOfRejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'posted',
    (error: Error & { code?: string }) => error.code ?? error.message,
  );

describe('ledger post', () => {
  it('grants the welcome tickets as a typed entry: account, cache and entries agree', async () => {
    const id = await newUser();
    const { user, entries, accounts } = await holdings(id);
    expect(user.generation_token).toBe(20);
    expect(accounts).toEqual({ tickets: 20 });
    expect(entries).toEqual([
      { currency: 'tickets', delta: 20, reason: 'welcome_grant', ref_type: 'user', ref_id: String(id) },
    ]);
  });

  it('moves every leg of a posting, across users and currencies, and reports the new balances', async () => {
    const [referrer, referee] = [await newUser(), await newUser()];
    const ref = { type: 'referral' as const, id: String(referee) };
    const result = await postAlone([
      { userId: referrer, currency: 'reward_tokens', delta: 7, reason: 'referral_reward', ref },
      { userId: referee, currency: 'tickets', delta: 5, reason: 'referral_reward', ref },
    ]);
    expect(result.replayed).toBe(false);
    expect(result.balances).toEqual(
      expect.arrayContaining([
        { userId: referrer, currency: 'reward_tokens', balance: 7 },
        { userId: referee, currency: 'tickets', balance: 25 },
      ]),
    );
    expect((await holdings(referrer)).accounts).toEqual({ reward_tokens: 7, tickets: 20 });
    expect((await holdings(referee)).user.generation_token).toBe(25);
  });

  it('moves nothing on a replay of the same key, and says so', async () => {
    const id = await newUser();
    const key = `grant:${id}`;
    const grant = {
      userId: id,
      currency: 'tickets',
      delta: 5,
      reason: 'operator_adjustment',
      ref: { type: 'user', id: String(id) },
    } as const;
    expect((await postAlone([grant], key)).replayed).toBe(false);
    const before = await holdings(id);
    expect(await postAlone([grant], key)).toEqual({ replayed: true, balances: [] });
    expect(await holdings(id)).toEqual(before);
    expect(before.user.generation_token).toBe(25);
  });

  it('posts a key once when replays race each other', async () => {
    const id = await newUser();
    const key = `race:${id}`;
    const grant: LedgerMovement = {
      userId: id,
      currency: 'tickets',
      delta: 4,
      reason: 'operator_adjustment',
      ref: { type: 'user', id: String(id) },
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => postAlone([grant], key)));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect((await holdings(id)).accounts.tickets).toBe(24);
  });

  it('refuses an overdraft with the product code, and nothing of the posting or the transaction moves', async () => {
    const id = await newUser();
    const before = await holdings(id);
    // Tickets would be fine; the energy leg overdraws, so neither moves.
    const both = t.database.db.transaction().execute(async (trx) => {
      await post(
        trx,
        [
          {
            userId: id,
            currency: 'energy',
            delta: 3,
            reason: 'energy_reset',
            ref: { type: 'day', id: '2026-01-01' },
          },
        ],
        `e:${id}`,
      );
      return post(trx, [debit(id, 2), debit(id, 9, 'energy')], randomUUID());
    });
    expect(await codeOfRejection(both)).toBe('insufficient_token_count');
    expect(await codeOfRejection(postAlone([debit(id, 21)]))).toBe('user_insufficient_funds');
    // A currency the user never held is a zero balance.
    const reward = postAlone([{ ...debit(id, 1), currency: 'reward_tokens' }]);
    expect(await codeOfRejection(reward)).toBe('user_insufficient_funds');
    expect(await holdings(id)).toEqual(before);
  });

  it('refuses a malformed posting before writing anything', async () => {
    const id = await newUser();
    const before = await holdings(id);
    const wrongSign = postAlone([{ ...debit(id, 2), delta: 2 }]);
    await expect(wrongSign).rejects.toThrow(/wrong_sign/);
    const twice = postAlone([debit(id, 1), debit(id, 1)]);
    await expect(twice).rejects.toThrow(/repeated_account/);
    await expect(postAlone([debit(999_999_999, 1)])).rejects.toThrow(/unknown user/);
    expect(await holdings(id)).toEqual(before);
  });

  it('lets exactly as many of 50 parallel debits through as the balance pays for', async () => {
    const id = await newUser();
    await setBalances(t, id, { generation_token: 3 });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => codeOfRejection(postAlone([debit(id, 1)]))),
    );
    // Sorted whole, so that a failure shows every other outcome (an error code or message).
    expect(outcomes.toSorted()).toEqual([
      ...Array.from({ length: 3 }, () => 'posted'),
      ...Array.from({ length: 47 }, () => 'user_insufficient_funds'),
    ]);
    const { user, accounts, entries } = await holdings(id);
    expect(user.generation_token).toBe(0);
    expect(accounts.tickets).toBe(0);
    expect(entries.filter((entry) => entry.reason === 'task_debit')).toHaveLength(3);
  });

  it('never deadlocks a posting against a task creation that locked the user row first', async () => {
    const id = await newUser();
    await setBalances(t, id, { generation_token: 100 });
    // As the task service: user row FOR UPDATE, then the debit. As a refund: the posting alone.
    const create = () =>
      t.database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('app_user').select('id').where('id', '=', id).forUpdate().execute();
        return post(trx, [debit(id, 1)], randomUUID());
      });
    const refund = () => postAlone([{ ...debit(id, 1), delta: 1, reason: 'task_refund' }]);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => [codeOfRejection(create()), codeOfRejection(refund())]).flat(),
    );
    expect(outcomes.filter((outcome) => outcome !== 'posted')).toEqual([]);
    expect((await holdings(id)).accounts.tickets).toBe(100);
  });

  it('signals balanceChanged on commit, never for a posting that was rolled back', async () => {
    const heard: string[] = [];
    const waiting = new Map<string, () => void>();
    const stop = notifier.subscribe(CHANNEL.balanceChanged, (payload) => {
      heard.push(payload);
      waiting.get(payload)?.();
    });
    const heardFrom = (userId: number) =>
      new Promise<void>((resolve) => waiting.set(String(userId), resolve));
    try {
      const [rolledBack, committed, barrier] = [await newUser(), await newUser(), await newUser()];
      // Notifications arrive in commit order: once the barrier's is heard, the sign-ups' are behind us.
      const barrierHeard = heardFrom(barrier);
      await postAlone([debit(barrier, 1)]);
      await barrierHeard;
      heard.length = 0;
      const failing = t.database.db.transaction().execute(async (trx) => {
        await post(trx, [debit(rolledBack, 1)], randomUUID());
        throw new Error('the caller gives up');
      });
      await expect(failing).rejects.toThrow('the caller gives up');
      const committedHeard = heardFrom(committed);
      await postAlone([debit(committed, 1)]);
      // Had the rolled-back posting signalled, its user would come first.
      await committedHeard;
      expect(heard).toEqual([String(committed)]);
      expect((await holdings(rolledBack)).user.generation_token).toBe(20);
    } finally {
      stop();
    }
  });

  it('keeps balance = sum of entries (and the user-row cache) for every account in this database', async () => {
    expect(await ledgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('finds a balance that moved outside the ledger', async () => {
    const id = await newUser();
    // Deliberately broken, to prove the invariant check can fail: a raw UPDATE of the cache.
    await t.database.db.updateTable('app_user').set({ generation_token: 99 }).where('id', '=', id).execute();
    expect(await ledgerDiscrepancies(t.database.db, [id])).toEqual([
      { userId: id, currency: 'tickets', balance: 20, entries: 20, cached: 99 },
    ]);
    await t.database.db.updateTable('app_user').set({ generation_token: 20 }).where('id', '=', id).execute();
  });
});
