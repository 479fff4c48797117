import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type DatabaseHandle, type DB } from '../../src/db/database.ts';
import { createNotifierFor } from '../../src/events/notifier.ts';
import { createOutboxDispatcher } from '../../src/features/outbox/dispatcher.ts';
import { createHandlerRegistry, type HandlerRegistry } from '../../src/features/outbox/handlers.ts';
import { appendEvent, createOutboxRepository } from '../../src/features/outbox/repository.ts';
import { createTestDatabase } from '../harness.ts';

/**
 * The outbox's guarantees (docs/architecture/events.md): each handler's work commits exactly once per
 * event, whatever crashes, failures or competing dispatchers; an event whose transaction rolled back is
 * never handled. Handlers here record their runs in a table, so a second run is counted, not hidden.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const silent = { warn: () => undefined, error: () => undefined };
const outbox = createOutboxRepository();
let database: DatabaseHandle;
let db: DB;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await sql`create table outbox_test_effect (event_id bigint not null, handler text not null)`.execute(db);
});
afterAll(async () => {
  await database.close();
});

let nextUser = 1;
function signedIn(userId = nextUser++) {
  return { type: 'user.signed_in_day' as const, payload: { userId, day: '2026-11-26' } };
}

/** A handler that records each committed run in outbox_test_effect. */
function recordingHandler(name: string) {
  return async (_event: unknown, { trx, eventId }: { trx: DB; eventId: number }) => {
    await sql`insert into outbox_test_effect (event_id, handler) values (${eventId}, ${name})`.execute(trx);
  };
}

function registryWith(...names: string[]): HandlerRegistry {
  const handlers = createHandlerRegistry();
  for (const name of names) handlers.on('user.signed_in_day', name, recordingHandler(name));
  return handlers;
}

async function effectsOf(eventIds: number[]) {
  if (eventIds.length === 0) return [];
  const { rows } = await sql<{ event_id: number; handler: string; runs: number }>`
    select event_id, handler, count(*)::int as runs from outbox_test_effect
    where event_id = any(${eventIds}::bigint[]) group by 1, 2 order by 1, 2
  `.execute(db);
  return rows;
}

describe('outbox dispatch', () => {
  it('runs each registered handler once per event and marks its delivery done', async () => {
    const handlers = registryWith('first', 'second');
    const dispatcher = createOutboxDispatcher({ db, handlers, log: silent });
    const id = (await appendEvent(db, signedIn()))!;
    await dispatcher.drain();
    await dispatcher.drain();
    expect(await effectsOf([id])).toEqual([
      { event_id: id, handler: 'first', runs: 1 },
      { event_id: id, handler: 'second', runs: 1 },
    ]);
    const deliveries = await outbox.deliveriesOf(db, id);
    expect(deliveries.map((d) => [d.handler, d.state, d.attempts])).toEqual([
      ['first', 'done', 1],
      ['second', 'done', 1],
    ]);
  });

  it('never handles an event appended in a transaction that rolled back', async () => {
    const dispatcher = createOutboxDispatcher({ db, handlers: registryWith('rollback'), log: silent });
    let appended: number | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        appended = await appendEvent(trx, signedIn());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(appended).toBeGreaterThan(0);
    const committed = (await appendEvent(db, signedIn()))!;
    await dispatcher.drain();
    expect(await effectsOf([appended!, committed])).toEqual([
      { event_id: committed, handler: 'rollback', runs: 1 },
    ]);
    const rows = await db.selectFrom('outbox').select('id').where('id', '=', appended!).execute();
    expect(rows).toEqual([]);
  });

  it('drops a second append with the same dedupe key', async () => {
    const event = signedIn();
    const first = await appendEvent(db, event, { dedupeKey: `day:${event.payload.userId}` });
    const second = await appendEvent(db, event, { dedupeKey: `day:${event.payload.userId}` });
    expect(first).toBeGreaterThan(0);
    expect(second).toBeUndefined();
  });

  it('rolls back a failed run, retries it, and commits the work once when it succeeds', async () => {
    const handlers = createHandlerRegistry();
    const calls: number[] = [];
    handlers.on('user.signed_in_day', 'flaky', async (event, context) => {
      calls.push(context.eventId);
      // The write happens, then the handler dies before its transaction commits: it must not count.
      await recordingHandler('flaky')(event, context);
      if (context.attempt < 3) throw new Error(`crash ${context.attempt}`);
    });
    const dispatcher = createOutboxDispatcher({ db, handlers, log: silent, retryDelayMs: () => 0 });
    const id = (await appendEvent(db, signedIn()))!;
    await dispatcher.drain();
    expect(calls.filter((eventId) => eventId === id)).toHaveLength(3);
    expect(await effectsOf([id])).toEqual([{ event_id: id, handler: 'flaky', runs: 1 }]);
    const [delivery] = await outbox.deliveriesOf(db, id);
    expect(delivery).toMatchObject({ state: 'done', attempts: 3, last_error: null });
  });

  it('waits out the backoff before a retry', async () => {
    const handlers = createHandlerRegistry();
    const calls: number[] = [];
    handlers.on('user.signed_in_day', 'later', (_event, context) => {
      calls.push(context.eventId);
      return Promise.reject(new Error('not yet'));
    });
    const dispatcher = createOutboxDispatcher({ db, handlers, log: silent, retryDelayMs: () => 3_600_000 });
    const id = (await appendEvent(db, signedIn()))!;
    await dispatcher.drain();
    await dispatcher.drain();
    expect(calls.filter((eventId) => eventId === id)).toHaveLength(1);
    const [delivery] = await outbox.deliveriesOf(db, id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, last_error: 'Error: not yet' });
    expect(delivery!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it('leaves a delivery dead after maxAttempts failures, with its last error; revive runs it again', async () => {
    const handlers = createHandlerRegistry();
    let healthy = false;
    const attempts = new Map<number, number[]>();
    handlers.on('user.signed_in_day', 'doomed', async (event, context) => {
      attempts.set(context.eventId, [...(attempts.get(context.eventId) ?? []), context.attempt]);
      if (!healthy) throw new Error(`attempt ${context.attempt} failed`);
      await recordingHandler('doomed')(event, context);
    });
    const options = { db, handlers, log: silent, retryDelayMs: () => 0, maxAttempts: 4 };
    const dispatcher = createOutboxDispatcher(options);
    const id = (await appendEvent(db, signedIn()))!;
    await dispatcher.drain();
    await dispatcher.drain();
    expect(attempts.get(id)).toEqual([1, 2, 3, 4]);
    expect((await outbox.deliveriesOf(db, id))[0]).toMatchObject({
      state: 'dead',
      attempts: 4,
      last_error: 'Error: attempt 4 failed',
    });
    expect(await effectsOf([id])).toEqual([]);

    healthy = true;
    expect(await dispatcher.revive(id, 'doomed')).toBe(true);
    await dispatcher.drain();
    expect(await effectsOf([id])).toEqual([{ event_id: id, handler: 'doomed', runs: 1 }]);
  });

  it('purges handled events after the retention, keeping those with an unfinished delivery', async () => {
    const handlers = createHandlerRegistry();
    handlers.on('user.signed_in_day', 'purge.ok', recordingHandler('purge.ok'));
    handlers.on('user.signed_in_day', 'purge.broken', (event, context) =>
      event.payload.userId % 2 === 0
        ? Promise.reject(new Error('broken'))
        : recordingHandler('b')(event, context),
    );
    const options = { db, handlers, log: silent, retryDelayMs: () => 0, maxAttempts: 1 };
    const dispatcher = createOutboxDispatcher(options);
    const handled = (await appendEvent(db, signedIn(1_001)))!;
    const dead = (await appendEvent(db, signedIn(1_002)))!;
    await dispatcher.drain();
    const exists = async (id: number) =>
      (await db.selectFrom('outbox').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

    await dispatcher.purgeHandled(new Date());
    expect([await exists(handled), await exists(dead)]).toEqual([true, true]);
    await dispatcher.purgeHandled(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expect([await exists(handled), await exists(dead)]).toEqual([false, true]);
    expect(await outbox.deliveriesOf(db, handled)).toEqual([]);
  });

  it('is woken by NOTIFY when an event commits (the recheck is an hour away)', async () => {
    const notifier = await createNotifierFor(database);
    const handlers = createHandlerRegistry();
    let handled!: () => void;
    const done = new Promise<void>((resolve) => (handled = resolve));
    handlers.on('user.signed_in_day', 'woken', () => Promise.resolve(handled()));
    const dispatcher = createOutboxDispatcher({ db, handlers, notifier, log: silent, recheckMs: 3_600_000 });
    dispatcher.start();
    await dispatcher.drain();
    try {
      await appendEvent(db, signedIn());
      await done;
    } finally {
      await dispatcher.stop();
      await notifier.close();
    }
  });
});

describe.runIf(onPostgres)('outbox dispatch on PostgreSQL, with competing and dying dispatchers', () => {
  it('two dispatchers over many events run each handler exactly once per event', async () => {
    const second = createPostgresDatabase(database.url!, 10);
    try {
      const names = ['alpha', 'beta', 'gamma'];
      const dispatchers = [db, second.db].map((on) =>
        createOutboxDispatcher({ db: on, handlers: registryWith(...names), log: silent, batchSize: 7 }),
      );
      const ids: number[] = [];
      const appending = (async () => {
        for (let batch = 0; batch < 20; batch += 1) {
          await db.transaction().execute(async (trx) => {
            for (let i = 0; i < 20; i += 1) ids.push((await appendEvent(trx, signedIn()))!);
          });
          // Both dispatchers race for the batch just committed.
          await Promise.all(dispatchers.map((dispatcher) => dispatcher.drain()));
        }
      })();
      await appending;
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.drain()));
      const effects = await effectsOf(ids);
      expect(ids).toHaveLength(400);
      expect(effects).toHaveLength(400 * names.length);
      expect(effects.every((effect) => effect.runs === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('a dispatcher SIGKILLed between claim and commit: the event is handled later, exactly once', async () => {
    const id = (await appendEvent(db, signedIn()))!;
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/api/test/outbox-crash-child.ts'],
      {
        env: { ...process.env, OUTBOX_CHILD_DATABASE_URL: database.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = once(child, 'exit');
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('claimed')) resolve();
      });
      child.on('exit', () => reject(new Error('the child dispatcher exited before claiming')));
    });
    // The child holds the claim: a dispatcher here finds the delivery locked and skips it.
    const rescuer = createOutboxDispatcher({ db, handlers: registryWith('effect'), log: silent });
    await rescuer.drain();
    expect(await effectsOf([id])).toEqual([]);
    child.kill('SIGKILL');
    await exited;
    // PostgreSQL ends the dead connection's transaction (the child's write goes with it) once it sees the
    // socket close; until then the row stays locked, so look again until the delivery is done.
    await expect
      .poll(
        async () => {
          await rescuer.drain();
          return (await outbox.deliveriesOf(db, id))[0]?.state;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe('done');
    expect(await effectsOf([id])).toEqual([{ event_id: id, handler: 'effect', runs: 1 }]);
    expect((await outbox.deliveriesOf(db, id))[0]).toMatchObject({ state: 'done', attempts: 1 });
  });
});
