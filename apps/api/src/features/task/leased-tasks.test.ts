import { describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../db/schema/generation.ts';
import { createLeasedTaskCache } from './leased-tasks.ts';

const now = new Date('2026-11-22T10:00:00Z');
const task = (id: string, workerId: number | null, leaseUntil: Date | null) =>
  ({ id, worker_id: workerId, lease_expires_at: leaseUntil }) as TaskRecord;
const inAMinute = new Date(now.getTime() + 60_000);

describe('leased task cache', () => {
  it('hands a task back once, to the worker that leased it, while the lease runs', () => {
    const cache = createLeasedTaskCache();
    cache.remember(task('a', 7, inAMinute));
    expect(cache.take('a', 7, now)?.id).toBe('a');
    expect(cache.take('a', 7, now)).toBeUndefined();
  });

  it('gives nothing to another worker, after the lease ran out, or for an unknown task', () => {
    const cache = createLeasedTaskCache();
    cache.remember(task('a', 7, inAMinute));
    expect(cache.take('a', 8, now)).toBeUndefined();
    // A wrong worker's attempt also drops the copy: the database answers from then on.
    expect(cache.size).toBe(0);
    cache.remember(task('b', 7, now));
    expect(cache.take('b', 7, now)).toBeUndefined();
    cache.remember(task('c', 7, null));
    expect(cache.take('c', 7, now)).toBeUndefined();
    expect(cache.take('unknown', 7, now)).toBeUndefined();
  });

  it('forgets a task on request and keeps at most its capacity, dropping the oldest', () => {
    const cache = createLeasedTaskCache(2);
    cache.remember(task('a', 1, inAMinute));
    cache.remember(task('b', 1, inAMinute));
    cache.remember(task('c', 1, inAMinute));
    expect(cache.size).toBe(2);
    expect(cache.take('a', 1, now)).toBeUndefined();
    cache.forget('b');
    expect(cache.take('b', 1, now)).toBeUndefined();
    expect(cache.take('c', 1, now)?.id).toBe('c');
  });

  it('keeps the newest lease of a task that was leased again', () => {
    const cache = createLeasedTaskCache();
    cache.remember(task('a', 1, inAMinute));
    cache.remember(task('a', 2, inAMinute));
    expect(cache.take('a', 1, now)).toBeUndefined();
    cache.remember(task('a', 2, inAMinute));
    expect(cache.take('a', 2, now)?.worker_id).toBe(2);
  });
});
