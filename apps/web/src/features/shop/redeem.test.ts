import { describe, expect, it } from 'vitest';
import { canSubmitKey, conflictValue, isRedeemConflict } from './redeem.ts';

describe('the redeem card', () => {
  it('enables submit from 12 characters, not counting surrounding spaces', () => {
    expect(canSubmitKey('ABCD-EFGH-JK')).toBe(true);
    expect(canSubmitKey('ABCD-EFGH-J')).toBe(false);
    expect(canSubmitKey('   ABCDEFGHJK   ')).toBe(false);
    expect(canSubmitKey('')).toBe(false);
  });

  it('opens the conflicts modal for already_pro and upgrade_from_basic only', () => {
    expect(isRedeemConflict('already_pro')).toBe(true);
    expect(isRedeemConflict('upgrade_from_basic')).toBe(true);
    expect(isRedeemConflict('key_not_found')).toBe(false);
    expect(isRedeemConflict('key_already_consumed')).toBe(false);
  });

  it('reads the conflict data defensively', () => {
    expect(conflictValue({ duration: 30, tickets: 500 })).toEqual({ duration: 30, tickets: 500 });
    expect(conflictValue({ duration: '30', tickets: -1 })).toEqual({ duration: 0, tickets: 0 });
    expect(conflictValue(undefined)).toEqual({ duration: 0, tickets: 0 });
  });
});
