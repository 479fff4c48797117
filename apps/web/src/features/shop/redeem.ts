/** The redeem card's rules (spec §4, §5, §9; docs/product/commerce.md#serial-keys). */
import { SERIAL_KEY_MIN_INPUT } from '@mirage/domain';

/** Submit stays disabled this long after a click (spec §9 "redeem disable 500 ms"). */
export const REDEEM_DISABLE_MS = 500;

/** The two answers that open the redeem-conflicts modal instead of an inline error. */
export const REDEEM_CONFLICTS = ['already_pro', 'upgrade_from_basic'] as const;
export type RedeemConflictCode = (typeof REDEEM_CONFLICTS)[number];

export function isRedeemConflict(code: string): code is RedeemConflictCode {
  return (REDEEM_CONFLICTS as readonly string[]).includes(code);
}

/** The button is enabled from 12 characters typed (spaces around do not count). */
export function canSubmitKey(typed: string): boolean {
  return typed.trim().length >= SERIAL_KEY_MIN_INPUT;
}

/** What a conflict's `data` says the key is worth; zeros when it says nothing readable. */
export function conflictValue(data: Record<string, unknown> | undefined): {
  duration: number;
  tickets: number;
} {
  const whole = (value: unknown) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
  return { duration: whole(data?.duration), tickets: whole(data?.tickets) };
}
