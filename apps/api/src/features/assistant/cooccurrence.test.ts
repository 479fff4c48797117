import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLiveCooccurrence, REFRESH_MS } from './cooccurrence.ts';

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

describe('live co-occurrence', () => {
  it('rebuilds in the background when stale, one rebuild at a time, never waiting for it', async () => {
    const clock = { ms: 0 };
    let loads = 0;
    let images = [
      ['rain', 'street'],
      ['rain', 'street'],
    ];
    const live = createLiveCooccurrence({
      load: () => {
        loads += 1;
        return Promise.resolve(images);
      },
      now: () => new Date(clock.ms),
      log: silent,
    });
    expect(live.current()).toBeUndefined();
    expect(live.current()).toBeUndefined();
    await live.refresh();
    expect(loads).toBe(1);
    expect(live.current()?.('rain')?.get('street')).toBe(1);
    images = [
      ['rain', 'umbrella'],
      ['rain', 'umbrella'],
    ];
    clock.ms += REFRESH_MS - 1;
    live.current();
    expect(loads).toBe(1);
    clock.ms += 1;
    expect(live.current()?.('rain')?.has('street')).toBe(true);
    await live.refresh();
    expect(loads).toBe(2);
    expect(live.current()?.('rain')?.has('umbrella')).toBe(true);
  });

  it('keeps the last relation when a rebuild fails, and tries again a period later', async () => {
    const clock = { ms: 0 };
    let fail = false;
    const warnings: unknown[] = [];
    const live = createLiveCooccurrence({
      load: () =>
        fail
          ? Promise.reject(new Error('db down'))
          : Promise.resolve([
              ['a', 'b'],
              ['a', 'b'],
            ]),
      now: () => new Date(clock.ms),
      log: { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger,
    });
    await live.refresh();
    fail = true;
    clock.ms += REFRESH_MS;
    await live.refresh();
    expect(warnings).toHaveLength(1);
    expect(live.current()?.('a')?.get('b')).toBe(1);
  });
});
