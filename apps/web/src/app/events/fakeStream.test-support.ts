/**
 * The app's live stream over fake EventSources, timers and visibility, for the unit tests of app/events (not
 * shipped: only tests import it).
 */
import { createLiveStream, type EventSourceLike } from './liveStream.ts';

export const CONNECTING = 0;
const OPEN = 1;
export const CLOSED = 2;

export class FakeSource implements EventSourceLike {
  readyState = CONNECTING;
  closed = false;
  onerror: ((event: never) => void) | null = null;
  private listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = CLOSED;
  }
  /** The server sends an event. */
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data: typeof data === 'string' ? data : JSON.stringify(data) });
    }
  }
  /** The connection is (re)established: the browser fires `open`. */
  connect() {
    this.readyState = OPEN;
    for (const listener of this.listeners.get('open') ?? []) listener({});
  }
  /** The connection fails in `state` (CLOSED: an error answer; CONNECTING: the browser retries). */
  fail(state: number) {
    this.readyState = state;
    this.onerror?.(undefined as never);
  }
}

export function setup({ hidden = false } = {}) {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const page = { hidden };
  const stream = createLiveStream({
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    isHidden: () => page.hidden,
    setTimeout: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      if (timer) (timer as { cleared: boolean }).cleared = true;
    },
  });
  const open = () => sources.filter((source) => !source.closed);
  return { stream, sources, timers, page, open, latest: () => sources.at(-1)! };
}
