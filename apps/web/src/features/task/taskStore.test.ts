import { TASK_STATE } from '@mirage/domain';
import { describe, expect, it, vi } from 'vitest';
import { createTaskStore } from './taskStore.ts';
import { taskView } from '../../testing/taskView.ts';

const view = taskView;

const accepted = { task_id: 'a', seed: 42, cost: 2, paid_with_daily: false };

describe('task store', () => {
  it('shows an accepted task at once as queued, then follows the stream', () => {
    const store = createTaskStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.accepted(accepted, { prompt: 'a lighthouse' }, new Date('2026-01-01T12:00:00Z'));
    expect(store.list()).toMatchObject([{ task_id: 'a', state: TASK_STATE.Queue, seed: 42 }]);
    expect(store.running()).toBe(1);
    expect(store.apply([view('a', TASK_STATE.Generate, { step: 3, max_step: 40 })])).toEqual([]);
    expect(store.list()[0]).toMatchObject({ state: TASK_STATE.Generate, step: 3 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('does not overwrite what the stream already reported with the placeholder', () => {
    const store = createTaskStore();
    store.apply([view('a', TASK_STATE.Generate)]);
    store.accepted(accepted, {}, new Date());
    expect(store.list()[0]?.state).toBe(TASK_STATE.Generate);
  });

  it('reports each end once: done after running, failed, and never twice', () => {
    const store = createTaskStore();
    store.apply([view('a', TASK_STATE.Generate), view('b', TASK_STATE.Queue)]);
    const ends = store.apply([view('a', TASK_STATE.Done, { image_uuid: 'u' }), view('b', TASK_STATE.Fail)]);
    expect(ends.map((end) => [end.task.task_id, end.outcome])).toEqual([
      ['a', 'done'],
      ['b', 'failed'],
    ]);
    expect(store.apply([view('a', TASK_STATE.Done), view('b', TASK_STATE.Fail)])).toEqual([]);
    expect(store.running()).toBe(0);
  });

  it('reports the end of a task created here even when no running state was seen', () => {
    const fresh = createTaskStore();
    fresh.accepted({ ...accepted, task_id: 'fast' }, {}, new Date());
    expect(fresh.apply([view('fast', TASK_STATE.Done)])).toHaveLength(1);
  });

  it('lists old images from the first snapshot but hides old failures, newest first', () => {
    const store = createTaskStore();
    const ends = store.apply([
      view('old', TASK_STATE.Done, { created_at: '2026-01-01T09:00:00.000Z' }),
      view('new', TASK_STATE.Done, { created_at: '2026-01-01T11:00:00.000Z' }),
      view('broken', TASK_STATE.Fail),
    ]);
    expect(ends).toEqual([]);
    expect(store.list().map((task) => task.task_id)).toEqual(['new', 'old']);
  });

  it('keeps a dismissed task hidden when the stream reports it again', () => {
    const store = createTaskStore();
    store.apply([view('a', TASK_STATE.Generate)]);
    store.apply([view('a', TASK_STATE.Fail)]);
    store.dismiss('a');
    store.apply([view('a', TASK_STATE.Fail)]);
    expect(store.list()).toEqual([]);
  });

  it('shows kept tasks until the stream reports them; what the page knows wins; removes on request', () => {
    const store = createTaskStore();
    store.apply([view('live', TASK_STATE.Generate, { step: 5 })]);
    store.hydrate([
      view('live', TASK_STATE.Queue),
      view('kept', TASK_STATE.Done),
      view('stale', TASK_STATE.Save),
    ]);
    expect(store.list().find((task) => task.task_id === 'live')?.step).toBe(5);
    expect(store.unconfirmed().sort()).toEqual(['kept', 'stale']);
    // A kept task that had ended is no news when the stream reports it again.
    expect(store.apply([view('kept', TASK_STATE.Done)])).toEqual([]);
    expect(store.unconfirmed()).toEqual(['stale']);
    store.remove(store.unconfirmed());
    expect(
      store
        .list()
        .map((task) => task.task_id)
        .sort(),
    ).toEqual(['kept', 'live']);
  });
});
