// bench-ledger — the cost of one ticket debit (it runs on every generation), before and after the general
// ledger: the three-statement applyMovement of migrations 0001-0008 against post() of 0009, each in its own
// transaction, on the embedded PGlite and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
// Run: node --conditions=source --import tsx scripts/bench-ledger.ts
import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import {
  createPGliteDatabase,
  createPostgresDatabase,
  type DatabaseHandle,
} from '../apps/api/src/db/database.ts';
import { migrations } from '../apps/api/src/db/migrations/index.ts';
import type { Database } from '../apps/api/src/db/schema.ts';
import { post } from '../apps/api/src/features/ledger/repository.ts';
import {
  cloneDatabase,
  createTemplateDatabase,
  databaseUrl,
  dropDatabase,
} from '../apps/api/test/postgres-admin.ts';

const DEBITS = Number(process.env.BENCH_DEBITS ?? 500);
const provider = { getMigrations: () => Promise.resolve(migrations) };

async function newUser(db: Kysely<Database>, tickets: number): Promise<number> {
  const { id } = await db
    .insertInto('app_user')
    .values({
      username: `bench${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@example.com`,
      pwd_hash: null,
      referral_code: randomUUID().slice(0, 8),
      referrer_id: null,
      pro_expire: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`update app_user set generation_token = ${tickets} where id = ${id}`.execute(db);
  return id;
}

/** The ledger's debit as migrations 0001-0008 stored it (features/ledger/repository.ts before 0009). */
async function oldDebit(db: Kysely<Database>, userId: number) {
  await db.transaction().execute(async (trx) => {
    const key = `debit:${randomUUID()}`;
    const { rows } = await sql<{ id: number }>`
      insert into ledger_entry (user_id, balance, delta, balance_after, reason, idempotency_key)
      values (${userId}, 'generation_token', -1, 0, 'task_debit', ${key})
      on conflict (idempotency_key) do nothing returning id`.execute(trx);
    const { rows: after } = await sql<{ balance_after: number }>`
      update app_user set generation_token = generation_token - 1 where id = ${userId}
      returning generation_token as balance_after`.execute(trx);
    await sql`update ledger_entry set balance_after = ${after[0]!.balance_after} where id = ${rows[0]!.id}`.execute(
      trx,
    );
  });
}

async function newDebit(db: Kysely<Database>, userId: number) {
  await db.transaction().execute(async (trx) => {
    const id = randomUUID();
    const ref = { type: 'task' as const, id };
    await post(trx, [{ userId, currency: 'tickets', delta: -1, reason: 'task_debit', ref }], `debit:${id}`);
  });
}

/** Alternating rounds on the two databases, so the (shared, noisy) machine weighs on both alike. */
async function interleaved(label: string, old: () => Promise<void>, now: () => Promise<void>) {
  for (let i = 0; i < 50; i += 1) {
    await old();
    await now();
  }
  const rounds: { old: number; now: number }[] = [];
  const perRound = 25;
  for (let round = 0; round < DEBITS / perRound; round += 1) {
    const times = { old: 0, now: 0 };
    for (const [name, debit] of [
      ['old', old],
      ['now', now],
    ] as const) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < perRound; i += 1) await debit();
      times[name] = Number(process.hrtime.bigint() - started) / 1000 / perRound;
    }
    rounds.push(times);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ratio = median(rounds.map((round) => round.now / round.old));
  console.log(
    `${label}: applyMovement before 0009 ${median(rounds.map((r) => r.old)).toFixed(0)} µs, ` +
      `post ${median(rounds.map((r) => r.now)).toFixed(0)} µs per debit (own transaction; medians of ` +
      `${rounds.length} rounds of ${perRound}); post/old per round, median ${ratio.toFixed(2)}`,
  );
}

async function prepare(old: DatabaseHandle, now: DatabaseHandle) {
  const before = await new Migrator({ db: old.db, provider }).migrateTo('0008_recount_public_tag_usage');
  if (before.error) throw new Error('migrating down to 0008 failed', { cause: before.error });
  const after = await new Migrator({ db: now.db, provider }).migrateToLatest();
  if (after.error) throw new Error('migrating to the latest failed', { cause: after.error });
  const oldUser = await newUser(old.db, 2 * DEBITS + 200);
  const nowUser = await newUser(now.db, 0);
  const ref = { type: 'user' as const, id: String(nowUser) };
  await now.db.transaction().execute((trx) =>
    post(
      trx,
      [
        {
          userId: nowUser,
          currency: 'tickets',
          delta: 2 * DEBITS + 200,
          reason: 'operator_adjustment',
          ref,
        },
      ],
      `bench:${nowUser}`,
    ),
  );
  return { old: () => oldDebit(old.db, oldUser), now: () => newDebit(now.db, nowUser) };
}

const pglites = [await createPGliteDatabase({}), await createPGliteDatabase({})] as const;
const onPGlite = await prepare(pglites[0], pglites[1]);
await interleaved('PGlite', onPGlite.old, onPGlite.now);
for (const database of pglites) await database.close();

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const template = await createTemplateDatabase(url);
  const names = [await cloneDatabase(url, template), await cloneDatabase(url, template)];
  const databases = names.map((name) => createPostgresDatabase(databaseUrl(url, name), 4));
  try {
    // The template is migrated to the latest: the "before" database goes down to 0008 (0009's down).
    const onPostgres = await prepare(databases[0]!, databases[1]!);
    await interleaved('PostgreSQL', onPostgres.old, onPostgres.now);
  } finally {
    for (const database of databases) await database.close();
    for (const name of [...names, template]) await dropDatabase(url, name);
  }
} else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
