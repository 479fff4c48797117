/**
 * The daily quest: a Free user's daily tickets (docs/product/decisions.md#prices-and-plans). The player
 * opens the quest (a visit to the community), waits a minute, then completes it once per UTC day.
 */
import { utcDay } from '../events/index.ts';

/**
 * Where the community meets (spec §2: the menu's social links to a chat, a forum, a microblog and a
 * short-video site). The operator configures each address (COMMUNITY_*_URL); the daily quest sends players
 * to the chat or the forum (QUEST_COMMUNITY_PLACES).
 */
export const COMMUNITY_PLACES = ['chat', 'forum', 'microblog', 'video'] as const;
export type CommunityPlace = (typeof COMMUNITY_PLACES)[number];
export const QUEST_COMMUNITY_PLACES = ['chat', 'forum'] as const satisfies readonly CommunityPlace[];

export const DAILY_QUEST = {
  /** Tickets granted on completion. */
  tickets: 10,
  /** Between opening the quest and completing it: the visit has to have happened. */
  waitSeconds: 60,
  /** Lifetime of the cookie remembering the opened task in the browser. */
  cookieDays: 30,
  /** XP of a completion (xp.ts daily_quest). */
  xp: 15,
} as const;

export type DailyQuestState = 'open' | 'waiting' | 'ready' | 'done';

/**
 * Where the quest stands at `now`: done when completed this UTC day; open when not opened this UTC day
 * (an opening from before midnight does not carry over, the new day's quest is opened again); waiting
 * for less than 60 s after opening; ready from 60 s on.
 */
export function dailyQuestState(input: {
  openedAt: Date | null;
  completedDay: string | null;
  now: Date;
}): DailyQuestState {
  const today = utcDay(input.now);
  if (input.completedDay === today) return 'done';
  if (input.openedAt === null || utcDay(input.openedAt) !== today) return 'open';
  return input.now.getTime() - input.openedAt.getTime() < DAILY_QUEST.waitSeconds * 1000
    ? 'waiting'
    : 'ready';
}

/** Whole seconds left to wait (rounded up, so the message never says 0 while waiting); 0 when ready. */
export function dailyQuestSecondsLeft(openedAt: Date, now: Date): number {
  const left = DAILY_QUEST.waitSeconds * 1000 - (now.getTime() - openedAt.getTime());
  return Math.max(0, Math.ceil(left / 1000));
}

const COMPACT_UNITS = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'k' },
] as const;
/** Up to this, a count is shown in full. */
const COMPACT_FROM = 10_000;

/**
 * A balance as the ticket tracker shows it: in full up to 10000, then 10.5k, 1.2M, 3B: one decimal,
 * ".0" dropped. Rounded down, never up, so a balance never reads as more than it is (999999 is "999.9k",
 * not "1M"). Fractions are dropped first.
 */
export function compactCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.trunc(n);
  if (whole < 0) return `-${compactCount(-whole)}`;
  if (whole <= COMPACT_FROM) return String(whole);
  const unit = COMPACT_UNITS.find((candidate) => whole >= candidate.size) ?? COMPACT_UNITS[2];
  // Tenths in integers: 10.5k is 105 tenths of a thousand; no floating-point rounding on the way.
  const tenths = Math.floor((whole * 10) / unit.size);
  const decimal = tenths % 10;
  return `${Math.floor(tenths / 10)}${decimal === 0 ? '' : `.${decimal}`}${unit.suffix}`;
}
