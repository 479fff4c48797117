/**
 * The daily streak: consecutive UTC days on which a player came back (the `user.signed_in_day` event).
 * Days are "YYYY-MM-DD" strings as `utcDay` writes them, so the rule never depends on a time zone.
 */

export interface StreakState {
  /** The last day counted, or null before the first. */
  lastDay: string | null;
  streak: number;
  best: number;
}

export interface StreakOutcome {
  state: StreakState;
  /** Whether this day added to the streak (false for a day already counted or an earlier one). */
  counted: boolean;
  /** The length of a streak that just broke, when it was 2 days or more (a `daily_loss` notice); else 0. */
  lost: number;
}

const DAY_MS = 86_400_000;
/** A broken streak shorter than this is not worth a notice: one day is not a streak yet. */
const MIN_LOST_STREAK = 2;

/** Days since 1970-01-01 of a "YYYY-MM-DD" day; throws on anything else (2025-02-30 included). */
export function utcDayNumber(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match) {
    const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const ms = Date.UTC(year, month - 1, date);
    // Date.UTC rolls 02-30 over to 03-02; a real day reads back the same.
    if (new Date(ms).toISOString().slice(0, 10) === day) return ms / DAY_MS;
  }
  throw new RangeError(`not a UTC day (YYYY-MM-DD): ${day}`);
}

/**
 * Counts `day` into the streak. The same day again counts nothing; the next day adds one; a missed day or
 * more restarts at 1 and reports the broken streak as lost. A day before the last one (a late event, a
 * clock gone back) counts nothing and changes nothing. The best is the longest streak ever.
 */
export function advanceStreak(state: StreakState, day: string): StreakOutcome {
  const today = utcDayNumber(day);
  if (state.lastDay !== null) {
    const gap = today - utcDayNumber(state.lastDay);
    if (gap <= 0) return { state, counted: false, lost: 0 };
    if (gap === 1) return { state: counted(state, day, state.streak + 1), counted: true, lost: 0 };
  }
  // First day ever, or at least one day missed.
  const lost = state.lastDay !== null && state.streak >= MIN_LOST_STREAK ? state.streak : 0;
  return { state: counted(state, day, 1), counted: true, lost };
}

function counted(state: StreakState, day: string, streak: number): StreakState {
  return { lastDay: day, streak, best: Math.max(state.best, streak) };
}
