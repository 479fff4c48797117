import { xpFor, type DomainEvent, type DomainEventOf } from '@mirage/domain';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import {
  appendEvent,
  createOutboxDispatcher,
  type OutboxDispatcher,
} from '../../src/features/outbox/index.ts';
import { PLAYER_PROJECTOR } from '../../src/features/player/projector.ts';
import { newPlayer } from '../player-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';

/**
 * docs/product/player.md#exactly-once: "a crash between the projector's writes and the outbox's processed
 * marker never loses or doubles XP", through the real dispatcher (features/outbox/dispatcher.ts) and the
 * app's real handlers, the player projector among them.
 *
 * How the dispatcher is built decides where a crash can fall: a batch of deliveries runs in one
 * transaction, each handler inside its own savepoint, and the processed markers of the whole batch are
 * written by one statement at its end, committed with the handlers' writes. So:
 * - a handler that throws (another handler of the same event, say) is not "between" anything: its savepoint
 *   is rolled back and the projector's writes and marker still commit together. The point that really
 *   sits between the projector's writes and a durable marker is the end of the batch transaction: after
 *   the writes and the marker statement, before COMMIT. The test fails the transaction exactly there (a
 *   wrapper around the dispatcher's database, no seam in production code) and checks, inside it, that
 *   the writes and the marker were both made;
 * - "the writes committed but the marker was not recorded" cannot happen through the dispatcher (one
 *   transaction). It is what an operator's replay, a rebuilt delivery or a second dispatcher without the
 *   marker would do, so the test makes it by hand: the marker deleted and the event fanned out again,
 *   and the projector's handler called twice with one event id and no outbox at all. What then keeps XP
 *   from doubling is the projector's own marker (`player_projected_event`, progress-repository.ts).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // The app's own dispatcher is only drained by hand here (newPlayer): in the background it would take
  // the test's deliveries before the crashing dispatcher does.
  await t.services.outbox.stop();
});
afterAll(async () => {
  await t.close();
});

const silent = { warn: () => undefined, error: () => undefined };

/** What runs after a batch transaction's work and before its COMMIT; throwing rolls the batch back. */
type BeforeCommit = (trx: Transaction<Database>) => Promise<void>;

/**
 * The database as the dispatcher sees it, where a transaction can be failed after its callback finished
 * (every delivery handled, the markers written) and before it commits: the database's view of a process
 * that died right before COMMIT. Everything else goes to the real database.
 */
function failingBeforeCommit(db: DB, hook: { beforeCommit?: BeforeCommit }): DB {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => ({
          execute: <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
            target.transaction().execute(async (trx) => {
              const result = await work(trx);
              await hook.beforeCommit?.(trx);
              return result;
            }),
        });
      }
      // Bound to the real instance: Kysely keeps its state in private fields.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function dispatcherOver(hook: { beforeCommit?: BeforeCommit }): OutboxDispatcher {
  return createOutboxDispatcher({
    db: failingBeforeCommit(t.database.db, hook),
    handlers: t.services.eventHandlers,
    log: silent,
  });
}

let counter = 0;
/** An approved report (20 XP, a counter, a `report` notification, the first report's achievement) and an image. */
function eventsFor(userId: number): DomainEvent[] {
  counter += 1;
  return [
    { type: 'report.approved', payload: { reportId: 700_000 + counter, reporterId: userId, imageId: null } },
    {
      type: 'task.done',
      payload: { taskId: `crash-${counter}`, userId, jobType: 'txt2img', imageId: 800_000 + counter },
    },
  ];
}
const XP_OF_EVENTS = xpFor('report_approved') + xpFor('generation');

async function append(events: readonly DomainEvent[]): Promise<number[]> {
  const ids: number[] = [];
  for (const event of events) ids.push((await appendEvent(t.database.db, event))!);
  return ids;
}

/** The player's progress as the projector leaves it: XP, counters, achievements and notifications. */
async function progressOf(executor: DB, userId: number) {
  const player = await executor
    .selectFrom('player')
    .select(['level', 'xp_total', 'xp_progress', 'approved_reports', 'image_generated'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const count = async (table: 'notification' | 'player_achievement') => {
    const row = await executor
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    ...player,
    notifications: await count('notification'),
    achievements: await count('player_achievement'),
  };
}

/** The player projector's outbox markers of `eventIds` (state and attempts), in the given executor's view. */
async function markersOf(executor: DB, eventIds: number[]) {
  return executor
    .selectFrom('outbox_delivery')
    .select(['event_id', 'state', 'attempts'])
    .where('event_id', 'in', eventIds)
    .where('handler', '=', PLAYER_PROJECTOR)
    .orderBy('event_id')
    .execute();
}

async function projectedOf(executor: DB, eventIds: number[]): Promise<number> {
  const rows = await executor
    .selectFrom('player_projected_event')
    .select('event_id')
    .where('event_id', 'in', eventIds)
    .execute();
  return rows.length;
}

/** The expected progress once the events are applied once: 30 XP, two counters, two notifications. */
function appliedOnce(before: Awaited<ReturnType<typeof progressOf>>) {
  return {
    xp_total: before.xp_total + XP_OF_EVENTS,
    approved_reports: before.approved_reports + 1,
    image_generated: before.image_generated + 1,
    // The report's own notification and the achievement of the first approved report.
    notifications: before.notifications + 2,
    achievements: before.achievements + 1,
  };
}

describe('a crash after the projector wrote, before the batch committed', () => {
  it('delivers the events again, and the XP, counters and notifications are counted once', async () => {
    const { id } = await newPlayer(t);
    const before = await progressOf(t.database.db, id);
    const hook: { beforeCommit?: BeforeCommit } = {};
    const dispatcher = dispatcherOver(hook);
    const eventIds = await append(eventsFor(id));

    let seenInside: unknown;
    hook.beforeCommit = async (trx) => {
      hook.beforeCommit = undefined; // once
      // Inside the doomed transaction: the projector's writes and the outbox markers are both there.
      seenInside = {
        progress: await progressOf(trx, id),
        projected: await projectedOf(trx, eventIds),
        markers: await markersOf(trx, eventIds),
      };
      throw new Error('simulated crash before COMMIT');
    };
    await expect(dispatcher.drain()).rejects.toThrow('simulated crash before COMMIT');
    expect(seenInside).toMatchObject({
      progress: appliedOnce(before),
      projected: 2,
      markers: eventIds.map((eventId) => ({ event_id: eventId, state: 'done', attempts: 1 })),
    });

    // Nothing of it survived: no XP, no projector marker, and the deliveries are pending as if never run
    // (a crash leaves no failure behind either: no backoff, no attempt counted).
    expect(await progressOf(t.database.db, id)).toEqual(before);
    expect(await projectedOf(t.database.db, eventIds)).toBe(0);
    expect(await markersOf(t.database.db, eventIds)).toEqual(
      eventIds.map((eventId) => ({ event_id: eventId, state: 'pending', attempts: 0 })),
    );

    // The next pass delivers them again: applied once.
    await dispatcher.drain();
    expect(await progressOf(t.database.db, id)).toMatchObject(appliedOnce(before));
    expect(await markersOf(t.database.db, eventIds)).toEqual(
      eventIds.map((eventId) => ({ event_id: eventId, state: 'done', attempts: 1 })),
    );
    // And a further pass finds nothing more to do.
    const settled = await progressOf(t.database.db, id);
    await dispatcher.drain();
    expect(await progressOf(t.database.db, id)).toEqual(settled);
  });
});

describe('the projector committed, but the outbox marker is missing', () => {
  it('a delivery rebuilt from scratch (marker deleted, event fanned out again) changes nothing', async () => {
    const { id } = await newPlayer(t);
    const before = await progressOf(t.database.db, id);
    const dispatcher = dispatcherOver({});
    const eventIds = await append(eventsFor(id));
    await dispatcher.drain();
    const once = await progressOf(t.database.db, id);
    expect(once).toMatchObject(appliedOnce(before));

    // As if the marker had never been written: the projector's delivery rows go, and the events are
    // fanned out again, so the dispatcher creates and runs the player deliveries anew.
    await t.database.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('outbox_delivery')
        .where('event_id', 'in', eventIds)
        .where('handler', '=', PLAYER_PROJECTOR)
        .execute();
      await trx.updateTable('outbox').set({ fanned_out: false }).where('id', 'in', eventIds).execute();
    });
    expect(await markersOf(t.database.db, eventIds)).toEqual([]);
    await dispatcher.drain();

    // Delivered again (a new marker, its first attempt), applied once.
    expect(await markersOf(t.database.db, eventIds)).toEqual(
      eventIds.map((eventId) => ({ event_id: eventId, state: 'done', attempts: 1 })),
    );
    expect(await progressOf(t.database.db, id)).toEqual(once);
  });

  it("the projector's handler run twice with one event id, without the outbox, applies it once", async () => {
    const { id } = await newPlayer(t);
    const before = await progressOf(t.database.db, id);
    counter += 1;
    const report: DomainEventOf<'report.approved'> = {
      type: 'report.approved',
      payload: { reportId: 700_000 + counter, reporterId: id, imageId: null },
    };
    // A real outbox id, marked fanned out so that no dispatcher ever delivers it: only the direct calls run.
    const eventId = await t.database.db.transaction().execute(async (trx) => {
      const appended = (await appendEvent(trx, report))!;
      await sql`update outbox set fanned_out = true where id = ${appended}`.execute(trx);
      return appended;
    });
    const handler = t.services.eventHandlers.find(report.type, PLAYER_PROJECTOR)!;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      // Each run in its own committed transaction, with no outbox marker at all.
      await t.database.db.transaction().execute((trx) =>
        handler(report, {
          trx,
          eventId,
          attempt,
          idempotencyKey: `${PLAYER_PROJECTOR}:${eventId}`,
          occurredAt: new Date(),
        }),
      );
    }
    expect(await progressOf(t.database.db, id)).toMatchObject({
      xp_total: before.xp_total + xpFor('report_approved'),
      approved_reports: before.approved_reports + 1,
      image_generated: before.image_generated,
      notifications: before.notifications + 2,
      achievements: before.achievements + 1,
    });
    expect(await projectedOf(t.database.db, [eventId])).toBe(1);
  });
});
