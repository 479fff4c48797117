/** The referral calls (docs/product/commerce.md#referrals). */
import type { Answer } from '@mirage/contract';
import { call } from '../api/index.ts';

export type Referrals = Answer<'listReferrals'>;
export type ReferredAccount = Referrals['items'][number];

/** Every page of the list; page 0 also feeds the redeem card (its referrer and deadline). */
export const REFERRALS_KEY = ['referrals'] as const;

export const fetchReferrals = (page: number, size: number, signal?: AbortSignal) =>
  call('listReferrals', { query: { page, size } }, signal);

export const redeemReferral = (referralCode: string) => call('redeemReferral', { params: { referralCode } });
