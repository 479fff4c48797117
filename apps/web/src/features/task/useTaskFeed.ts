import { LIVE_EVENT, type TaskView } from '@mirage/domain';
import { useSyncExternalStore } from 'react';
import { useLiveEvent } from '../../app/events/index.ts';
import type { TaskEnd, TaskStore } from './taskStore.ts';

/**
 * Feeds `store` from the app's live stream while the caller is mounted: the tasks known so far at once,
 * then each change; `onEnd` hears of each task that ended, once (the store decides which).
 */
export function useTaskFeed(store: TaskStore, onEnd: (end: TaskEnd) => void, enabled = true): void {
  useLiveEvent(
    LIVE_EVENT.tasks,
    (tasks) => {
      for (const end of store.apply(tasks)) onEnd(end);
    },
    enabled,
  );
}

/** The store's visible tasks, newest first. */
export function useTasks(store: TaskStore): readonly TaskView[] {
  return useSyncExternalStore(store.subscribe, store.list);
}
