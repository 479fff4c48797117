/** The referral feature's public face (docs/product/commerce.md#referrals). */
export { registerReferralGains, takeBackReferrerGain } from './gains.ts';
export { registerReferralRoutes } from './routes.ts';
export { ATTACH_LIMIT, createReferralService, type ReferralService } from './service.ts';
