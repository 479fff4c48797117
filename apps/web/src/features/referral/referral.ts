/** The referral cards' pure parts: the invitation link, what may be submitted, when the card shows. */
import { normalizeReferralCode } from '@mirage/domain';

/**
 * The link a referrer shares: the site's home with `?referral=CODE` (the guard saves it in the
 * referral_code cookie for a visitor, and the sign-up form sends it).
 */
export function referralLink(origin: string, code: string): string {
  return `${origin}/?referral=${encodeURIComponent(code)}`;
}

/** Whether the typed text can be a code at all (8 letters or digits, any case): the button waits for it. */
export function canSubmitReferralCode(typed: string): boolean {
  return normalizeReferralCode(typed) !== null;
}

/**
 * Whether the redeem card offers its form: not once a referrer is set (the card says who instead), and
 * not after the 30 days an account has to name one (the API would answer referral_too_late).
 */
export function canRedeem(redeemUntil: string | null, now: number): boolean {
  return redeemUntil !== null && new Date(redeemUntil).getTime() > now;
}
