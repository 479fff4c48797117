/**
 * Whether a worker is online, as the console's workers tab shows it (docs/product/moderation-console.md).
 * A waiting worker asks for work at least every 30 s (its long poll, LEASE_WAIT_MAX_SECONDS) and the API
 * records it at most every 15 s; a busy one does not ask while it renders but holds a lease it renews.
 */

/** Seen within this window: online. Long poll (30 s) plus the recording throttle (15 s), with a margin. */
export const WORKER_ONLINE_WINDOW_MS = 60_000;

export type WorkerPresence = 'online' | 'offline' | 'revoked';

export function workerPresence(
  worker: { disabled: boolean; last_seen_at: Date | null; lease_expires_at: Date | null },
  now: Date,
): WorkerPresence {
  if (worker.disabled) return 'revoked';
  const time = now.getTime();
  // A job whose lease has not run out: the worker is rendering it, however long ago it last asked.
  if (worker.lease_expires_at && worker.lease_expires_at.getTime() > time) return 'online';
  if (worker.last_seen_at && time - worker.last_seen_at.getTime() <= WORKER_ONLINE_WINDOW_MS) {
    return 'online';
  }
  return 'offline';
}

/** A worker's name (the console and `npm run worker:token`): 2–40 letters, digits, _ or -. */
export const WORKER_NAME = /^[a-z0-9][a-z0-9_-]{1,39}$/i;
