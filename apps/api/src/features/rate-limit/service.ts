import { AppError } from '../../http/errors.ts';
import type { RateLimitRepository } from './repository.ts';

/** A limit: at most `max` hits per `windowMs` for one key (an IP or an account). */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Abuse limits for login, sign-up and password reset (`spam_protection`, 429). Counters live in
 * PostgreSQL so that they hold across any number of API instances. Fixed windows keep it to one upsert.
 */
export const LIMITS = {
  loginPerIp: { max: 30, windowMs: 10 * 60_000 },
  loginPerAccount: { max: 10, windowMs: 10 * 60_000 },
  createPerIp: { max: 10, windowMs: 60 * 60_000 },
  resetPerIp: { max: 10, windowMs: 60 * 60_000 },
  resetPerAccount: { max: 3, windowMs: 60 * 60_000 },
  oauthPerIp: { max: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

export function createRateLimiter(repository: RateLimitRepository, now: () => Date, disabled = false) {
  let lastSweep = 0;
  return {
    /** Counts a hit for each key; throws spam_protection if any key is over its limit. */
    async consume(...checks: [key: string, limit: Limit][]) {
      if (disabled) return;
      const time = now().getTime();
      for (const [key, limit] of checks) {
        const windowStart = new Date(Math.floor(time / limit.windowMs) * limit.windowMs);
        const hits = await repository.hit(key.toLowerCase(), windowStart);
        if (hits > limit.max) {
          const retryAfter = Math.ceil((windowStart.getTime() + limit.windowMs - time) / 1000);
          throw new AppError('spam_protection', { retry_after: retryAfter });
        }
      }
      if (time - lastSweep > 10 * 60_000) {
        lastSweep = time;
        await repository.deleteOlderThan(new Date(time - 2 * 60 * 60_000));
      }
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
