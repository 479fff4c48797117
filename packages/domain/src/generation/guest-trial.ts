import type { TaskLane } from './lane.ts';
import type { Txt2imgBody } from './prompt.ts';

/**
 * The guest trial (DECISIONS.md "Guests and the client", spec §6 "a separate guest call"): one image a
 * UTC day per browser and per address, all guests together within an hourly budget, Standard quality,
 * free styles, watermark on, private, lowest lane, kept 24 h for that browser only.
 */
export const GUEST_TRIAL = {
  /** Images per UTC day for one browser and, separately, for one address. */
  perDay: 1,
  /** The guest session (its cookie) and its image live this long, unless a sign-up claims them. */
  ttlMs: 24 * 60 * 60_000,
  /** Guest images of all visitors together per rolling hour when GUEST_TRIAL_HOURLY_BUDGET is unset. */
  defaultHourlyBudget: 60,
  /** Child-safety strikes of one address count this long (the accounts' strikes never expire alone). */
  ipStrikeWindowMs: 30 * 24 * 60 * 60_000,
} as const;

/** The lowest lane (queue-repository.ts LANE_SHIFT_MS): a trial waits behind every account's work. */
export const GUEST_TRIAL_LANE: TaskLane = 'eco';

/** Why a guest may not generate now; all answer 429 `guest_limit_reached` with this as `data.limit`. */
export type GuestLimit = 'browser' | 'address' | 'budget';

export interface GuestTrialUsage {
  /** Trial images this browser (its guest session) made today (UTC). */
  browserToday: number;
  /** Trial images made from this address key (guestAddressKey) today (UTC). */
  addressToday: number;
  /** Trial images of every guest within the last hour. */
  lastHour: number;
  hourlyBudget: number;
}

/**
 * Which limit refuses the trial, or null when it may run. The browser's limit is named first: it is the
 * one the visitor can understand ("you had today's image"); the address and the budget say "not now".
 */
export function guestTrialLimit(usage: GuestTrialUsage): GuestLimit | null {
  if (usage.browserToday >= GUEST_TRIAL.perDay) return 'browser';
  if (usage.addressToday >= GUEST_TRIAL.perDay) return 'address';
  if (usage.lastHour >= usage.hourlyBudget) return 'budget';
  return null;
}

/** The UTC day of an instant, as YYYY-MM-DD: the unit of the per-day limits. */
export function guestTrialDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** When a guest session (and its image) made at `createdAt` expires. */
export function guestTrialExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + GUEST_TRIAL.ttlMs);
}

/** Guest sessions created before this instant have expired (the cleanup's cut-off). */
export function guestTrialExpiredBefore(now: Date): Date {
  return new Date(now.getTime() - GUEST_TRIAL.ttlMs);
}

/**
 * The key of the per-address limit and strikes. An IPv4 address as it is (an IPv4 written in IPv6 as
 * IPv4); an IPv6 address by its /64: one subscriber line is given a whole /64, so a per-address limit on
 * the full address would be one new address away from useless. `ip` is Fastify's `request.ip`, which
 * honours TRUST_PROXY: behind a proxy that is not trusted every guest shares the proxy's address and the
 * limit fails closed (one trial a day for the whole site), never open.
 */
export function guestAddressKey(ip: string): string {
  const lower = ip.trim().toLowerCase();
  if (lower.startsWith('::ffff:') && lower.includes('.')) return lower.slice(7);
  if (!lower.includes(':')) return lower;
  const [head = '', tail = ''] = lower.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const missing = lower.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+/, '') || '0');
  while (prefix.length < 4) prefix.push('0');
  return `${prefix.join(':')}::/64`;
}

/**
 * A guest's request with the trial's terms imposed: Standard quality, no boosters (they are priced
 * extras), no upscale, watermark on, private, no eco flag (the lane is set to the lowest anyway). The
 * prompt, negative prompt, style, format, seed, creativity and the two harmless toggles stay the visitor's.
 */
export function guestTrialBody(body: Txt2imgBody): Txt2imgBody {
  return {
    ...body,
    quality: 'Standard',
    modifiers: [],
    upscale: false,
    watermark: true,
    private: true,
    slow_mode: false,
  };
}
