/**
 * Referrals (docs/product/commerce.md#referrals): the settings' share-referral card (code, link, the
 * accounts referred) and redeem-referral card (name a referrer).
 */
export { ShareReferralCard } from './ShareReferralCard.tsx';
export { RedeemReferralCard } from './RedeemReferralCard.tsx';
export { ReferralSection } from './ReferralSection.tsx';
