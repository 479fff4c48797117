import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import type { Database } from '../../src/db/schema.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { createTestDatabase } from '../harness.ts';

/**
 * Migration 0009 on data of the old shape: balances in app_user columns, entries naming the column in
 * `balance`, references only inside the idempotency keys. The test database (migrated to the latest)
 * goes down to 0008 first, which also runs 0009's down.
 */
let database: DatabaseHandle;
let migrator: Migrator;
beforeAll(async () => {
  database = await createTestDatabase();
  migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const down = await migrator.migrateTo('0008_recount_public_tag_usage');
  if (down.error) throw new Error('down to 0008 failed', { cause: down.error });
});
afterAll(async () => {
  await database.close();
});

const TASK_A = '6f1c0f3e-8a53-4bb0-9f0e-1d8f7e6a5b4c';
const TASK_B = '0b9e5a6d-2c1f-4e3a-8d7b-6a5f4e3d2c1b';

async function oldUser(db: Kysely<Database>, name: string, tickets: number, energy: number) {
  const { rows } = await sql<{ id: number }>`
    insert into app_user (username, email, referral_code, generation_token, daily_token)
    values (${name}, ${`${name}@example.com`}, ${name.slice(-8)}, ${tickets}, ${energy})
    returning id`.execute(db);
  return rows[0]!.id;
}

async function oldEntry(
  db: Kysely<Database>,
  entry: { userId: number; balance: string; delta: number; after: number; reason: string; key: string },
) {
  await sql`
    insert into ledger_entry (user_id, balance, delta, balance_after, reason, idempotency_key)
    values (${entry.userId}, ${entry.balance}, ${entry.delta}, ${entry.after}, ${entry.reason}, ${entry.key})`.execute(
    db,
  );
}

describe('migration 0009: balances and entries move into ledger accounts', () => {
  it('keeps every balance, types every entry, and leaves balance = sum of entries', async () => {
    const db = database.db;
    // A regular account: welcome grant, a debit and its refund, a task still paid, energy reset.
    const regular = await oldUser(db, 'ledgermigr01', 16, 347);
    await oldEntry(db, {
      userId: regular,
      balance: 'generation_token',
      delta: 20,
      after: 20,
      reason: 'welcome_grant',
      key: `welcome:${regular}`,
    });
    await oldEntry(db, {
      userId: regular,
      balance: 'generation_token',
      delta: -2,
      after: 18,
      reason: 'task_debit',
      key: `debit:${TASK_A}`,
    });
    await oldEntry(db, {
      userId: regular,
      balance: 'generation_token',
      delta: 2,
      after: 20,
      reason: 'task_refund',
      key: `refund:${TASK_A}`,
    });
    await oldEntry(db, {
      userId: regular,
      balance: 'generation_token',
      delta: -4,
      after: 16,
      reason: 'task_debit',
      key: `debit:${TASK_B}`,
    });
    await oldEntry(db, {
      userId: regular,
      balance: 'daily_token',
      delta: 350,
      after: 350,
      reason: 'energy_reset',
      key: `energy:${regular}:2026-11-20`,
    });
    await oldEntry(db, {
      userId: regular,
      balance: 'daily_token',
      delta: -3,
      after: 347,
      reason: 'task_debit',
      key: `debit:${TASK_B}x`,
    });
    // Balances set by an UPDATE behind the ledger's back (old fixtures): 100 tickets, 12 energy, one grant.
    const edited = await oldUser(db, 'ledgermigr02', 100, 12);
    await oldEntry(db, {
      userId: edited,
      balance: 'generation_token',
      delta: 20,
      after: 20,
      reason: 'welcome_grant',
      key: `welcome:${edited}`,
    });
    // No movement at all; and the phantom reward_tokens the old CHECK allowed.
    const empty = await oldUser(db, 'ledgermigr03', 0, 0);
    await oldEntry(db, {
      userId: empty,
      balance: 'reward_tokens',
      delta: 3,
      after: 3,
      reason: 'welcome_grant',
      key: `welcome:${empty}:reward`,
    });

    const before = await sql<{ tickets: number; energy: number }>`
      select sum(generation_token)::int as tickets, sum(daily_token)::int as energy from app_user`.execute(
      db,
    );

    const up = await migrator.migrateTo('0009_create_ledger_accounts');
    expect(up.error).toBeUndefined();

    const accounts = await db
      .selectFrom('ledger_account')
      .select(['user_id', 'currency', 'balance'])
      .where('user_id', 'in', [regular, edited, empty])
      .orderBy('user_id')
      .orderBy('currency')
      .execute();
    expect(accounts).toEqual([
      { user_id: regular, currency: 'energy', balance: 347 },
      { user_id: regular, currency: 'tickets', balance: 16 },
      { user_id: edited, currency: 'energy', balance: 12 },
      { user_id: edited, currency: 'tickets', balance: 100 },
      { user_id: empty, currency: 'energy', balance: 0 },
      { user_id: empty, currency: 'reward_tokens', balance: 3 },
      { user_id: empty, currency: 'tickets', balance: 0 },
    ]);
    const after = await sql<{ tickets: number; energy: number }>`
      select sum(balance) filter (where currency = 'tickets')::int as tickets,
        sum(balance) filter (where currency = 'energy')::int as energy
      from ledger_account`.execute(db);
    expect(after.rows).toEqual(before.rows);
    // Every account equals its entries, and the user-row cache equals its account.
    expect(await ledgerDiscrepancies(db)).toEqual([]);

    const entries = await db
      .selectFrom('ledger_entry')
      .select(['user_id', 'currency', 'delta', 'reason', 'ref_type', 'ref_id', 'leg'])
      .where('user_id', 'in', [regular, edited])
      .orderBy('id')
      .execute();
    const row = (
      userId: number,
      currency: string,
      delta: number,
      reason: string,
      refType: string,
      refId: string,
    ) => ({
      user_id: userId,
      currency,
      delta,
      reason,
      ref_type: refType,
      ref_id: refId,
      leg: 0,
    });
    expect(entries).toEqual([
      row(regular, 'tickets', 20, 'welcome_grant', 'user', String(regular)),
      row(regular, 'tickets', -2, 'task_debit', 'task', TASK_A),
      row(regular, 'tickets', 2, 'task_refund', 'task', TASK_A),
      row(regular, 'tickets', -4, 'task_debit', 'task', TASK_B),
      row(regular, 'energy', 350, 'energy_reset', 'day', '2026-11-20'),
      row(regular, 'energy', -3, 'task_debit', 'task', `${TASK_B}x`),
      row(edited, 'tickets', 20, 'welcome_grant', 'user', String(edited)),
      // The differences the UPDATE left, as opening balances.
      row(edited, 'energy', 12, 'opening_balance', 'user', String(edited)),
      row(edited, 'tickets', 80, 'opening_balance', 'user', String(edited)),
    ]);
  });

  it('goes back down to the old shape with running balances, and up again', async () => {
    const down = await migrator.migrateTo('0008_recount_public_tag_usage');
    expect(down.error).toBeUndefined();
    const { rows } = await sql<{ balance: string; delta: number; balance_after: number }>`
      select e.balance, e.delta, e.balance_after from ledger_entry e join app_user u on u.id = e.user_id
      where u.username = 'ledgermigr02' order by e.id`.execute(database.db);
    expect(rows).toEqual([
      { balance: 'generation_token', delta: 20, balance_after: 20 },
      { balance: 'daily_token', delta: 12, balance_after: 12 },
      { balance: 'generation_token', delta: 80, balance_after: 100 },
    ]);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await ledgerDiscrepancies(database.db)).toEqual([]);
  });
});
