import 'fake-indexeddb/auto';
import { TASK_STATE, type TaskView } from '@mirage/domain';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearLocalGenerations,
  LOCAL_CLEANUP_MS,
  LOCAL_DB_NAME,
  LOCAL_MAX_TASKS,
  LOCAL_SAVE_DELAY_MS,
  LOCAL_STORE,
  recordsOf,
  resetLocalGenerationsForTests,
  syncLocalGenerations,
  type LocalRecord,
} from './localGenerations.ts';
import { createTaskStore } from './taskStore.ts';
import { taskView } from '../../testing/taskView.ts';

const view = taskView;

const USER = 11;
const OTHER = 12;

/** Lets IndexedDB's requests (macrotasks in fake-indexeddb) settle under fake timers. */
const settle = async () => {
  for (let round = 0; round < 20; round += 1) await vi.advanceTimersByTimeAsync(0);
};

async function kept(): Promise<LocalRecord[]> {
  const db = await openDB(LOCAL_DB_NAME, 1);
  const all = (await db.getAll(LOCAL_STORE)) as LocalRecord[];
  db.close();
  return all;
}

/** A first visit: `tasks` reach the store from the stream and are written to the browser. */
async function visit(userId: number, tasks: TaskView[]) {
  const store = createTaskStore();
  const sync = syncLocalGenerations(store, userId);
  await settle();
  store.apply(tasks);
  await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
  await settle();
  sync.stop();
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  globalThis.indexedDB = new IDBFactory();
  resetLocalGenerationsForTests();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the local generation store', () => {
  it('writes database version 1, store generations, keyed by task id with the user id', async () => {
    await visit(USER, [view('a', TASK_STATE.Generate, { preview: 'data:image/webp;base64,AAAA' })]);
    const db = await openDB(LOCAL_DB_NAME);
    expect(db.version).toBe(1);
    expect(db.objectStoreNames.contains(LOCAL_STORE)).toBe(true);
    expect(db.transaction(LOCAL_STORE).store.keyPath).toBe('task_id');
    db.close();
    expect(await kept()).toMatchObject([
      { task_id: 'a', user_id: USER, task: { state: TASK_STATE.Generate } },
    ]);
  });

  it('hydrates a new page at once, before the stream answers, and reports the end of a kept running task', async () => {
    await visit(USER, [view('run', TASK_STATE.Generate), view('old', TASK_STATE.Done, { image_uuid: 'u' })]);
    const store = createTaskStore();
    syncLocalGenerations(store, USER);
    await settle();
    expect(
      store
        .list()
        .map((task) => task.task_id)
        .sort(),
    ).toEqual(['old', 'run']);
    expect(store.running()).toBe(1);
    // The kept running task ended while the page reloaded: told once; the old image is no news.
    const ends = store.apply([
      view('run', TASK_STATE.Done, { image_uuid: 'v' }),
      view('old', TASK_STATE.Done),
    ]);
    expect(ends.map((end) => end.task.task_id)).toEqual(['run']);
  });

  it('removes kept tasks the snapshot does not list after 2.5 s, replaces updated ones', async () => {
    await visit(USER, [view('gone', TASK_STATE.Done), view('kept', TASK_STATE.Generate)]);
    const store = createTaskStore();
    const sync = syncLocalGenerations(store, USER);
    await settle();
    store.apply([view('kept', TASK_STATE.Save, { step: 9 })]);
    sync.snapshot();
    await vi.advanceTimersByTimeAsync(LOCAL_CLEANUP_MS - 100);
    expect(
      store
        .list()
        .map((task) => task.task_id)
        .sort(),
    ).toEqual(['gone', 'kept']);
    expect(store.list().find((task) => task.task_id === 'kept')).toMatchObject({ state: TASK_STATE.Save });
    await vi.advanceTimersByTimeAsync(100);
    expect(store.list().map((task) => task.task_id)).toEqual(['kept']);
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
    await settle();
    expect((await kept()).map((record) => [record.task_id, record.task.state])).toEqual([
      ['kept', TASK_STATE.Save],
    ]);
  });

  it('cleans up even when the snapshot came before the kept tasks were read', async () => {
    await visit(USER, [view('gone', TASK_STATE.Done)]);
    const store = createTaskStore();
    const sync = syncLocalGenerations(store, USER);
    sync.snapshot();
    await settle();
    expect(store.list()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(LOCAL_CLEANUP_MS);
    expect(store.list()).toEqual([]);
  });

  it('keeps the 50 newest, no failures, and no base64 preview once a task ended', () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      view(`t${index}`, TASK_STATE.Done, { preview: 'data:image/webp;base64,AAAA' }),
    );
    const records = recordsOf(USER, [
      view('f', TASK_STATE.Fail),
      view('r', TASK_STATE.Generate, { preview: 'p' }),
      ...many,
    ]);
    expect(records).toHaveLength(LOCAL_MAX_TASKS);
    expect(records[0]).toMatchObject({ task_id: 'r', task: { preview: 'p' } });
    expect(records.slice(1).every((record) => record.task.preview === null)).toBe(true);
    expect(records.some((record) => record.task_id === 'f')).toBe(false);
  });

  it("never shows another account's tasks, and sign-out clears them all", async () => {
    await visit(USER, [view('mine', TASK_STATE.Done)]);
    await visit(OTHER, [view('theirs', TASK_STATE.Done)]);
    const store = createTaskStore();
    syncLocalGenerations(store, OTHER);
    await settle();
    expect(store.list().map((task) => task.task_id)).toEqual(['theirs']);
    expect((await kept()).map((record) => record.task_id).sort()).toEqual(['mine', 'theirs']);
    await clearLocalGenerations();
    await settle();
    expect(await kept()).toEqual([]);
  });

  it('drops a pending write when stopped (sign-out), so a cleared store stays empty', async () => {
    const store = createTaskStore();
    const sync = syncLocalGenerations(store, USER);
    await settle();
    store.apply([view('late', TASK_STATE.Generate)]);
    // Sign-out clears the store before the page's effects stop the sync.
    await clearLocalGenerations();
    sync.stop();
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
    await settle();
    expect(await kept()).toEqual([]);
  });

  it('falls back to memory, silently, when IndexedDB is missing', async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error -- a browser without IndexedDB (some private modes)
    delete globalThis.indexedDB;
    try {
      await visit(USER, [view('a', TASK_STATE.Done)]);
      const store = createTaskStore();
      syncLocalGenerations(store, USER);
      await settle();
      expect(store.list().map((task) => task.task_id)).toEqual(['a']);
      await expect(clearLocalGenerations()).resolves.toBeUndefined();
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
