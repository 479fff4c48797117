/**
 * The signed-in user's one live stream, GET /api/events (docs/architecture/stream.md): one EventSource
 * for the whole app, whose events features subscribe to (useLiveEvent). Names and shapes come from
 * packages/domain (live-stream.ts), as the API writes them.
 *
 * - The stream closes while the tab is hidden (the server caps streams per user, about one per visible
 *   tab) and reopens when the tab is shown or focused again, with a fresh snapshot of tasks.
 * - A stream the server ended is reopened after at most 3000 ms; an `unauthorized` event closes it until
 *   the next sign-in.
 * - Signals sent while no stream was open are lost: each open after the first since sign-in (the browser
 *   reconnected, a new stream after an error, the tab shown again) is told to `onReopen` subscribers, which
 *   read again what those signals would have refreshed (./liveRefresh.ts).
 * - Tasks arrive as a snapshot, then changes. The stream keeps the latest view of each task, and a
 *   feature that subscribes to `tasks` later (a page opened now, the viewer reopened) first receives
 *   those: it sees the same "snapshot, then changes" as if it had opened its own stream.
 */
import {
  LIVE_EVENT,
  LIVE_STREAM_URL,
  type LiveEventData,
  type LiveEventName,
  type TaskView,
} from '@mirage/domain';

/** Spec: "stream retry up to 3000 ms". */
export const STREAM_RETRY_MS = 3000;
/** EventSource.CLOSED, readable where no EventSource exists (tests). */
const CLOSED = 2;

/** The part of EventSource the stream uses. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener: (type: string, listener: (event: { data?: unknown }) => void) => void;
  onerror: ((event: never) => void) | null;
  close: () => void;
}

export interface LiveStreamEnvironment {
  /** Opens an EventSource with credentials. */
  open: (url: string) => EventSourceLike;
  isHidden: () => boolean;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

export type LiveHandler<E extends LiveEventName> = (data: LiveEventData[E]) => void;

export interface LiveStream {
  subscribe: <E extends LiveEventName>(event: E, handler: LiveHandler<E>) => () => void;
  /** Signed in: opens the stream (unless the tab is hidden). */
  start: () => void;
  /** Signed out: closes the stream and forgets the user's tasks. */
  stop: () => void;
  /** The tab was hidden: closes the stream for now. */
  pause: () => void;
  /** The tab was shown or focused: reopens a stream that was closed for now. */
  resume: () => void;
  /**
   * Calls `handler` each time a stream opens after an earlier one since sign-in had opened (signals may have
   * been missed in between); never on the first open.
   */
  onReopen: (handler: () => void) => () => void;
}

function parse(event: LiveEventName, data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    if (event === LIVE_EVENT.tasks) return Array.isArray(parsed) ? parsed : undefined;
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function createLiveStream(env: LiveStreamEnvironment): LiveStream {
  const handlers = new Map<LiveEventName, Set<(data: never) => void>>();
  /** The latest view of each task seen since sign-in, replayed to late `tasks` subscribers. */
  const knownTasks = new Map<string, TaskView>();
  /**
   * A snapshot arrived since sign-in: a late subscriber is then given the known tasks even when there are
   * none, so that it knows the server lists none (the browser's kept tasks are cleaned on it, features/task).
   */
  let snapshotSeen = false;
  const reopenHandlers = new Set<() => void>();
  /** A stream opened since sign-in: the next open is a reopen. */
  let openedBefore = false;
  let source: EventSourceLike | null = null;
  let retry: unknown;
  /** Signed in and not refused: the stream should be open while the tab is visible. */
  let wanted = false;

  const dispatch = <E extends LiveEventName>(event: E, data: LiveEventData[E]) => {
    for (const handler of [...(handlers.get(event) ?? [])]) (handler as LiveHandler<E>)(data);
  };
  const close = () => {
    env.clearTimeout(retry);
    retry = undefined;
    source?.close();
    source = null;
  };
  const open = () => {
    if (!wanted || source || env.isHidden()) return;
    env.clearTimeout(retry);
    retry = undefined;
    const stream = env.open(LIVE_STREAM_URL);
    source = stream;
    // `open` fires for this stream and again each time the browser reconnects it.
    stream.addEventListener('open', () => {
      if (source !== stream) return;
      if (openedBefore) for (const handler of [...reopenHandlers]) handler();
      openedBefore = true;
    });
    for (const event of Object.values(LIVE_EVENT)) {
      stream.addEventListener(event, (message) => {
        if (source !== stream) return;
        const data = parse(event, message.data);
        if (data === undefined) return;
        if (event === LIVE_EVENT.tasks) {
          snapshotSeen = true;
          for (const task of data as TaskView[]) knownTasks.set(task.task_id, task);
        }
        if (event === LIVE_EVENT.unauthorized) {
          wanted = false;
          close();
        }
        dispatch(event, data as LiveEventData[typeof event]);
      });
    }
    stream.onerror = () => {
      // While CONNECTING the browser retries by itself (the server sends `retry: 3000`); a CLOSED
      // stream (an error answer) is reopened by us.
      if (stream.readyState !== CLOSED || source !== stream) return;
      source = null;
      retry = env.setTimeout(open, STREAM_RETRY_MS);
    };
  };

  return {
    subscribe(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      if (event === LIVE_EVENT.tasks && snapshotSeen) {
        (handler as LiveHandler<'tasks'>)([...knownTasks.values()]);
      }
      return () => set.delete(handler);
    },
    start() {
      if (!wanted) openedBefore = false;
      wanted = true;
      open();
    },
    stop() {
      wanted = false;
      close();
      knownTasks.clear();
      snapshotSeen = false;
    },
    pause: close,
    resume: open,
    onReopen(handler) {
      reopenHandlers.add(handler);
      return () => reopenHandlers.delete(handler);
    },
  };
}

/** The browser's EventSource, timers and visibility. */
export function browserEnvironment(): LiveStreamEnvironment {
  return {
    open: (url) => new EventSource(url, { withCredentials: true }),
    isHidden: () => typeof document === 'undefined' || document.visibilityState === 'hidden',
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
}
