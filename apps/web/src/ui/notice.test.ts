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
});
