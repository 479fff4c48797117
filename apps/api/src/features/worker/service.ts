import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../session/index.ts';
import type { WorkerRow } from '../../db/schema/generation.ts';
import type { WorkerRepository } from './repository.ts';

/**
 * A worker authenticates every lease, progress report and completion. Its row is remembered this
 * long, so the hot path costs no query; disabling or replacing a token (`npm run worker:token`, another
 * process) therefore takes effect within this time on every API instance.
 */
export const WORKER_AUTH_CACHE_MS = 10_000;

/** A new worker token (shown once) and the hash that is stored. */
export function newWorkerToken(): { token: string; hash: Buffer } {
  const token = `mw_${newToken()}`;
  return { token, hash: hashToken(token) };
}

/** Worker tokens: 256-bit random, stored hashed like sessions; managed by `npm run worker:token`. */
export function createWorkerAuth(workers: WorkerRepository, now: () => Date = () => new Date()) {
  const cache = new Map<string, { worker: WorkerRow | undefined; until: number }>();

  async function lookup(tokenHash: Buffer): Promise<WorkerRow | undefined> {
    const key = tokenHash.toString('base64');
    const at = now().getTime();
    const cached = cache.get(key);
    if (cached && cached.until > at) return cached.worker;
    const worker = await workers.findByTokenHash(tokenHash);
    // Unknown tokens are not remembered: a flood of random tokens must not grow the map.
    if (worker) {
      if (cache.size >= 10_000) cache.clear();
      cache.set(key, { worker, until: at + WORKER_AUTH_CACHE_MS });
    } else cache.delete(key);
    return worker;
  }

  return {
    async issueToken(name: string): Promise<string> {
      const { token, hash } = newWorkerToken();
      await workers.upsertToken(name, hash);
      cache.clear(); // the worker's previous token stops working at once on this instance
      return token;
    },

    /**
     * Forgets every remembered worker: after a token is replaced or a worker disabled elsewhere (the
     * console's transaction), the change applies at once on this instance.
     */
    forget(): void {
      cache.clear();
    },

    async authenticate(authorization: string | undefined): Promise<WorkerRow> {
      const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
      if (!token) throw new AppError('token_missing');
      const worker = await lookup(hashToken(token));
      if (!worker || worker.disabled) throw new AppError('token_invalid');
      return worker;
    },
  };
}
export type WorkerAuth = ReturnType<typeof createWorkerAuth>;
