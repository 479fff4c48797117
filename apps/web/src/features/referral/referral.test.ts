import { describe, expect, it } from 'vitest';
import { canRedeem, canSubmitReferralCode, referralLink } from './referral.ts';

describe('the referral cards', () => {
  it('link to the home page with the code', () => {
    expect(referralLink('https://mirage.example', 'ABCD2345')).toBe(
      'https://mirage.example/?referral=ABCD2345',
    );
  });

  it('submit only what can be a code', () => {
    expect(canSubmitReferralCode('abcd2345')).toBe(true);
    expect(canSubmitReferralCode(' ABCD2345 ')).toBe(true);
    expect(canSubmitReferralCode('ABCD234')).toBe(false);
    expect(canSubmitReferralCode('ABCD-2345')).toBe(false);
    expect(canSubmitReferralCode('')).toBe(false);
  });

  it('offer the form until the deadline, and never once a referrer is set', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(canRedeem('2026-12-01T00:00:00Z', now)).toBe(true);
    expect(canRedeem('2026-11-27T09:59:59Z', now)).toBe(false);
    expect(canRedeem(null, now)).toBe(false);
  });
});
