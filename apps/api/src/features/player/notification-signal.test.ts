import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CHANNEL } from '../../events/notifier.ts';
import { fakeNotifier } from '../../../test/fake-notifier.ts';
import { createNotificationSignals, registerNotificationSignal } from './notification-signal.ts';

describe('the pending signals (bounded map)', () => {
  it('signals a user once per marking, whatever the number of notifications', () => {
    const signals = createNotificationSignals(10);
    signals.mark(1, 5);
    signals.mark(1, 7);
    signals.mark(1, 6);
    expect(signals.pendingFor(1)).toBe(7);
    expect(signals.take(1)).toBe(true);
    expect(signals.take(1)).toBe(false);
    expect(signals.take(2)).toBe(false);
    expect(signals.size).toBe(0);
  });

  it('drops the oldest users beyond its cap; marking again makes a user the newest', () => {
    const signals = createNotificationSignals(3);
    signals.mark(1, 1);
    signals.mark(2, 2);
    signals.mark(3, 3);
    signals.mark(1, 4); // user 1 is now the newest: user 2 is the oldest
    signals.mark(4, 5);
    expect(signals.size).toBe(3);
    expect(signals.pendingFor(2)).toBeUndefined();
    expect([1, 3, 4].map((user) => signals.pendingFor(user))).toEqual([4, 3, 5]);
    for (let user = 10; user < 1_000; user += 1) signals.mark(user, user);
    expect(signals.size).toBe(3);
    expect([997, 998, 999].every((user) => signals.take(user))).toBe(true);
  });
});

describe('the x-notification header', () => {
  async function appWith() {
    const { notifier, emit, subscriptions: count } = fakeNotifier();
    const app = Fastify();
    app.decorateRequest('viewer', null);
    // The route-auth hook's stand-in: a `user` query parameter signs the request in.
    app.addHook('onRequest', (request, _reply, done) => {
      const user = (request.query as { user?: string }).user;
      request.viewer = user ? { id: Number(user) } : null;
      done();
    });
    const signals = registerNotificationSignal(app, { notifier, maxUsers: 100 });
    app.get('/api/private', async (_request, reply) => reply.header('cache-control', 'no-store').send({}));
    app.get('/api/mine', async (_request, reply) =>
      reply.header('cache-control', 'private, max-age=60').send({}),
    );
    app.get('/api/public', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send({}),
    );
    app.get('/elsewhere', async (_request, reply) => reply.header('cache-control', 'no-store').send({}));
    await app.ready();
    const header = async (url: string) => (await app.inject({ url })).headers['x-notification'];
    return { app, emit, count, signals, header };
  }

  it("goes once on the user's next per-user /api answer, and never to anyone else", async () => {
    const { app, emit, header } = await appWith();
    emit(CHANNEL.notificationCreated, '7:41');
    emit(CHANNEL.notificationCreated, '7:42');
    expect(await header('/api/private?user=8')).toBeUndefined();
    expect(await header('/api/private')).toBeUndefined();
    // Not outside /api, nor on an answer a shared cache may keep: the signal waits.
    expect(await header('/elsewhere?user=7')).toBeUndefined();
    expect(await header('/api/public?user=7')).toBeUndefined();
    expect(await header('/api/private?user=7')).toBe('1');
    expect(await header('/api/private?user=7')).toBeUndefined();
    emit(CHANNEL.notificationCreated, '7:43');
    expect(await header('/api/mine?user=7')).toBe('1');
    await app.close();
  });

  it('ignores malformed payloads and unsubscribes on close', async () => {
    const { app, emit, count, signals } = await appWith();
    for (const payload of ['', '7', '7:', ':3', 'x:3', '-1:3', '7:abc', '1.5:2', '7:0']) {
      emit(CHANNEL.notificationCreated, payload);
    }
    expect(signals.size).toBe(0);
    expect(count()).toBe(1);
    await app.close();
    expect(count()).toBe(0);
  });
});
