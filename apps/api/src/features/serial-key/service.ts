import { normalizeSerialKey, RESELLER_NAME } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Limit, RateLimiter } from '../rate-limit/index.ts';
import type { SerialKeyRepository } from './repository.ts';

/**
 * Guessing limits for redeems (docs/product/commerce.md#serial-keys). 75 random bits already make
 * guessing hopeless; the limits keep a script from hammering the database, and stop an account or an
 * address that tries far more keys than anyone holds. Successful and conflicting redeems are refunded:
 * only wrong keys count.
 */
export const REDEEM_LIMITS = {
  perAccount: { max: 10, windowMs: 10 * 60_000 },
  perIp: { max: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

export interface RedeemResult {
  tickets: number;
  duration?: number;
}

export function createSerialKeyService(deps: {
  keys: SerialKeyRepository;
  limiter: RateLimiter;
  now: () => Date;
  /** The operator's reseller links (KEY_RESELLER_URLS). */
  resellerLinks?: readonly { name: string; url: string }[];
}) {
  const { keys, limiter, now } = deps;
  const links = new Map((deps.resellerLinks ?? []).map((link) => [link.name, link.url]));
  return {
    /** Every batch with its keys minted, redeemed and revoked (the console's keys tab, the CLI's list). */
    batches: () => keys.listBatches(),

    /** Stops a batch's unredeemed keys (redeemed ones keep what they gave); false when nothing changed. */
    revokeBatch: (batchId: number, trx?: DB) => keys.revokeBatch(batchId, now(), trx),

    /** Resellers with keys on sale, and those the operator linked (keys may come later), by name. */
    async resellers(): Promise<{ name: string; url: string | null }[]> {
      const names = new Set([...(await keys.activeResellers()), ...links.keys()]);
      return [...names].sort().map((name) => ({ name, url: links.get(name) ?? null }));
    },

    async redeem(
      userId: number,
      ip: string,
      reseller: string,
      typedKey: string,
      confirmed: boolean,
    ): Promise<RedeemResult> {
      const attempt = await limiter.attempt(
        [`redeem:account:${userId}`, REDEEM_LIMITS.perAccount],
        [`redeem:ip:${ip}`, REDEEM_LIMITS.perIp],
      );
      const key = normalizeSerialKey(typedKey);
      const name = reseller.toLowerCase();
      // A mistyped key (its check character does not match) is refused without a lookup, and counted.
      if (!key || !RESELLER_NAME.test(name)) throw new AppError('key_not_found');
      try {
        const value = await keys.redeem(userId, name, key, confirmed, now());
        await attempt.refund();
        return value.proDays > 0
          ? { tickets: value.tickets, duration: value.proDays }
          : { tickets: value.tickets };
      } catch (error) {
        // Only a wrong key is a guess; a used key or a conflict is someone holding a real key.
        if (error instanceof AppError && error.code !== 'key_not_found') await attempt.refund();
        throw error;
      }
    },
  };
}
export type SerialKeyService = ReturnType<typeof createSerialKeyService>;
