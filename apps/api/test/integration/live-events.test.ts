import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, notifyExpression, type Channel } from '../../src/events/notifier.ts';
import { appendEvent } from '../../src/features/outbox/index.ts';
import { signedIn } from '../gallery-fixtures.ts';
import { enqueuePaidTask } from '../generation-fixtures.ts';
import { newPlayer } from '../player-fixtures.ts';
import { codeOf, createTestApp, type TestContext } from '../harness.ts';
import { openSseStream, type SseStream } from '../sse-stream.ts';

/**
 * GET /api/events, the signed-in user's one live stream (features/live): the user's own task changes,
 * balance changes, notifications and player changes, never another user's; guests refused. Signals are sent the way the
 * services send them, with pg_notify through the database, so they travel through the instance's one
 * LISTEN and the per-user listener map. The heartbeat is 10 minutes, so no stream ends by itself here.
 */
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ deps: { liveStreams: { heartbeatMs: 10 * 60_000 } } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const open: SseStream[] = [];
afterEach(() => {
  for (const stream of open.splice(0)) stream.destroy();
});
afterAll(async () => {
  await t.close();
});

const openStream = (url: string, cookie?: string) => openSseStream(base, url, cookie, open);

/** Signals the way the services do: pg_notify through the database, delivered on commit. */
async function signal(channel: Channel, payload: string) {
  await sql`select ${notifyExpression(channel, payload)}`.execute(t.database.db);
}

async function userWithStream(url = '/api/events') {
  const { client, id } = await signedIn(t);
  const stream = await openStream(url, client.cookieHeader());
  expect(stream.status).toBe(200);
  await stream.received('event: tasks\ndata: []');
  return { client, id, stream };
}

describe('GET /api/events', () => {
  it('refuses a guest and a forged session with 401', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(guest.statusCode).toBe(401);
    expect(codeOf(guest.json())).toBe('token_missing');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie: 'mirage_session=not-a-session' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("sends a user their own task changes, and never another user's", async () => {
    const alice = await userWithStream();
    const bob = await userWithStream();
    expect(alice.stream.text()).toContain('retry: 3000');

    const alicesTask = await enqueuePaidTask(t, alice.id);
    await signal(CHANNEL.taskChanged, `${alice.id}:${alicesTask.id}`);
    await alice.stream.received(alicesTask.id);

    // Bob's own change, signalled after Alice's: once it arrived, a misrouted one would have too.
    const bobsTask = await enqueuePaidTask(t, bob.id);
    await signal(CHANNEL.taskChanged, `${bob.id}:${bobsTask.id}`);
    await bob.stream.received(bobsTask.id);
    expect(bob.stream.text()).not.toContain(alicesTask.id);
    // The snapshot and his own update: no (empty) update for Alice's task.
    expect(bob.stream.count('tasks')).toBe(2);
    expect(alice.stream.text()).not.toContain(bobsTask.id);
  });

  it("sends a user their own balance changes and notifications, and never another user's", async () => {
    const alice = await userWithStream();
    const bob = await userWithStream();

    await signal(CHANNEL.balanceChanged, String(alice.id));
    await signal(CHANNEL.notificationCreated, `${alice.id}:n-alice-1`);
    await alice.stream.received('event: notification\ndata: {"id":"n-alice-1"}');
    expect(alice.stream.text()).toContain('event: balance\ndata: {}');

    await signal(CHANNEL.balanceChanged, String(bob.id));
    await bob.stream.received('event: balance');
    expect(bob.stream.count('balance')).toBe(1);
    // Bob's stream may carry his own notifications (his first day's, from the player projector), never Alice's.
    expect(bob.stream.text()).not.toContain('n-alice-1');
    expect(alice.stream.count('balance')).toBe(1);
  });

  it('tells a user when the player projector changed their player, and no one else', async () => {
    // Players whose first day has been projected already, so that nothing else changes them meanwhile.
    const [alice, bob] = [await newPlayer(t), await newPlayer(t)];
    const aliceStream = await openStream('/api/events', alice.client.cookieHeader());
    const bobStream = await openStream('/api/events', bob.client.cookieHeader());
    await Promise.all([aliceStream.received('event: tasks'), bobStream.received('event: tasks')]);

    await t.database.db
      .transaction()
      .execute((trx) =>
        appendEvent(trx, { type: 'gallery.scrolled', payload: { userId: alice.id, count: 3 } }),
      );
    await t.services.outbox.drain();
    await aliceStream.received('event: player\ndata: {}');
    // A signal for Bob after Alice's: once it has arrived, Alice's would have too had it been routed to him.
    await signal(CHANNEL.playerChanged, String(bob.id));
    await bobStream.received('event: player');
    expect(bobStream.count('player')).toBe(1);
    expect(aliceStream.count('player')).toBe(1);
  });

  it('tells a user when the ledger moves their balances (a paid task debits tickets)', async () => {
    const alice = await userWithStream();
    await enqueuePaidTask(t, alice.id);
    await alice.stream.received('event: balance\ndata: {}');
  });

  it('drops malformed signals without ending anyone’s stream', async () => {
    const alice = await userWithStream();
    for (const payload of ['', ':', 'x:1', `${alice.id}:`, '-1:abc', `${alice.id}`]) {
      await signal(CHANNEL.taskChanged, payload);
    }
    await signal(CHANNEL.balanceChanged, 'not-a-user');
    await signal(CHANNEL.balanceChanged, String(alice.id));
    await alice.stream.received('event: balance');
    expect(alice.stream.count('tasks')).toBe(1);
  });

  it('the task monitor carries tasks only, in its own format', async () => {
    const alice = await userWithStream('/api/tasks/monitor');
    const events = await openStream('/api/events', alice.client.cookieHeader());
    await events.received('event: tasks');

    await signal(CHANNEL.balanceChanged, String(alice.id));
    await events.received('event: balance');
    const task = await enqueuePaidTask(t, alice.id);
    await signal(CHANNEL.taskChanged, `${alice.id}:${task.id}`);
    await alice.stream.received(task.id);
    expect(alice.stream.count('balance')).toBe(0);
  });
});
