import { AppError } from '../../errors.ts';
import type { RateLimitRepository } from './repository.ts';

/** A limit: at most `max` hits per `windowMs` for one key (an IP, an account, or both). */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Abuse limits for login, sign-up, password checks and password reset (`spam_protection`, 429).
 * Counters live in PostgreSQL so that they hold across any number of API instances. Fixed windows keep
 * it to one upsert.
 *
 * Login is limited per address and per (account, address), never per account alone: usernames are
 * public (gallery cards), so a per-account limit would let anyone lock an owner out (finding M3). An
 * attacker spread over many addresses is slowed by the per-address limits, and weak passwords are
 * refused (`weak_pwd`), which is what makes guessing from many addresses unrewarding.
 */
export const LIMITS = {
  /** Failed logins from one address, whatever the accounts. */
  loginPerIp: { max: 30, windowMs: 10 * 60_000 },
  /** Failed logins to one account from one address (username and email count together). */
  loginPerAccountAndIp: { max: 10, windowMs: 10 * 60_000 },
  /** Wrong current passwords in /api/user/update, per account: a stolen session cannot brute-force. */
  currentPasswordPerAccount: { max: 10, windowMs: 10 * 60_000 },
  createPerIp: { max: 10, windowMs: 60 * 60_000 },
  resetPerIp: { max: 10, windowMs: 60 * 60_000 },
  /** Reset mails to one account; requests over it are answered ok but mail nothing (password-reset.ts). */
  resetMailsPerAccount: { max: 3, windowMs: 60 * 60_000 },
  oauthPerIp: { max: 30, windowMs: 10 * 60_000 },
  /** New verification links asked for by one account (features/user/email-verification.ts). */
  verifyMailsPerAccount: { max: 3, windowMs: 60 * 60_000 },
  /** Data downloads per account: each reads every image file (features/user/data-export.ts). */
  exportsPerAccount: { max: 3, windowMs: 60 * 60_000 },
  /** Deletion attempts per account: a stolen session cannot guess the password through it. */
  deletionsPerAccount: { max: 10, windowMs: 10 * 60_000 },
  /** Provenance checks per address: each decodes an upload and compares it with every image's hash. */
  provenanceChecksPerIp: { max: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

type Check = [key: string, limit: Limit];

/** An attempt that was counted; `refund` takes it back when it turns out not to count (a success). */
export interface CountedAttempt {
  refund(): Promise<void>;
}

export function createRateLimiter(repository: RateLimitRepository, now: () => Date, disabled = false) {
  let lastSweep = 0;

  /** Counts a hit for each key in turn; returns the first key over its limit, or undefined. */
  async function count(time: number, checks: Check[], counted: [string, Date][]) {
    for (const [rawKey, limit] of checks) {
      const key = rawKey.toLowerCase();
      const windowStart = new Date(Math.floor(time / limit.windowMs) * limit.windowMs);
      const hits = await repository.hit(key, windowStart);
      counted.push([key, windowStart]);
      if (hits > limit.max) {
        return { retryAfter: Math.ceil((windowStart.getTime() + limit.windowMs - time) / 1000) };
      }
    }
    if (time - lastSweep > 10 * 60_000) {
      lastSweep = time;
      await repository.deleteOlderThan(new Date(time - 2 * 60 * 60_000));
    }
    return undefined;
  }

  async function attempt(...checks: Check[]): Promise<CountedAttempt> {
    const counted: [string, Date][] = [];
    if (!disabled) {
      const over = await count(now().getTime(), checks, counted);
      if (over) throw new AppError('spam_protection', { retry_after: over.retryAfter });
    }
    return {
      async refund() {
        for (const [key, windowStart] of counted) await repository.unhit(key, windowStart);
      },
    };
  }

  return {
    /** Counts a hit for each key; throws spam_protection if any key is over its limit. */
    async consume(...checks: Check[]): Promise<void> {
      await attempt(...checks);
    },

    /**
     * Counts an attempt like `consume` (throws spam_protection when over), and returns a handle to take
     * it back: counting first and refunding successes keeps parallel guesses within the limit, where
     * "check, then count failures" would let a burst of simultaneous requests through.
     */
    attempt,

    /**
     * Counts a hit and says whether it is within the limit, without throwing: for limits whose effect
     * the requester must not see (the per-account reset mails).
     */
    async allows(key: string, limit: Limit): Promise<boolean> {
      if (disabled) return true;
      return (await count(now().getTime(), [[key, limit]], [])) === undefined;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
