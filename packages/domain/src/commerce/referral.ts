/**
 * Referrals (docs/product/commerce.md#referrals): every account has a code; an account that names one
 * (at sign-up, or later in the settings) is the referred account, the code's owner its referrer.
 */

export const REFERRAL = {
  /** Tickets the referred account gets when it verifies its email (DECISIONS.md). */
  referredTickets: 20,
  /** Tickets the referrer gets when the referred account makes its first purchase. */
  referrerTickets: 100,
  /** Referred accounts per page of GET /api/referral (spec §9), and the most a page may ask for. */
  pageSize: 5,
  maxPageSize: 50,
  /** How far back the referrer's session addresses count as "recent" for the same-address check. */
  recentIpDays: 30,
  /**
   * How long after its sign-up an account may still name a referrer in the settings: a referral brings a
   * new account, and without a window every old account could collect the referred gain by naming anyone.
   */
  attachWindowDays: 30,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What sign-up makes (service.ts newReferralCode): 8 characters, upper case letters and digits. */
const REFERRAL_CODE = /^[A-Z0-9]{8}$/;

/**
 * A typed code as stored (codes are matched without regard to case, around spaces), or null for anything
 * that cannot be a code (too long, other characters): such input is answered `referrer_not_found`
 * without a look-up.
 */
export function normalizeReferralCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return REFERRAL_CODE.test(code) ? code : null;
}

export type ReferralRefusal =
  'referrer_not_found' | 'user_refer_self' | 'vpn_enabled' | 'referrer_already_set' | 'referral_too_late';

export interface AttachInput {
  /** The code's owner, or undefined when no account has the code. */
  referrer: { id: number } | undefined;
  /** The account that names the code; undefined at sign-up (it does not exist yet). */
  account?: { id: number; referrerId: number | null; createdAt: Date };
  /** Whether the referred side's address is one of the referrer's recent ones, or an anonymiser's. */
  vpn: boolean;
  now: Date;
}

/**
 * Why an account may not name this referrer, or null when it may. In the order the answers should come:
 * an unknown code first (nothing else can be said about it), then the account's own state, then the
 * address check (so that a user who already has a referrer is not told about VPNs).
 */
export function attachRefusal(input: AttachInput): ReferralRefusal | null {
  const { referrer, account } = input;
  if (!referrer) return 'referrer_not_found';
  if (account) {
    if (referrer.id === account.id) return 'user_refer_self';
    if (account.referrerId !== null) return 'referrer_already_set';
    if (input.now.getTime() - account.createdAt.getTime() > REFERRAL.attachWindowDays * DAY_MS)
      return 'referral_too_late';
  }
  if (input.vpn) return 'vpn_enabled';
  return null;
}

/** Since when the referrer's sessions count as recent. */
export function recentIpSince(now: Date): Date {
  return new Date(now.getTime() - REFERRAL.recentIpDays * DAY_MS);
}

/** An IPv4 address written in IPv6 (`::ffff:10.0.0.1`, as a dual-stack socket reports it) as IPv4. */
function unmapped(ip: string): string {
  const lower = ip.trim().toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

/**
 * Whether an address can stand for one person's connection. Loopback, private, link-local and unique
 * local addresses name a network, not a person: everyone behind one reverse proxy without TRUST_PROXY,
 * or one office, shares them, and comparing them would refuse every referral there.
 */
export function isPersonalAddress(ip: string): boolean {
  const address = unmapped(ip);
  if (address === '' || address === '::' || address === '::1' || address === '0.0.0.0') return false;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(address);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    return !(
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  return !/^(f[cd][0-9a-f]{0,2}:|fe[89ab][0-9a-f]?:)/.test(address);
}

/**
 * Whether the referred side came from one of the referrer's own recent addresses (one person with two
 * accounts, most likely), comparing only personal addresses.
 */
export function sharesAddress(referred: readonly string[], referrer: readonly string[]): boolean {
  const theirs = new Set(referrer.filter(isPersonalAddress).map(unmapped));
  return referred.some((ip) => isPersonalAddress(ip) && theirs.has(unmapped(ip)));
}

export interface ReferrerGainInput {
  /** When the account named its referrer (null: it has none). */
  referredAt: Date | null;
  verified: boolean;
  /** The account's first paid order (by payment time), if any. */
  firstPaid: { orderId: string; paidAt: Date } | undefined;
  /** The order whose payment is being handled. */
  orderId: string;
}

/**
 * Whether this payment earns the referrer's gain: it is the referred account's first purchase, made by a
 * verified account after it named its referrer (a purchase made before that was not brought by the
 * referral). Renewals of that first order are the same order: the gain's idempotency key keeps it once.
 */
export function earnsReferrerGain(input: ReferrerGainInput): boolean {
  const { referredAt, firstPaid } = input;
  if (referredAt === null || !input.verified || !firstPaid) return false;
  return firstPaid.orderId === input.orderId && firstPaid.paidAt.getTime() >= referredAt.getTime();
}
