/**
 * The live task stream (spec §4): GET /api/tasks/monitor as server-sent events, with credentials. The
 * first `tasks` event is a snapshot of recent tasks, later ones carry changed tasks only. The stream
 * closes while the tab is hidden and reopens when the tab is shown or focused again; a stream the server
 * ended is reopened after at most 3000 ms; an `unauthorized` event closes it for good.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { TaskView } from './api.ts';
import type { TaskEnd, TaskStore } from './taskStore.ts';

export const MONITOR_URL = '/api/tasks/monitor';
/** Spec §9: "stream retry up to 3000 ms". */
export const STREAM_RETRY_MS = 3000;

interface MonitorHandlers {
  onEnd: (end: TaskEnd) => void;
  onUnauthorized: () => void;
}

function parseTasks(data: unknown): TaskView[] {
  if (typeof data !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(data);
    return Array.isArray(parsed) ? (parsed as TaskView[]) : [];
  } catch {
    return [];
  }
}

export function useTaskMonitor(store: TaskStore, enabled: boolean, handlers: MonitorHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const close = () => {
      clearTimeout(retry);
      source?.close();
      source = null;
    };
    const open = () => {
      if (stopped || source || document.visibilityState === 'hidden') return;
      clearTimeout(retry);
      const stream = new EventSource(MONITOR_URL, { withCredentials: true });
      source = stream;
      stream.addEventListener('tasks', (event) => {
        for (const end of store.apply(parseTasks(event.data))) latest.current.onEnd(end);
      });
      stream.addEventListener('unauthorized', () => {
        stopped = true;
        close();
        latest.current.onUnauthorized();
      });
      stream.onerror = () => {
        // While CONNECTING the browser retries by itself (the server sends `retry: 3000`); a CLOSED
        // stream (an error answer) is reopened by us.
        if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
        source = null;
        retry = setTimeout(open, STREAM_RETRY_MS);
      };
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? close() : open());

    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', open);
    open();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', open);
      close();
    };
  }, [store, enabled]);
}

/** The store's visible tasks, newest first. */
export function useTasks(store: TaskStore): readonly TaskView[] {
  return useSyncExternalStore(store.subscribe, store.list);
}
