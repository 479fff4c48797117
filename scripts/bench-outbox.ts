// bench:outbox — the transactional outbox (apps/api/src/features/outbox) on PostgreSQL:
// 1. dispatch throughput: a backlog of events, each with two handlers that write one row in the
//    handler's transaction, drained by one and by two dispatchers (two pools, as two API instances);
// 2. commit → handler latency: events appended one per transaction at a steady pace while two started
//    dispatchers wait on NOTIFY (the recheck set to a minute, so it never helps), p50/p99.
// PostgreSQL only by default (BENCH_DATABASE_URL or TEST_DATABASE_URL); BENCH_ONLY=pglite runs PGlite.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { onEachDatabase } from './bench-support.ts';
import { createPostgresDatabase, migrateToLatest, type DatabaseHandle } from '../apps/api/src/db/database.ts';
import { createNotifierFor } from '../apps/api/src/events/notifier.ts';
import {
  appendEvent,
  createHandlerRegistry,
  createOutboxDispatcher,
  type OutboxDispatcher,
} from '../apps/api/src/features/outbox/index.ts';

process.env.BENCH_ONLY ??= 'postgres';
const BACKLOG = Number(process.env.BENCH_OUTBOX_EVENTS ?? 4000);
const LATENCY_SAMPLES = Number(process.env.BENCH_OUTBOX_LATENCY_SAMPLES ?? 400);
const PACE_MS = Number(process.env.BENCH_OUTBOX_PACE_MS ?? 5);
const silent = { warn: () => undefined, error: console.error };
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
let nextUser = 1;
const event = () => ({
  type: 'user.signed_in_day' as const,
  payload: { userId: nextUser++, day: '2026-11-26' },
});

async function bench(label: string, database: DatabaseHandle) {
  await migrateToLatest(database.db);
  const { db } = database;
  await sql`create table bench_outbox_effect (event_id bigint not null, handler text not null)`.execute(db);
  // A second pool on the same database plays a second API instance (PGlite has one connection).
  const second = database.url ? createPostgresDatabase(database.url, 10) : undefined;
  const handledAt = new Map<number, number>();
  const registry = () => {
    const handlers = createHandlerRegistry();
    for (const name of ['first', 'second']) {
      handlers.on('user.signed_in_day', name, async (_event, { trx, eventId }) => {
        await sql`insert into bench_outbox_effect values (${eventId}, ${name})`.execute(trx);
        if (name === 'first') handledAt.set(eventId, performance.now());
      });
    }
    return handlers;
  };
  const dispatcherOn = (on: DatabaseHandle['db'], notifier?: Awaited<ReturnType<typeof createNotifierFor>>) =>
    createOutboxDispatcher({ db: on, handlers: registry(), notifier, log: silent, recheckMs: 60_000 });

  async function appendBacklog() {
    for (let done = 0; done < BACKLOG; done += 50) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 50; i += 1) await appendEvent(trx, event());
      });
    }
  }

  async function throughput(dispatchers: OutboxDispatcher[]) {
    await appendBacklog();
    const started = performance.now();
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.drain()));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${label}: ${dispatchers.length} dispatcher(s), ${BACKLOG} events x 2 handlers: ` +
        `${Math.round(BACKLOG / seconds)} events/s (${Math.round((2 * BACKLOG) / seconds)} handler runs/s)`,
    );
  }

  await throughput([dispatcherOn(db)]);
  if (second) await throughput([dispatcherOn(db), dispatcherOn(second.db)]);

  // Latency: started dispatchers woken by NOTIFY only.
  const notifiers = [await createNotifierFor(database)];
  const started = [dispatcherOn(db, notifiers[0])];
  if (second && database.url) {
    notifiers.push(await createNotifierFor({ kind: 'postgres', url: database.url }));
    started.push(dispatcherOn(second.db, notifiers[1]));
  }
  for (const dispatcher of started) dispatcher.start();
  const committedAt = new Map<number, number>();
  for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
    const id = await db.transaction().execute((trx) => appendEvent(trx, event()));
    committedAt.set(id!, performance.now());
    await sleep(PACE_MS);
  }
  while ([...committedAt.keys()].some((id) => !handledAt.has(id))) await sleep(10);
  const latencies = [...committedAt].map(([id, at]) => handledAt.get(id)! - at);
  console.log(
    `${label}: commit → handler run, ${LATENCY_SAMPLES} events one per ${PACE_MS} ms, ` +
      `${started.length} dispatcher(s) on NOTIFY: p50 ${pct(latencies, 0.5).toFixed(2)} ms, ` +
      `p99 ${pct(latencies, 0.99).toFixed(2)} ms, max ${Math.max(...latencies).toFixed(2)} ms`,
  );
  for (const dispatcher of started) await dispatcher.stop();
  for (const notifier of notifiers) await notifier.close();
  const { rows } = await sql<{ runs: number; distinct: number }>`
    select count(*)::int as runs, count(distinct (event_id, handler))::int as distinct from bench_outbox_effect
  `.execute(db);
  console.log(`${label}: ${rows[0]!.runs} handler runs, ${rows[0]!.distinct} distinct (must be equal)`);
  await second?.close();
}

await onEachDatabase(bench);
