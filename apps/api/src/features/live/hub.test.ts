import { describe, expect, it } from 'vitest';
import { CHANNEL } from '../../events/notifier.ts';
import { fakeNotifier } from '../../../test/fake-notifier.ts';
import { createLiveHub, type LiveConnection, type LiveSignal } from './hub.ts';

function connection() {
  const received: LiveSignal[] = [];
  let closed = false;
  const self: LiveConnection & { received: LiveSignal[]; isClosed: () => boolean } = {
    signal: (signal) => received.push(signal),
    close: () => (closed = true),
    received,
    isClosed: () => closed,
  };
  return self;
}

describe('the live hub (per-user listener map)', () => {
  it('subscribes once per channel, however many streams are open', () => {
    const { notifier, subscriptions } = fakeNotifier();
    const hub = createLiveHub(notifier);
    const before = subscriptions();
    for (let user = 1; user <= 20; user++) hub.connect(user, connection());
    expect(subscriptions()).toBe(before);
    hub.stop();
    expect(subscriptions()).toBe(0);
  });

  it("routes each signal to the named user's streams only", () => {
    const { notifier, emit } = fakeNotifier();
    const hub = createLiveHub(notifier);
    const alice = [connection(), connection()];
    const bob = connection();
    for (const stream of alice) hub.connect(7, stream);
    hub.connect(8, bob);

    emit(CHANNEL.taskChanged, '7:task-a');
    emit(CHANNEL.balanceChanged, '7');
    emit(CHANNEL.notificationCreated, '7:n1');
    emit(CHANNEL.sessionRevoked, '7');
    const expected: LiveSignal[] = [
      { kind: 'task', taskId: 'task-a' },
      { kind: 'balance' },
      { kind: 'notification', id: 'n1' },
      { kind: 'session_revoked' },
    ];
    for (const stream of alice) expect(stream.received).toEqual(expected);
    expect(bob.received).toEqual([]);
  });

  it('drops malformed payloads', () => {
    const { notifier, emit } = fakeNotifier();
    const hub = createLiveHub(notifier);
    const stream = connection();
    hub.connect(7, stream);
    for (const payload of ['', '7', '7:', ':task', 'x:task', '-7:task', '7.5:task']) {
      emit(CHANNEL.taskChanged, payload);
    }
    emit(CHANNEL.balanceChanged, 'seven');
    emit(CHANNEL.sessionRevoked, '');
    expect(stream.received).toEqual([]);
  });

  it('refuses a stream over the per-user cap, and frees a place when one closes', () => {
    const { notifier } = fakeNotifier();
    const hub = createLiveHub(notifier, 2);
    const first = hub.connect(7, connection());
    hub.connect(7, connection());
    expect(() => hub.connect(7, connection())).toThrow(expect.objectContaining({ code: 'spam_protection' }));
    expect(() => hub.connect(8, connection())).not.toThrow();
    first();
    expect(() => hub.connect(7, connection())).not.toThrow();
  });

  it('stops routing to a removed stream and closes every open one on shutdown', () => {
    const { notifier, emit } = fakeNotifier();
    const hub = createLiveHub(notifier);
    const gone = connection();
    const kept = connection();
    const remove = hub.connect(7, gone);
    hub.connect(7, kept);
    remove();
    emit(CHANNEL.balanceChanged, '7');
    expect(gone.received).toEqual([]);
    expect(kept.received).toEqual([{ kind: 'balance' }]);
    hub.closeAll();
    expect(kept.isClosed()).toBe(true);
    expect(gone.isClosed()).toBe(false);
  });

  it('ends every stream with the reconnect hint when the LISTEN connection comes back (signals were lost)', () => {
    const { notifier, relisten, subscriptions } = fakeNotifier();
    const hub = createLiveHub(notifier);
    const streams = [connection(), connection()];
    hub.connect(7, streams[0]!);
    hub.connect(8, streams[1]!);
    relisten();
    expect(streams.map((stream) => stream.isClosed())).toEqual([true, true]);
    hub.stop();
    expect(subscriptions()).toBe(0);
  });
});
