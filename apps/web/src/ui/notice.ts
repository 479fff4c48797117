/**
 * A tiny global store of transient notices (toasts). Default life 4000 ms (docs/product/routes.md#shell:
 * 1500-5000 ms).
 */
import { useSyncExternalStore } from 'react';

export type NoticeTone = 'info' | 'success' | 'error';

/** A button inside a notice (e.g. "Open"); using it runs `onSelect` and closes the notice. */
export interface NoticeAction {
  label: string;
  onSelect: () => void;
}

export interface Notice {
  id: number;
  tone: NoticeTone;
  message: string;
  action?: NoticeAction;
}

export const NOTICE_DEFAULT_MS = 4000;

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Notice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

export function dismissNotice(id: number) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  emit(notices.filter((notice) => notice.id !== id));
}

export function notify(
  message: string,
  tone: NoticeTone = 'info',
  durationMs: number = NOTICE_DEFAULT_MS,
  action?: NoticeAction,
): number {
  const id = nextId++;
  // Keep at most three on screen: the oldest gives way.
  const kept = notices.length >= 3 ? notices.slice(1) : notices;
  const notice: Notice = action ? { id, tone, message, action } : { id, tone, message };
  emit([...kept, notice]);
  timers.set(
    id,
    setTimeout(() => dismissNotice(id), durationMs),
  );
  return id;
}

/** Uses the action of a notice: closes the notice first, then runs the action. */
export function selectNoticeAction(id: number) {
  const action = notices.find((notice) => notice.id === id)?.action;
  if (!action) return;
  dismissNotice(id);
  action.onSelect();
}

/** Subscribes to changes of the list; returns the unsubscribe function. */
export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notices on screen, oldest first (a new array after each change). */
export function getNotices(): readonly Notice[] {
  return notices;
}

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribeNotices, getNotices);
}
