/**
 * The user's recent tasks kept in the browser (spec §3 "local persistence": database version 1, store
 * `generations`), so that the generator shows them at once after a reload or offline, before the live
 * stream answers; the stream's snapshot then confirms or replaces them, and kept tasks the server no longer
 * lists leave after 2.5 s (spec §4).
 *
 * Loaded lazily (./useLocalGenerations.ts): `idb` and this module stay out of the first load.
 * Each record carries its user's id, so a shared browser never shows another account's tasks; sign-out
 * clears the store. IndexedDB may be missing or fail (private mode, quota): the page then keeps the tasks
 * in memory for its lifetime, silently.
 */
import { isTerminal, TASK_STATE, type TaskView } from '@mirage/domain';
import { openDB, type IDBPDatabase } from 'idb';
import type { TaskStore } from './taskStore.ts';

export const LOCAL_DB_NAME = 'mirage';
export const LOCAL_DB_VERSION = 1;
export const LOCAL_STORE = 'generations';
/** How many tasks a user keeps in the browser, newest first: enough for the generator's results. */
export const LOCAL_MAX_TASKS = 50;
/** Spec §4: "Local task storage is cleaned of tasks the server no longer lists, after 2.5 s." */
export const LOCAL_CLEANUP_MS = 2500;
/** Changes are written together, at most this often (a running task changes several times a second). */
export const LOCAL_SAVE_DELAY_MS = 300;

export interface LocalRecord {
  task_id: string;
  user_id: number;
  task: TaskView;
}

/** Where records live: IndexedDB, or memory when it fails. */
interface Backend {
  list: (userId: number) => Promise<LocalRecord[]>;
  /** Makes `records` the user's records (others of the user are deleted). */
  replace: (userId: number, records: LocalRecord[]) => Promise<void>;
  clear: () => Promise<void>;
}

function memoryBackend(): Backend {
  const records = new Map<string, LocalRecord>();
  return {
    list: (userId) => Promise.resolve([...records.values()].filter((record) => record.user_id === userId)),
    replace(userId, next) {
      for (const [id, record] of records) if (record.user_id === userId) records.delete(id);
      for (const record of next) records.set(record.task_id, record);
      return Promise.resolve();
    },
    clear() {
      records.clear();
      return Promise.resolve();
    },
  };
}

function indexedDbBackend(): Backend {
  let database: Promise<IDBPDatabase> | undefined;
  // openDB reads the global indexedDB when called: a missing one throws, which the caller turns into memory.
  const db = () =>
    (database ??= Promise.resolve().then(() =>
      openDB(LOCAL_DB_NAME, LOCAL_DB_VERSION, {
        upgrade(upgrading) {
          if (!upgrading.objectStoreNames.contains(LOCAL_STORE)) {
            upgrading.createObjectStore(LOCAL_STORE, { keyPath: 'task_id' });
          }
        },
      }),
    ));
  return {
    async list(userId) {
      const all = (await (await db()).getAll(LOCAL_STORE)) as LocalRecord[];
      return all.filter((record) => record.user_id === userId);
    },
    async replace(userId, records) {
      const tx = (await db()).transaction(LOCAL_STORE, 'readwrite');
      const keep = new Set(records.map((record) => record.task_id));
      const stale = ((await tx.store.getAll()) as LocalRecord[]).filter(
        (record) => record.user_id === userId && !keep.has(record.task_id),
      );
      await Promise.all([
        ...stale.map((record) => tx.store.delete(record.task_id)),
        ...records.map((record) => tx.store.put(record)),
        tx.done,
      ]);
    },
    async clear() {
      await (await db()).clear(LOCAL_STORE);
    },
  };
}

/** IndexedDB, falling back to memory (for good) on the first failure. */
function resilientBackend(): Backend {
  let backend = indexedDbBackend();
  let fallenBack = false;
  const guarded =
    <A extends unknown[], R>(call: (target: Backend, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(backend, ...args);
      } catch {
        if (!fallenBack) {
          fallenBack = true;
          backend = memoryBackend();
        }
        return call(backend, ...args);
      }
    };
  return {
    list: guarded((target, userId: number) => target.list(userId)),
    replace: guarded((target, userId: number, records: LocalRecord[]) => target.replace(userId, records)),
    clear: guarded((target) => target.clear()),
  };
}

/** One per page: the database connection (or the memory that replaced it) is shared. */
let shared: Backend | undefined;
const backend = () => (shared ??= resilientBackend());

/** For tests: forgets the shared connection, so the next use opens the (new) global indexedDB. */
export function resetLocalGenerationsForTests(): void {
  shared = undefined;
}

/**
 * What is kept of a task: not failed ones (they leave the results), and no base64 preview once the task
 * ended (the final image replaces it; a preview is tens of kilobytes).
 */
export function recordsOf(userId: number, tasks: readonly TaskView[]): LocalRecord[] {
  return tasks
    .filter((task) => task.state !== TASK_STATE.Fail)
    .slice(0, LOCAL_MAX_TASKS)
    .map((task) => ({
      task_id: task.task_id,
      user_id: userId,
      task: isTerminal(task.state) && task.preview !== null ? { ...task, preview: null } : task,
    }));
}

/** The tasks kept for `userId`, in no particular order (nothing where the browser keeps none). */
export async function keptTasks(userId: number): Promise<TaskView[]> {
  const records = await backend()
    .list(userId)
    .catch(() => [] as LocalRecord[]);
  return records.map((record) => record.task);
}

/** Forgets every user's kept tasks (sign-out). */
export function clearLocalGenerations(): Promise<void> {
  return backend()
    .clear()
    .catch(() => undefined);
}

export interface LocalSync {
  /** The stream's first tasks event (its snapshot) arrived. */
  snapshot: () => void;
  stop: () => void;
}

/**
 * Keeps `store` and the browser's copy of `userId`'s tasks in step: hydrates the store from it, writes the
 * store's tasks back (the newest LOCAL_MAX_TASKS), and once both the copy is read and the stream's snapshot
 * is in, removes after LOCAL_CLEANUP_MS the kept tasks the stream did not report.
 */
export function syncLocalGenerations(
  store: TaskStore,
  userId: number,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis,
): LocalSync {
  const local = backend();
  let stopped = false;
  let hydrated = false;
  let snapshotSeen = false;
  let cleanupTimer: ReturnType<typeof setTimeout> | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;

  const save = () => {
    saveTimer = undefined;
    if (!stopped) void local.replace(userId, recordsOf(userId, store.list())).catch(() => undefined);
  };
  const scheduleSave = () => {
    if (!hydrated || stopped || saveTimer !== undefined) return;
    saveTimer = timers.setTimeout(save, LOCAL_SAVE_DELAY_MS);
  };
  const scheduleCleanup = () => {
    if (!hydrated || !snapshotSeen || cleanupTimer !== undefined || stopped) return;
    cleanupTimer = timers.setTimeout(() => store.remove(store.unconfirmed()), LOCAL_CLEANUP_MS);
  };

  const unsubscribe = store.subscribe(scheduleSave);
  void local
    .list(userId)
    .catch(() => [] as LocalRecord[])
    .then((records) => {
      if (stopped) return;
      store.hydrate(records.map((record) => record.task));
      hydrated = true;
      scheduleCleanup();
      // What the page learnt before the copy was read is written now.
      scheduleSave();
    });

  return {
    snapshot() {
      snapshotSeen = true;
      scheduleCleanup();
    },
    stop() {
      // A pending write is dropped, not flushed: stopping is mostly sign-out, which clears the store, and
      // a late write would bring the tasks back. The stream tells the next page what was lost.
      stopped = true;
      timers.clearTimeout(saveTimer);
      timers.clearTimeout(cleanupTimer);
      unsubscribe();
    },
  };
}
