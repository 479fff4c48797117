/**
 * The flood guard (docs/product/limits.md#interface): after more than 5 calls whose average gap is
 * 1000 ms or less, actions are blocked for 1000 ms. Pure: the caller keeps the state and passes the clock.
 *
 * Reading of the rule: the call that makes the sixth in a row of quick calls still goes through (the rule
 * says "after" them), and the block starts then. A blocked call does nothing and is not counted, so
 * waiting out the block is enough; quick calls after it are measured against the recent ones again, so a
 * burst that keeps going gets one call through per block.
 */
export const FLOOD_GUARD = {
  /** More than this many calls in a row are checked. */
  calls: 5,
  /** Their average gap must be at most this to count as a flood. */
  averageGapMs: 1000,
  /** How long actions are blocked then. */
  blockMs: 1000,
} as const;

export interface FloodGuardState {
  /** The times of the last calls that went through, oldest first (at most `calls + 1`). */
  readonly times: readonly number[];
  /** Actions are refused before this time. */
  readonly blockedUntil: number;
}

export const FLOOD_GUARD_START: FloodGuardState = { times: [], blockedUntil: 0 };

export interface FloodGuardDecision {
  allowed: boolean;
  state: FloodGuardState;
}

/** Decides whether a call at `now` may go through, and the state after it. */
export function checkFlood(state: FloodGuardState, now: number): FloodGuardDecision {
  if (now < state.blockedUntil) return { allowed: false, state };
  const window = FLOOD_GUARD.calls + 1;
  const times = [...state.times, now].slice(-window);
  let blockedUntil = state.blockedUntil;
  if (times.length === window) {
    // The average of the gaps between `window` calls: their span over the number of gaps.
    const averageGap = (times[times.length - 1]! - times[0]!) / (window - 1);
    if (averageGap <= FLOOD_GUARD.averageGapMs) blockedUntil = now + FLOOD_GUARD.blockMs;
  }
  return { allowed: true, state: { times, blockedUntil } };
}

/** A guard with its own state, for one client: `attempt()` says whether an action may go through now. */
export function createFloodGuard(clock: () => number = Date.now): { attempt: () => boolean } {
  let state = FLOOD_GUARD_START;
  return {
    attempt() {
      const decision = checkFlood(state, clock());
      state = decision.state;
      return decision.allowed;
    },
  };
}
