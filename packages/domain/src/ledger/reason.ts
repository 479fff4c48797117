/** What an entry's reference points at: every entry names the thing that caused it. */
export const LEDGER_REF = {
  task: 'task',
  /** A (future) purchase order: the ledger is the effect of a settled payment. */
  order: 'order',
  serialKey: 'serial_key',
  /** The account itself (a welcome grant, an opening balance). */
  user: 'user',
  /** A UTC day, `YYYY-MM-DD` (the energy rollover). */
  day: 'day',
  /** The referred account whose action earned the reward. */
  referral: 'referral',
  /** A bell notification whose reward tokens were claimed (a level-up, an achievement). */
  notification: 'notification',
  /** A cosmetic reward bought with reward tokens (its id in @mirage/domain REWARDS). */
  reward: 'reward',
  /** An image found in a game event's hunt: `<event uuid>:<image uuid>`. */
  eventImage: 'event_image',
} as const;
export type LedgerRefType = (typeof LEDGER_REF)[keyof typeof LEDGER_REF];

export interface LedgerRef {
  type: LedgerRefType;
  id: string;
}

/** Which way a reason may move a balance. */
export type ReasonSign = 'credit' | 'debit' | 'either';

export interface ReasonRule {
  sign: ReasonSign;
  /** The reference type an entry with this reason carries. */
  ref: LedgerRefType;
}

/**
 * Why a balance moved. Stored as text and checked here before anything is written (a CHECK listing the
 * values would need a migration for every new reason). The first five are the names the ledger has used
 * since it began, kept so old and new entries read alike.
 */
export const LEDGER_REASONS = {
  welcome_grant: { sign: 'credit', ref: 'user' },
  task_debit: { sign: 'debit', ref: 'task' },
  task_refund: { sign: 'credit', ref: 'task' },
  /** Energy set to the plan's daily value (up, or down when more was left than the plan gives). */
  energy_reset: { sign: 'either', ref: 'day' },
  /** A lapsed Pro period: energy set to the Free plan's value. */
  energy_lapsed: { sign: 'debit', ref: 'day' },
  /** The difference between a cached balance and its entries when the ledger got accounts (0009). */
  opening_balance: { sign: 'either', ref: 'user' },
  /** A correction by hand (an operator; test fixtures that need a given balance). */
  operator_adjustment: { sign: 'either', ref: 'user' },
  purchase: { sign: 'credit', ref: 'order' },
  /** A refunded or charged-back purchase: its tickets taken back, as far as the balance allows. */
  purchase_reversal: { sign: 'debit', ref: 'order' },
  serial_key_redeem: { sign: 'credit', ref: 'serial_key' },
  referral_reward: { sign: 'credit', ref: 'referral' },
  /** The referred account's gain when it verifies its email; its ref is that account (REFERRAL). */
  referral_gain: { sign: 'credit', ref: 'referral' },
  /** The referrer's gain for the referred account's first purchase; its ref is that order. */
  referrer_gain: { sign: 'credit', ref: 'order' },
  /** That order refunded or charged back: the gain taken back, as far as the referrer's balance allows. */
  referrer_gain_reversal: { sign: 'debit', ref: 'order' },
  /** Reward tokens of a level-up or an achievement, paid when the user claims its notification. */
  reward_claim: { sign: 'credit', ref: 'notification' },
  /** Reward tokens spent on a cosmetic. */
  reward_unlock: { sign: 'debit', ref: 'reward' },
  /** The daily quest's tickets, once per UTC day. */
  daily_quest: { sign: 'credit', ref: 'day' },
  /** Reward tokens for an image found in a game event's hunt, once per image and player. */
  event_reward: { sign: 'credit', ref: 'event_image' },
} as const satisfies Record<string, ReasonRule>;
export type LedgerReason = keyof typeof LEDGER_REASONS;

export const LEDGER_REASON = Object.fromEntries(
  Object.keys(LEDGER_REASONS).map((reason) => [reason, reason]),
) as { readonly [R in LedgerReason]: R };

export function isLedgerReason(value: unknown): value is LedgerReason {
  return typeof value === 'string' && Object.hasOwn(LEDGER_REASONS, value);
}

export function isLedgerRefType(value: unknown): value is LedgerRefType {
  return typeof value === 'string' && (Object.values(LEDGER_REF) as string[]).includes(value);
}
