import { BlockList, isIP } from 'node:net';
import { attachRefusal, normalizeReferralCode, recentIpSince, REFERRAL, sharesAddress } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Limit, RateLimiter } from '../rate-limit/index.ts';
import { grantReferredGain } from './gains.ts';
import { createReferralRepository } from './repository.ts';

export interface ReferralDeps {
  db: DB;
  /** REFERRAL_BLOCKED_CIDRS: the anonymisers' ranges (config.ts checked each). */
  blockedCidrs: readonly string[];
  limiter: RateLimiter;
  now: () => Date;
}

/**
 * Codes tried per account: a guessed code only names someone else as one's referrer, but a script trying
 * codes would still hammer the database and learn which codes exist.
 */
export const ATTACH_LIMIT = { max: 10, windowMs: 10 * 60_000 } satisfies Limit;

const DAY_MS = 24 * 60 * 60 * 1000;

/** An IPv4 address written in IPv6 (a dual-stack socket's `::ffff:…`) as IPv4, for the ranges' check. */
function plainAddress(ip: string): string {
  const lower = ip.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

function blockListOf(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address = '', prefix] = cidr.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Referrals (docs/product/commerce.md#referrals): naming a referrer, and the referrer's list. */
export function createReferralService(deps: ReferralDeps) {
  const { db, now } = deps;
  const blocked = blockListOf(deps.blockedCidrs);
  const referrals = createReferralRepository(db);

  function anonymised(ip: string): boolean {
    const address = plainAddress(ip);
    const family = isIP(address);
    return family !== 0 && blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * `vpn_enabled`'s test: the referred side comes from an anonymiser's range, or from an address the
   * referrer's own sessions used in the last 30 days (one person with a second account, most likely).
   */
  async function isVpn(referrerId: number, addresses: readonly string[]): Promise<boolean> {
    if (addresses.some(anonymised)) return true;
    const theirs = await referrals.sessionAddresses(referrerId, recentIpSince(now()));
    return sharesAddress(addresses, theirs);
  }

  async function referrerOf(typed: string) {
    const code = normalizeReferralCode(typed);
    return code === null ? undefined : referrals.findByCode(code);
  }

  return {
    /** The referrer's id for a code typed at sign-up from `ip`, or the refusal's error. */
    async referrerForSignUp(typed: string, ip: string): Promise<number> {
      const referrer = await referrerOf(typed);
      const vpn = referrer ? await isVpn(referrer.id, [ip]) : false;
      const refusal = attachRefusal({ referrer, vpn, now: now() });
      if (refusal) throw new AppError(refusal);
      return referrer!.id;
    },

    /**
     * Names the referrer of an account that has none. The referred side's addresses are this call's and
     * those of the account's recent sessions (its sign-up's among them). An account whose email is
     * verified gets its gain in the same transaction, through the same once-only posting as the
     * verification's handler.
     */
    async attach(userId: number, typed: string, ip: string): Promise<{ referrer: string }> {
      await deps.limiter.consume([`referral:account:${userId}`, ATTACH_LIMIT]);
      const referrer = await referrerOf(typed);
      const account = await referrals.account(userId);
      if (!account) throw new AppError('token_invalid');
      const addresses = referrer
        ? [ip, ...(await referrals.sessionAddresses(userId, recentIpSince(now())))]
        : [];
      const refusal = attachRefusal({
        referrer,
        account: { id: account.id, referrerId: account.referrer_id, createdAt: account.created_at },
        vpn: referrer ? await isVpn(referrer.id, addresses) : false,
        now: now(),
      });
      if (refusal) throw new AppError(refusal);
      await db.transaction().execute(async (trx) => {
        const at = now();
        // Another call may have set one since the check: the update's `is null` decides.
        if (!(await createReferralRepository(trx).attach(userId, referrer!.id, at)))
          throw new AppError('referrer_already_set');
        await grantReferredGain(trx, userId, at);
      });
      return { referrer: referrer!.username };
    },

    /** The share card's data: the user's code, its referrer, and a page of the accounts it referred. */
    async list(userId: number, page: number, size: number) {
      const account = await referrals.account(userId);
      if (!account) throw new AppError('token_invalid');
      const [items, totals] = await Promise.all([
        referrals.referred(userId, page, size),
        referrals.totals(userId),
      ]);
      const redeemUntil = new Date(account.created_at.getTime() + REFERRAL.attachWindowDays * DAY_MS);
      return {
        code: account.referral_code,
        referrer: account.referrer_username ?? null,
        redeem_until: account.referrer_id === null ? redeemUntil.toISOString() : null,
        rewards: { referred: REFERRAL.referredTickets, referrer: REFERRAL.referrerTickets },
        items: items.map((item) => ({
          username: item.username,
          joined_at: item.created_at.toISOString(),
          verified: item.verified,
          purchased: item.purchased,
          tickets: Number(item.tickets),
        })),
        page,
        pages: Math.ceil(totals.total / size),
        total: Number(totals.total),
        tickets: Number(totals.tickets),
      };
    },
  };
}
export type ReferralService = ReturnType<typeof createReferralService>;
