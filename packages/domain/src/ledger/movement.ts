import { isCurrency, type Currency } from './currency.ts';
import { isLedgerReason, LEDGER_REASONS, type LedgerReason, type LedgerRef } from './reason.ts';

/** One leg of a posting: a signed change of one (user, currency) account. */
export interface LedgerMovement {
  userId: number;
  currency: Currency;
  /** Positive credits, negative debits; never 0. */
  delta: number;
  reason: LedgerReason;
  ref: LedgerRef;
}

/** The most legs one posting may have (a purchase with a bonus, a referral paying both sides). */
export const MAX_LEGS = 16;
/** Balances are 32-bit integers in the database. */
export const MAX_ABS_DELTA = 2_147_483_647;
export const MAX_KEY_LENGTH = 200;
export const MAX_REF_ID_LENGTH = 200;

export type PostingProblem =
  | 'no_movements'
  | 'too_many_movements'
  | 'bad_key'
  | 'bad_user'
  | 'bad_currency'
  | 'bad_delta'
  | 'bad_reason'
  | 'wrong_sign'
  | 'wrong_ref'
  | 'repeated_account';

/**
 * Checks a posting before anything is written: every leg names a real user, a known currency, a non-zero
 * integer delta of its reason's sign, and the reference type its reason carries; one account appears
 * once per posting (so each account moves by one statement row and a replay matches leg for leg).
 * Returns the first problem, or null. A problem is a bug in the caller, not a user error.
 */
export function postingProblem(
  movements: readonly LedgerMovement[],
  idempotencyKey: string,
): PostingProblem | null {
  if (movements.length === 0) return 'no_movements';
  if (movements.length > MAX_LEGS) return 'too_many_movements';
  if (idempotencyKey.length === 0 || idempotencyKey.length > MAX_KEY_LENGTH) return 'bad_key';
  const accounts = new Set<string>();
  for (const movement of movements) {
    if (!Number.isSafeInteger(movement.userId) || movement.userId <= 0) return 'bad_user';
    if (!isCurrency(movement.currency)) return 'bad_currency';
    const { delta } = movement;
    if (!Number.isInteger(delta) || delta === 0 || Math.abs(delta) > MAX_ABS_DELTA) return 'bad_delta';
    if (!isLedgerReason(movement.reason)) return 'bad_reason';
    const rule = LEDGER_REASONS[movement.reason];
    if ((rule.sign === 'credit' && delta < 0) || (rule.sign === 'debit' && delta > 0)) return 'wrong_sign';
    const ref = movement.ref;
    if (ref.type !== rule.ref || ref.id.length === 0 || ref.id.length > MAX_REF_ID_LENGTH) return 'wrong_ref';
    const account = `${movement.userId}:${movement.currency}`;
    if (accounts.has(account)) return 'repeated_account';
    accounts.add(account);
  }
  return null;
}

/** The currencies a posting takes from (for the overdraft code), in the order the legs name them. */
export function debitedCurrencies(movements: readonly LedgerMovement[]): Currency[] {
  return [
    ...new Set(movements.filter((movement) => movement.delta < 0).map((movement) => movement.currency)),
  ];
}

/** A UTC day as the `day` reference names it. */
export function dayRef(day: Date): LedgerRef {
  return { type: 'day', id: day.toISOString().slice(0, 10) };
}
