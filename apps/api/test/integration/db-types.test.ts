import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../harness.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';

/** PGlite and node-postgres must hand the code identical JavaScript values (research/stack.md). */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`type parsing on ${process.env.TEST_DB}`, () => {
  it('returns bigint as number, timestamptz as Date, date and numeric as text, boolean as boolean', async () => {
    const { rows } = await sql<{
      big: unknown;
      counted: unknown;
      at: unknown;
      day: unknown;
      amount: unknown;
      flag: unknown;
      small: unknown;
    }>`select 9007199254740991::int8 as big, count(*) as counted, timestamptz '2026-11-21 12:34:56.789+00' as at,
        date '2026-11-21' as day, 12.50::numeric(10,2) as amount, true as flag, 7::smallint as small`.execute(
      database.db,
    );
    const row = rows[0]!;
    expect(row.big).toBe(9007199254740991);
    expect(row.counted).toBe(1);
    expect(row.at).toBeInstanceOf(Date);
    expect((row.at as Date).toISOString()).toBe('2026-11-21T12:34:56.789Z');
    expect(row.day).toBe('2026-11-21');
    expect(row.amount).toBe('12.50');
    expect(row.flag).toBe(true);
    expect(row.small).toBe(7);
  });

  it('returns bigint[] and integer[] as arrays of numbers', async () => {
    const { rows } = await sql<{ big: unknown; small: unknown; empty: unknown; holes: unknown }>`
      select array[1, 9007199254740991]::int8[] as big, array[3, -4]::int4[] as small,
        '{}'::int8[] as empty, array[5, null]::int8[] as holes`.execute(database.db);
    expect(rows[0]).toEqual({ big: [1, 9007199254740991], small: [3, -4], empty: [], holes: [5, null] });
  });

  it('returns generated identity ids as numbers and runs on PostgreSQL 15 syntax', async () => {
    const inserted = await database.db
      .insertInto('app_user')
      .values({
        username: 'typecheck',
        email: 'typecheck@example.com',
        pwd_hash: null,
        referral_code: 'TYPECHK1',
        referrer_id: null,
        pro_expire: null,
      })
      .returning(['id', 'created_at', 'plan'])
      .executeTakeFirstOrThrow();
    expect(typeof inserted.id).toBe('number');
    expect(inserted.created_at).toBeInstanceOf(Date);
    expect(inserted.plan).toBe(0);
  });

  it('refuses a negative balance through the CHECK constraint', async () => {
    await expect(
      database.db
        .updateTable('app_user')
        .set({ generation_token: -1 })
        .where('username', '=', 'typecheck')
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});
