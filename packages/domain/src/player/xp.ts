/**
 * Where XP comes from and how much (product calls of the lead, docs/product/decisions.md#player). Some
 * sources share a daily cap ("cap group", per UTC day and per player), so farming one action pays little:
 *
 * | source              | XP                                   | cap group  | cap / UTC day |
 * | ------------------- | ------------------------------------ | ---------- | ------------- |
 * | generation (txt2img)| 10 per image                         | generation | 200           |
 * | upscale             | 5                                    | generation | 200 (shared)  |
 * | favorite_received   | 5 (to the image's owner)             | favorite   | 50            |
 * | report_approved     | 20                                   | none       |               |
 * | daily_streak        | 10 + 2 × min(streak − 1, 10): 10..30 | none       |               |
 * | scroll              | 5 per 50 images viewed               | scroll     | 50            |
 * | daily_quest         | 15                                   | none       |               |
 */

export type XpSource =
  | 'generation'
  | 'upscale'
  | 'favorite_received'
  | 'report_approved'
  | 'daily_streak'
  | 'scroll'
  | 'daily_quest';
export type XpCapGroup = 'generation' | 'favorite' | 'scroll';

/**
 * XP a player may earn per UTC day in each group. Generation 200 and favourites 50 are the product's
 * figures; scroll 50 (ten milestones, 500 images) keeps the feed from becoming the fastest way up.
 */
export const XP_CAPS: Readonly<Record<XpCapGroup, number>> = { generation: 200, favorite: 50, scroll: 50 };

/** The most gallery images one scroll-counting call may name (a few pages of the feed). */
export const SCROLL_BATCH_MAX = 100;

/** Images viewed in the feed (counted once per image per day on the server) per scroll milestone. */
export const SCROLL_MILESTONE = 50;

interface XpRule {
  /** XP of one occurrence (daily_streak and scroll are computed from their options instead). */
  base: number;
  capGroup: XpCapGroup | null;
}

const XP_RULES: Readonly<Record<XpSource, XpRule>> = {
  // Upscales share the generation cap: both are the same kind of effort, and a separate cap would double
  // what a day of generating can earn.
  generation: { base: 10, capGroup: 'generation' },
  upscale: { base: 5, capGroup: 'generation' },
  favorite_received: { base: 5, capGroup: 'favorite' },
  // Approved reports are checked by a moderator, so they cannot be farmed: no cap.
  report_approved: { base: 20, capGroup: null },
  // Once a day by construction: no cap needed.
  daily_streak: { base: 10, capGroup: null },
  scroll: { base: 5, capGroup: 'scroll' },
  daily_quest: { base: 15, capGroup: null },
};

/** Streak days beyond the first that still add XP: a 11-day streak pays the most, 30 XP a day. */
const STREAK_BONUS_DAYS = 10;
const STREAK_BONUS_PER_DAY = 2;

export function xpRule(source: XpSource): { capGroup: XpCapGroup | null } {
  return { capGroup: XP_RULES[source].capGroup };
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be an integer ≥ 1`);
  return value;
}

/**
 * XP of one event before any cap. `streak` (daily_streak: the streak length including today, 1 when
 * omitted) and `milestones` (scroll: milestones crossed, 1 when omitted; 0 gives 0) are ignored by the
 * other sources.
 */
export function xpFor(source: XpSource, options: { streak?: number; milestones?: number } = {}): number {
  const { base } = XP_RULES[source];
  if (source === 'daily_streak') {
    const streak = positiveInteger(options.streak ?? 1, 'streak');
    return base + STREAK_BONUS_PER_DAY * Math.min(streak - 1, STREAK_BONUS_DAYS);
  }
  if (source === 'scroll') {
    const milestones = options.milestones ?? 1;
    if (!Number.isSafeInteger(milestones) || milestones < 0) throw new RangeError('milestones must be ≥ 0');
    return base * milestones;
  }
  return base;
}

/**
 * What may be credited of `requested` XP when `earnedTodayInGroup` was already earned today in the group
 * of cap `cap` (null: uncapped). Never negative, never more than requested: a cap lowered below what was
 * already earned gives 0, it takes nothing back.
 */
export function cappedXp(requested: number, earnedTodayInGroup: number, cap: number | null): number {
  const wanted = Math.max(0, requested);
  if (cap === null) return wanted;
  return Math.max(0, Math.min(wanted, cap - Math.max(0, earnedTodayInGroup)));
}

/** Milestones of SCROLL_MILESTONE images passed when a player's scroll count went from `before` to `after`. */
export function scrollMilestonesCrossed(before: number, after: number): number {
  if (after <= before) return 0;
  return Math.floor(after / SCROLL_MILESTONE) - Math.floor(Math.max(0, before) / SCROLL_MILESTONE);
}
