import { LIVE_EVENT } from '@mirage/domain';
import { useEffect, useRef } from 'react';
import { useLiveEvent } from '../../app/events/index.ts';
import { loadLocalGenerations, type LocalSync, type TaskStore } from '../task/index.ts';

/**
 * Keeps `store` in the browser for `userId` while the caller is mounted (features/task,
 * localGenerations.ts): the tasks kept from an earlier visit show at once, and the stream's snapshot then
 * reconciles them. Nothing for a guest (no user id).
 */
export function useLocalTasks(store: TaskStore, userId: number | undefined): void {
  const sync = useRef<LocalSync | null>(null);
  /** The snapshot may come before the module has loaded: it is passed on once it has. */
  const snapshotSeen = useRef(false);

  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    loadLocalGenerations()
      .then(({ syncLocalGenerations }) => {
        if (cancelled) return;
        sync.current = syncLocalGenerations(store, userId);
        if (snapshotSeen.current) sync.current.snapshot();
      })
      // A failed chunk load (offline, new deploy) leaves the page as it was without the local store.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      sync.current?.stop();
      sync.current = null;
      snapshotSeen.current = false;
    };
  }, [store, userId]);

  useLiveEvent(
    LIVE_EVENT.tasks,
    () => {
      if (snapshotSeen.current) return;
      snapshotSeen.current = true;
      sync.current?.snapshot();
    },
    userId !== undefined,
  );
}
