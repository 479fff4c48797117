import { describe, expect, it } from 'vitest';
import { WORKER_ONLINE_WINDOW_MS, workerPresence } from '../../src/generation/worker-presence.ts';

const now = new Date('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const worker = (changes: Partial<Parameters<typeof workerPresence>[0]> = {}) => ({
  disabled: false,
  last_seen_at: ago(5_000),
  lease_expires_at: null,
  ...changes,
});

describe('workerPresence', () => {
  it('is online when seen within the window, offline after it or when never seen', () => {
    expect(workerPresence(worker(), now)).toBe('online');
    expect(workerPresence(worker({ last_seen_at: ago(WORKER_ONLINE_WINDOW_MS) }), now)).toBe('online');
    expect(workerPresence(worker({ last_seen_at: ago(WORKER_ONLINE_WINDOW_MS + 1) }), now)).toBe('offline');
    expect(workerPresence(worker({ last_seen_at: null }), now)).toBe('offline');
  });

  it('counts a worker rendering a job under a live lease as online, however long since it asked', () => {
    const busy = worker({ last_seen_at: ago(10 * 60_000), lease_expires_at: new Date(now.getTime() + 1) });
    expect(workerPresence(busy, now)).toBe('online');
    const lapsed = worker({ last_seen_at: ago(10 * 60_000), lease_expires_at: ago(1) });
    expect(workerPresence(lapsed, now)).toBe('offline');
  });

  it('shows a disabled worker as revoked whatever it did last', () => {
    expect(workerPresence(worker({ disabled: true }), now)).toBe('revoked');
  });

  it('waits longer than a long poll and the recording throttle together', () => {
    expect(WORKER_ONLINE_WINDOW_MS).toBeGreaterThan(30_000 + 15_000);
  });
});
