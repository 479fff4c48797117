import { LIVE_EVENT, type LiveEventData, type LiveEventName, type TaskView } from '@mirage/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { Notifier } from '../../events/notifier.ts';
import type { AppMetrics } from '../../http/metrics-registry.ts';
import { userIdOf } from '../../http/route-auth.ts';
import { sessionToken } from '../../http/session-cookies.ts';
import type { SessionService } from '../session/index.ts';
import { createHeartbeats } from './heartbeat.ts';
import { createLiveHub, MAX_STREAMS_PER_USER, type LiveSignal } from './hub.ts';

export interface LiveStreamOptions {
  /**
   * Heartbeat comments keep proxies from closing an idle stream; each stream's session is re-checked with
   * its heartbeat (heartbeat.ts).
   */
  heartbeatMs?: number;
  /** Open streams per user on one instance, all streams together. */
  maxStreamsPerUser?: number;
}

/** The user's tasks as the stream sends them; only `taskIds` when given (the changed ones). */
export type TaskViewReader = (userId: number, taskIds?: Set<string>) => Promise<TaskView[]>;

/** What one stream carries besides `unauthorized` (always sent). */
export type LiveTopic = 'tasks' | 'balance' | 'notification' | 'player';

export interface LiveStreamSource {
  topics: ReadonlySet<LiveTopic>;
  taskViews: TaskViewReader;
  /**
   * Whose stream it is when not the signed-in user's: the guest trial's session (features/guest), by
   * the owner account of its task, and how its heartbeat re-checks that the session still stands.
   */
  viewer?: { userId: number; stillValid: () => Promise<boolean> };
}

export interface LiveStreams {
  /** Answers `request` with the signed-in user's stream (a hijacked reply that stays open). */
  open: (request: FastifyRequest, reply: FastifyReply, source: LiveStreamSource) => Promise<unknown>;
}

export const HEARTBEAT_MS = 15_000;
/**
 * The reconnection delay a stream ended by a shutdown asks for: the browser's EventSource reconnects
 * after it by itself, and the balancer sends it to an instance that takes traffic.
 */
export const SHUTDOWN_RETRY_MS = 1000;
/** The last frame of a stream this instance ends because it shuts down: the delay, then a comment. */
export const SHUTDOWN_FRAME = `retry: ${SHUTDOWN_RETRY_MS}\n\n: this instance is shutting down; reconnect\n\n`;
/**
 * A stream sends a change at once (in the next turn, so the signals of one turn go together), then sends
 * the changes that follow within this window as one update at its end: a burst of progress reports costs
 * at most one update per window, and a lone change waits for nothing (the fan-out target is 100 ms p99).
 */
export const COALESCE_MS = 50;

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * The live streams of this instance (GET /api/events and GET /api/tasks/monitor): a snapshot of the
 * user's tasks, then what changes; an `unauthorized` event, then the end, once the session is no longer
 * valid. A logout, a password change or a reset on any instance signals `sessionRevoked`, and the user's
 * streams re-check their session at once instead of at the next heartbeat.
 */
export function createLiveStreams(
  app: FastifyInstance,
  deps: {
    notifier: Notifier;
    sessions: SessionService;
    options?: LiveStreamOptions;
    /** Aborts when the instance starts shutting down (lifecycle.ts): every stream ends at once. */
    draining?: AbortSignal;
    /** The open streams gauge (http/metrics-registry.ts). */
    metrics: Pick<AppMetrics, 'liveStreamOpened'>;
  },
): LiveStreams {
  const heartbeatMs = deps.options?.heartbeatMs ?? HEARTBEAT_MS;
  const hub = createLiveHub(deps.notifier, deps.options?.maxStreamsPerUser ?? MAX_STREAMS_PER_USER);
  const heartbeats = createHeartbeats(deps.sessions, heartbeatMs, (error) =>
    app.log.warn({ err: error }, 'live stream heartbeat check failed'),
  );
  /**
   * The serialised data of an event, by its data object: a user's streams flushing together are handed the
   * same views (task/view.ts), so 8 streams of one user cost one JSON.stringify.
   */
  const serialised = new WeakMap<object, string>();
  const serialise = (data: object) => {
    let json = serialised.get(data);
    if (json === undefined) {
      json = JSON.stringify(data);
      serialised.set(data, json);
    }
    return json;
  };
  // A draining instance ends its streams with the reconnect hint at once, while its in-flight requests
  // finish; the browsers' reconnections go to instances that take traffic.
  deps.draining?.addEventListener('abort', () => hub.closeAll(), { once: true });
  // Open streams would hold the server open on shutdown: end them first.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });
  app.addHook('onClose', () => {
    hub.stop();
    heartbeats.stop();
  });

  async function open(request: FastifyRequest, reply: FastifyReply, source: LiveStreamSource) {
    const guest = source.viewer;
    const token = guest ? undefined : sessionToken(request);
    // The route's `auth: 'user'` resolved the viewer (http/route-auth.ts); the token is kept for the
    // heartbeat's and revocations' re-checks of the session.
    const userId = guest ? guest.userId : userIdOf(request);
    // HEAD: the headers a GET would have, and the end (a hijacked stream would never end).
    if (request.method === 'HEAD') return reply.headers(STREAM_HEADERS).send();
    // Opened while draining (the balancer has not noticed yet): only the reconnect hint, and the end.
    if (deps.draining?.aborted) {
      reply.hijack();
      reply.raw.writeHead(200, { ...STREAM_HEADERS, connection: 'close' });
      reply.raw.end(SHUTDOWN_FRAME);
      return;
    }

    let closed = false;
    let pendingTasks = new Set<string>();
    let pendingBalance = false;
    let pendingNotifications: string[] = [];
    let pendingPlayer = false;
    let flushTimer: NodeJS.Timeout | undefined;
    let lastFlushAt = Number.NEGATIVE_INFINITY;
    const stream = reply.raw;
    const send = <E extends LiveEventName>(event: E, data: LiveEventData[E]) =>
      stream.write(`event: ${event}\ndata: ${serialise(data)}\n\n`);

    const flush = async () => {
      flushTimer = undefined;
      lastFlushAt = performance.now();
      const taskIds = pendingTasks;
      const balance = pendingBalance;
      const notifications = pendingNotifications;
      const player = pendingPlayer;
      pendingTasks = new Set();
      pendingPlayer = false;
      pendingBalance = false;
      pendingNotifications = [];
      if (taskIds.size > 0) {
        const views = await source.taskViews(userId, taskIds);
        if (!closed) send(LIVE_EVENT.tasks, views);
      }
      if (closed) return;
      if (balance) send(LIVE_EVENT.balance, {});
      if (player) send(LIVE_EVENT.player, {});
      for (const id of notifications) send(LIVE_EVENT.notification, { id });
    };
    const later = () => {
      const wait = Math.max(0, lastFlushAt + COALESCE_MS - performance.now());
      flushTimer ??= setTimeout(() => void flush().catch(close), wait);
    };
    /** The session is no longer valid: an `unauthorized` event (the web then stops for good), and the end. */
    const expire = () => {
      if (closed) return;
      send(LIVE_EVENT.unauthorized, { code: 'token_invalid' });
      close();
    };
    /** Re-checks the session at once (a revocation was signalled for this user). */
    const recheck = () => {
      if (guest) return; // a guest session is not an account's: no account revocation names it
      deps.sessions.resolve(token).then(
        () => undefined,
        // Only a session found gone ends the stream. A check that could not run (the database
        // restarting: not an AppError) waits for the next heartbeat's.
        (error: unknown) => {
          if (error instanceof AppError) expire();
        },
      );
    };
    const signal = (received: LiveSignal) => {
      switch (received.kind) {
        case 'task':
          if (!source.topics.has('tasks')) return;
          pendingTasks.add(received.taskId);
          return later();
        case 'balance':
          if (!source.topics.has('balance')) return;
          pendingBalance = true;
          return later();
        case 'notification':
          if (!source.topics.has('notification')) return;
          pendingNotifications.push(received.id);
          return later();
        case 'player':
          if (!source.topics.has('player')) return;
          pendingPlayer = true;
          return later();
        case 'session_revoked':
          return recheck();
      }
    };
    const close = () => {
      if (closed) return;
      closed = true;
      disconnect();
      stopBeating();
      clearTimeout(flushTimer);
      counted();
      stream.end();
    };
    /**
     * The instance shuts down: the reconnect hint, the end, and the connection closed (an idle kept-alive
     * connection would hold the server's close until the end of the grace period).
     */
    const closeForShutdown = () => {
      if (closed) return;
      stream.write(SHUTDOWN_FRAME);
      stream.once('finish', () => request.raw.socket.end());
      close();
    };
    // Throws 429 spam_protection before anything is written: the refusal is an ordinary error answer.
    const disconnect = hub.connect(userId, { signal, close: closeForShutdown });
    const counted = deps.metrics.liveStreamOpened(request.routeOptions.url ?? 'unknown');

    reply.hijack();
    stream.writeHead(200, { ...STREAM_HEADERS, connection: 'keep-alive' });
    request.raw.once('close', close);
    const stopBeating = heartbeats.add({
      token,
      ...(guest ? { check: guest.stillValid } : {}),
      beat: () => {
        if (!closed) stream.write(': heartbeat\n\n');
      },
      expire,
    });

    stream.write('retry: 3000\n\n');
    if (!source.topics.has('tasks')) return;
    try {
      const snapshot = await source.taskViews(userId);
      if (!closed) send(LIVE_EVENT.tasks, snapshot);
    } catch (error) {
      close();
      request.log.warn({ err: error }, 'live stream snapshot failed');
    }
  }

  return { open };
}
