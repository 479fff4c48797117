import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NoticeStore from './notice.ts';

// The notice store is module state: each test gets a fresh one.
let store: typeof NoticeStore;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  store = await import('./notice.ts');
});

afterEach(() => {
  vi.useRealTimers();
});

const messages = () => store.getNotices().map((notice) => notice.message);

describe('notices', () => {
  it('stay for 4000 ms by default, within the spec range of 1500-5000 ms', () => {
    expect(store.NOTICE_DEFAULT_MS).toBe(4000);
    store.notify('Saved', 'success');
    expect(store.getNotices()).toEqual([
      { id: expect.any(Number) as number, tone: 'success', message: 'Saved' },
    ]);
    vi.advanceTimersByTime(3999);
    expect(messages()).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('honour a custom duration and default to the info tone', () => {
    store.notify('Come back to create', undefined, 6000);
    expect(store.getNotices()[0]?.tone).toBe('info');
    vi.advanceTimersByTime(5999);
    expect(messages()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(messages()).toHaveLength(0);
  });

  it('keep at most three on screen, the oldest giving way', () => {
    for (const message of ['one', 'two', 'three', 'four']) store.notify(message);
    expect(messages()).toEqual(['two', 'three', 'four']);
  });

  it('can be dismissed early, which also cancels the timer', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribeNotices(listener);
    const first = store.notify('first');
    store.notify('second');
    store.dismissNotice(first);
    expect(messages()).toEqual(['second']);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(1);
    unsubscribe();
    store.notify('third');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('give each notice its own id', () => {
    const a = store.notify('a');
    const b = store.notify('b');
    expect(a).not.toBe(b);
  });

  it('carry an optional action that closes the notice and then runs', () => {
    const onSelect = vi.fn(() => {
      // The notice is gone by the time the action runs (e.g. a navigation).
      expect(messages()).toEqual(['other']);
    });
    const id = store.notify('Your image is ready.', 'success', 4000, { label: 'Open', onSelect });
    store.notify('other');
    expect(store.getNotices()[0]).toEqual({
      id,
      tone: 'success',
      message: 'Your image is ready.',
      action: { label: 'Open', onSelect },
    });
    expect(store.getNotices()[1]).not.toHaveProperty('action');
    store.selectNoticeAction(id);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(messages()).toEqual(['other']);
    // Its timer is cancelled, and a second use (a double click) does nothing.
    expect(vi.getTimerCount()).toBe(1);
    store.selectNoticeAction(id);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('lose their action with the notice when their time is up', () => {
    const onSelect = vi.fn();
    const id = store.notify('Your image is ready.', 'success', 4000, { label: 'Open', onSelect });
    vi.advanceTimersByTime(4000);
    store.selectNoticeAction(id);
    expect(onSelect).not.toHaveBeenCalled();
    expect(messages()).toEqual([]);
  });
});
