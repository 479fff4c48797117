import { SCROLL_BATCH_MAX } from '@mirage/domain';
import { describe, expect, it, vi } from 'vitest';
import { createScrollCounter } from './scrollCounter.ts';

describe('the scroll counter', () => {
  it('sends each seen image once a visit, in batches the API takes', async () => {
    const send = vi.fn((_uuids: string[]) => Promise.resolve());
    const counter = createScrollCounter(send);
    const uuids = Array.from({ length: SCROLL_BATCH_MAX + 5 }, (_, i) => `u${i}`);
    for (const uuid of [...uuids, ...uuids.slice(0, 10)]) counter.seen(uuid);
    expect(counter.pending).toBe(uuids.length);
    await counter.flush();
    expect(send.mock.calls.map(([batch]) => batch.length)).toEqual([SCROLL_BATCH_MAX, 5]);
    counter.seen('u1');
    await counter.flush();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('drops a batch the server refused, and goes on', async () => {
    const send = vi.fn((_uuids: string[]) => Promise.reject(new Error('offline')));
    const counter = createScrollCounter(send);
    counter.seen('a');
    await expect(counter.flush()).resolves.toBeUndefined();
    expect(counter.pending).toBe(0);
  });
});
