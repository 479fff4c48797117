/**
 * Strike escalation for child-safety refusals (issue 9; anchor: Civitai's prompt audit). Every refusal by
 * the child-safety layer is a strike. Counted over a sliding window (and only since a moderator last
 * lifted a mute), strikes escalate: a warning the user sees, then the account goes to the review queue,
 * then it is muted (every generation, tweak and upscale refused with `user_muted`) until a moderator
 * lifts it.
 */

export const STRIKE_WINDOW_DAYS = 30;
export const STRIKE_WARNING_AT = 3;
export const STRIKE_REVIEW_AT = 5;
export const STRIKE_MUTE_AT = 8;

/** The `data.warning` of a refusal once the warning threshold is reached. */
export const SAFETY_WARNING = 'safety_warning';

export interface StrikeEscalation {
  /** Tell the user that further refusals lead to review and a mute. */
  warning: boolean;
  /** The account belongs in the moderators' review queue. */
  review: boolean;
  /** The account is muted. */
  mute: boolean;
}

/** What `strikes` refusals within the window lead to. */
export function strikeEscalation(strikes: number): StrikeEscalation {
  return {
    warning: strikes >= STRIKE_WARNING_AT,
    review: strikes >= STRIKE_REVIEW_AT,
    mute: strikes >= STRIKE_MUTE_AT,
  };
}

/**
 * The first moment a strike still counts at `now`: the window's start, or the moment a moderator last
 * lifted a mute, whichever is later (a lifted mute starts the count again).
 */
export function strikesCountFrom(now: Date, liftedAt: Date | null): Date {
  const windowStart = new Date(now.getTime() - STRIKE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return liftedAt && liftedAt > windowStart ? liftedAt : windowStart;
}
