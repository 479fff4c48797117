import { AppError } from '../../errors.ts';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';

/** What a user's open stream is told; the stream reads the data itself (signals carry ids only). */
export type LiveSignal =
  | { kind: 'task'; taskId: string }
  | { kind: 'balance' }
  | { kind: 'notification'; id: string }
  | { kind: 'player' }
  | { kind: 'session_revoked' };

/** One open stream of one user. */
export interface LiveConnection {
  signal: (signal: LiveSignal) => void;
  /** Ends the stream with the reconnect hint (the instance shuts down, or lost signals). */
  close: () => void;
}

export interface LiveHub {
  /**
   * Adds a stream of `userId`; returns its removal. Throws 429 spam_protection when the user already
   * holds `maxStreamsPerUser` streams on this instance.
   */
  connect: (userId: number, connection: LiveConnection) => () => void;
  /** Ends every open stream (before the server closes: an open stream would hold it open). */
  closeAll: () => void;
  /** Stops listening to the notifier. */
  stop: () => void;
}

/**
 * Decision (finding L10: one user opened 300 streams): 8 streams per user and instance, about one per
 * visible tab (a hidden tab closes its stream). The 9th is refused with 429 spam_protection rather than
 * closing the oldest: with more visible tabs than places, closing the oldest would make every tab's
 * stream reconnect and evict another, every 3 seconds, for ever; refused, one tab simply retries.
 * Counted per instance: a user spread over N instances behind a load balancer can hold 8 × N.
 */
export const MAX_STREAMS_PER_USER = 8;

/** A positive integer id, or undefined (a malformed payload is dropped, never routed to user NaN). */
function userIdOf(text: string | undefined): number | undefined {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The per-user listener map of one API instance. The notifier holds one LISTEN per channel for the
 * instance; the hub subscribes to each user-keyed channel once and hands a signal to the open streams
 * of the user it names, and to no one else. A stream therefore costs nothing when other users' tasks
 * change (before, every stream received and filtered every user's events).
 */
export function createLiveHub(notifier: Notifier, maxStreamsPerUser = MAX_STREAMS_PER_USER): LiveHub {
  const streams = new Map<number, Set<LiveConnection>>();
  const route = (userId: number | undefined, signal: LiveSignal) => {
    if (userId === undefined) return;
    for (const connection of streams.get(userId) ?? []) connection.signal(signal);
  };
  /** "<userId>:<id>" payloads (task and notification channels). */
  const pair = (payload: string): [number | undefined, string] => {
    const separator = payload.indexOf(':');
    if (separator < 0) return [undefined, ''];
    return [userIdOf(payload.slice(0, separator)), payload.slice(separator + 1)];
  };
  const unsubscribe = [
    notifier.subscribe(CHANNEL.taskChanged, (payload) => {
      const [userId, taskId] = pair(payload);
      if (taskId) route(userId, { kind: 'task', taskId });
    }),
    notifier.subscribe(CHANNEL.balanceChanged, (payload) => route(userIdOf(payload), { kind: 'balance' })),
    notifier.subscribe(CHANNEL.notificationCreated, (payload) => {
      const [userId, id] = pair(payload);
      if (id) route(userId, { kind: 'notification', id });
    }),
    notifier.subscribe(CHANNEL.playerChanged, (payload) => route(userIdOf(payload), { kind: 'player' })),
    notifier.subscribe(CHANNEL.sessionRevoked, (payload) =>
      route(userIdOf(payload), { kind: 'session_revoked' }),
    ),
    // The LISTEN connection came back after PostgreSQL restarted or failed over: the signals sent while
    // it was down are lost, so every stream ends with the reconnect hint and the browsers reconnect to a
    // fresh snapshot of their tasks within a second.
    notifier.onRelisten?.(() => closeAll()) ?? (() => undefined),
  ];
  function closeAll() {
    for (const own of [...streams.values()]) for (const connection of [...own]) connection.close();
  }

  return {
    connect(userId, connection) {
      const own = streams.get(userId) ?? new Set();
      if (own.size >= maxStreamsPerUser) {
        throw new AppError('spam_protection', { max_streams: maxStreamsPerUser });
      }
      own.add(connection);
      streams.set(userId, own);
      return () => {
        own.delete(connection);
        if (own.size === 0 && streams.get(userId) === own) streams.delete(userId);
      };
    },
    closeAll,
    stop() {
      for (const stop of unsubscribe) stop();
    },
  };
}
