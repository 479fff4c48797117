import type { TaskView } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';
import { AppError } from '../../errors.ts';
import { sessionToken } from '../../http/session-cookies.ts';
import type { SessionService } from '../session/service.ts';

export interface TaskMonitorOptions {
  /** Heartbeat comments keep proxies from closing an idle stream; each one also re-checks the session. */
  heartbeatMs?: number;
  /** Open streams per user on one instance. */
  maxStreamsPerUser?: number;
}

export interface TaskMonitorDeps {
  sessions: SessionService;
  notifier: Notifier;
  /** The user's tasks as the stream sends them; only `taskIds` when given (the changed ones). */
  viewOf: (userId: number, taskIds?: Set<string>) => Promise<TaskView[]>;
  options?: TaskMonitorOptions;
}

export const HEARTBEAT_MS = 15_000;
/**
 * Decision (finding L10: one user opened 300 streams): 8 streams per user and instance, about one per
 * visible tab (a hidden tab closes its stream). The 9th is refused with 429 spam_protection rather than
 * closing the oldest: with more visible tabs than places, closing the oldest would make every tab's
 * stream reconnect and evict another, every 3 seconds, for ever; refused, one tab simply retries.
 * Counted per instance: a user spread over N instances behind a load balancer can hold 8 × N.
 */
export const MAX_STREAMS_PER_USER = 8;
/** Changes arriving within this window are sent as one update. */
const COALESCE_MS = 100;

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * GET /api/tasks/monitor, the signed-in user's tasks as they change (spec §4): a snapshot, then
 * updates; an `unauthorized` event, then the end, once the session is no longer valid. A logout, a
 * password change or a reset on any instance signals `sessionRevoked` (events/notifier.ts), and the
 * user's streams re-check their session at once instead of at the next heartbeat.
 */
export function registerTaskMonitor(app: FastifyInstance, deps: TaskMonitorDeps): void {
  const heartbeatMs = deps.options?.heartbeatMs ?? HEARTBEAT_MS;
  const maxStreams = deps.options?.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  /** The close functions of the open streams, per user. */
  const openStreams = new Map<number, Set<() => void>>();
  // Open streams would hold the server open on shutdown: end them first.
  app.addHook('preClose', (done) => {
    for (const streams of openStreams.values()) for (const close of [...streams]) close();
    done();
  });

  app.get('/api/tasks/monitor', async (request, reply) => {
    const token = sessionToken(request);
    const userId = await deps.sessions.resolve(token);
    // HEAD: the headers a GET would have, and the end (a hijacked stream would never end).
    if (request.method === 'HEAD') return reply.headers(STREAM_HEADERS).send();
    const streams = openStreams.get(userId) ?? new Set();
    if (streams.size >= maxStreams) throw new AppError('spam_protection', { max_streams: maxStreams });
    openStreams.set(userId, streams);

    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, { ...STREAM_HEADERS, connection: 'keep-alive' });
    const send = (event: string, data: unknown) =>
      stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

    let closed = false;
    let pending = new Set<string>();
    let flushTimer: NodeJS.Timeout | undefined;
    const close = () => {
      if (closed) return;
      closed = true;
      streams.delete(close);
      if (streams.size === 0 && openStreams.get(userId) === streams) openStreams.delete(userId);
      unsubscribeTasks();
      unsubscribeRevocations();
      clearInterval(heartbeat);
      clearTimeout(flushTimer);
      stream.end();
    };
    streams.add(close);
    request.raw.once('close', close);

    const flush = async () => {
      flushTimer = undefined;
      const ids = pending;
      pending = new Set();
      send('tasks', await deps.viewOf(userId, ids));
    };
    const unsubscribeTasks = deps.notifier.subscribe(CHANNEL.taskChanged, (payload) => {
      const [owner, taskId] = payload.split(':');
      if (Number(owner) !== userId || !taskId) return;
      pending.add(taskId);
      flushTimer ??= setTimeout(() => void flush().catch(close), COALESCE_MS);
    });
    /** Ends the stream with an `unauthorized` event once its session is no longer valid. */
    const recheck = (alive: () => void) => {
      deps.sessions.resolve(token).then(alive, () => {
        if (closed) return;
        send('unauthorized', { code: 'token_invalid' });
        close();
      });
    };
    const unsubscribeRevocations = deps.notifier.subscribe(CHANNEL.sessionRevoked, (payload) => {
      if (Number(payload) === userId) recheck(() => undefined);
    });
    const heartbeat = setInterval(() => {
      recheck(() => {
        if (!closed) stream.write(': heartbeat\n\n');
      });
    }, heartbeatMs);

    stream.write('retry: 3000\n\n');
    try {
      send('tasks', await deps.viewOf(userId));
    } catch (error) {
      close();
      request.log.warn({ err: error }, 'task monitor snapshot failed');
    }
  });
}
