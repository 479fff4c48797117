import { ASSISTANT_LOCKOUT_MS } from '@mirage/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/index.ts';
import { createAssistantStore, type AssistantAction } from './assistantStore.ts';
import { diffPrompt, splitTags } from './promptDiff.ts';

/** A request whose answer the test gives (or refuses) when it wants. */
function controlledRequest() {
  const calls: {
    action: AssistantAction;
    input: string;
    signal: AbortSignal;
    answer: (output: string) => Promise<void>;
    fail: (error?: Error) => Promise<void>;
  }[] = [];
  const request = vi.fn(
    (action: AssistantAction, input: string, signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        calls.push({
          action,
          input,
          signal,
          // Settles, then lets the store's `then` run.
          answer: async (output) => {
            resolve(output);
            await Promise.resolve();
          },
          fail: async (error: Error = new ApiError('network', undefined, 0)) => {
            reject(error);
            await Promise.resolve();
          },
        });
      }),
  );
  return { request, calls, last: () => calls.at(-1)! };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the AI prompt assistant', () => {
  it('is pending while the request runs, then previews the suggestion without touching the prompt', async () => {
    const { request, last } = controlledRequest();
    const store = createAssistantStore(request);
    const listener = vi.fn();
    store.subscribe(listener);

    expect(store.run('complete', '  a lighthouse at dusk ')).toBe(true);
    expect(request).toHaveBeenCalledWith('complete', 'a lighthouse at dusk', expect.any(AbortSignal));
    expect(store.snapshot()).toMatchObject({ phase: 'pending', action: 'complete', locked: true });
    expect(store.blocksCreate()).toBe(true);

    await last().answer(' a lighthouse at dusk, ocean, dramatic sky ');
    expect(store.snapshot()).toMatchObject({
      phase: 'preview',
      original: '  a lighthouse at dusk ',
      suggestion: 'a lighthouse at dusk, ocean, dramatic sky',
    });
    expect(store.blocksCreate()).toBe(true);
    expect(listener).toHaveBeenCalled();
  });

  it('Accept hands the suggestion over once and ends the preview', async () => {
    const { request, last } = controlledRequest();
    const store = createAssistantStore(request);
    store.run('convert', 'a small boat on a calm lake at sunrise');
    await last().answer('boat, lake, calm water, sunrise');
    expect(store.accept()).toBe('boat, lake, calm water, sunrise');
    expect(store.snapshot().phase).toBe('idle');
    expect(store.blocksCreate()).toBe(false);
    expect(store.accept()).toBeNull();
  });

  it('Revert ends the preview and hands nothing over; during the request it aborts it', async () => {
    const { request, last } = controlledRequest();
    const store = createAssistantStore(request);
    store.run('convert', 'a small boat on a calm lake at sunrise');
    await last().answer('boat, lake');
    store.revert();
    expect(store.snapshot()).toMatchObject({ phase: 'idle' });
    expect(store.snapshot()).not.toHaveProperty('suggestion');
    expect(store.accept()).toBeNull();

    vi.advanceTimersByTime(ASSISTANT_LOCKOUT_MS);
    store.run('complete', 'a lighthouse at dusk');
    const pending = last();
    store.revert();
    expect(pending.signal.aborted).toBe(true);
    // The answer that arrives anyway is dropped.
    await pending.answer('a lighthouse at dusk, ocean');
    expect(store.snapshot().phase).toBe('idle');
  });

  it('locks both actions for 5.2 s after each use, whatever the answer', async () => {
    expect(ASSISTANT_LOCKOUT_MS).toBe(5200);
    const { request, last } = controlledRequest();
    const store = createAssistantStore(request);
    store.run('complete', 'a lighthouse at dusk');
    await last().fail();
    expect(store.snapshot()).toMatchObject({ phase: 'idle', locked: true });
    expect(store.run('convert', 'a lighthouse at dusk')).toBe(false);
    expect(request).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(ASSISTANT_LOCKOUT_MS - 1);
    expect(store.snapshot().locked).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.snapshot().locked).toBe(false);
    expect(store.run('convert', 'a lighthouse at dusk')).toBe(true);
    expect(request).toHaveBeenCalledTimes(2);
    expect(store.snapshot().locked).toBe(true);
  });

  it('runs one suggestion at a time: not while one is pending or shown, nor on a blank prompt', async () => {
    const { request, last } = controlledRequest();
    const store = createAssistantStore(request, 0);
    expect(store.run('complete', '   ')).toBe(false);
    store.run('complete', 'a lighthouse at dusk');
    vi.advanceTimersByTime(1);
    expect(store.run('complete', 'a lighthouse at dusk')).toBe(false);
    await last().answer('a lighthouse at dusk, ocean');
    expect(store.run('convert', 'a lighthouse at dusk')).toBe(false);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('cancels silently on a failure, an empty answer or an answer that changes nothing', async () => {
    const { request, last } = controlledRequest();
    const store = createAssistantStore(request, 0);
    const outcomes: (() => Promise<void>)[] = [
      () => last().fail(new TypeError('Failed to fetch')),
      () => last().fail(new ApiError('spam_protection', undefined, 429)),
      () => last().fail(new ApiError('forbidden_prompt', undefined, 400)),
      () => last().answer('   '),
      () => last().answer('A  Lighthouse at dusk'),
    ];
    for (const settle of outcomes) {
      expect(store.run('complete', 'a lighthouse at dusk')).toBe(true);
      await settle();
      expect(store.snapshot()).toMatchObject({ phase: 'idle' });
      expect(store.blocksCreate()).toBe(false);
      vi.advanceTimersByTime(1);
    }
  });

  it('remembers whether the toggle is open, and forgets everything on dispose', async () => {
    const { request, last } = controlledRequest();
    const store = createAssistantStore(request);
    store.setOpen(true);
    expect(store.snapshot().open).toBe(true);
    store.run('complete', 'a lighthouse at dusk');
    store.dispose();
    expect(last().signal.aborted).toBe(true);
    expect(store.snapshot()).toEqual({ phase: 'idle', open: true, locked: false });
    await last().answer('a lighthouse at dusk, ocean');
    expect(store.snapshot().phase).toBe('idle');
  });
});

describe('the preview of a suggestion', () => {
  it('marks the tags a suggestion adds and lists the ones it drops', () => {
    expect(splitTags(' a, b ,, c\nd ')).toEqual(['a', 'b', 'c', 'd']);
    expect(diffPrompt('a lighthouse at dusk, Fog', 'a lighthouse at dusk, ocean,  dramatic sky')).toEqual({
      tags: [
        { text: 'a lighthouse at dusk', added: false },
        { text: 'ocean', added: true },
        { text: 'dramatic sky', added: true },
      ],
      removed: ['Fog'],
    });
    // Case and spacing do not make a tag new.
    expect(diffPrompt('Calm  Lake', 'calm lake').tags).toEqual([{ text: 'calm lake', added: false }]);
  });
});
