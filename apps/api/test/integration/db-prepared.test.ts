import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { prepared } from '../../src/db/prepared.ts';
import { createTestDatabase } from '../harness.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`statements marked as prepared on ${process.env.TEST_DB}`, () => {
  it('give the same answers, and PostgreSQL keeps one named statement per text', async () => {
    await database.db.transaction().execute(async (trx) => {
      // A transaction pins one connection: prepared statements live per connection.
      const double = (n: number) =>
        trx
          .selectNoFrom(sql<number>`${n}::int * 2`.as('doubled'))
          .modifyEnd(prepared('probe'))
          .executeTakeFirstOrThrow();
      expect((await double(2)).doubled).toBe(4);
      expect((await double(21)).doubled).toBe(42);
      // Another text under the same mark gets its own name rather than clashing with the first.
      const tripled = await trx
        .selectNoFrom(sql<number>`${5}::int * 3`.as('tripled'))
        .modifyEnd(prepared('probe'))
        .executeTakeFirstOrThrow();
      expect(tripled.tripled).toBe(15);
      await trx.selectNoFrom(sql<number>`${1}::int`.as('unmarked')).execute();

      if (database.kind !== 'postgres') return;
      const statements = await trx
        .selectFrom(sql<{ name: string; statement: string }>`pg_prepared_statements`.as('p'))
        .select(['name', 'statement'])
        .where('name', 'like', 'probe%')
        .orderBy('statement')
        .execute();
      expect(statements).toHaveLength(2);
      expect(statements.map((row) => row.name)).toEqual([
        expect.stringMatching(/^probe_[0-9a-f]{12}$/),
        expect.stringMatching(/^probe_[0-9a-f]{12}$/),
      ]);
      expect(statements[0]!.statement).toContain('* 2');
      expect(statements[1]!.statement).toContain('* 3');
    });
  });

  it('refuses a mark name that could break out of its comment', () => {
    expect(() => prepared('x */ drop')).toThrow('invalid prepared statement name');
  });
});
