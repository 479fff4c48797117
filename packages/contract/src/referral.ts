import { REFERRAL } from '@mirage/domain';
import { z } from 'zod';
import { operation } from './define.ts';

/** Referrals (docs/product/commerce.md#referrals): the share card and the redeem card of the settings. */

export const referredAccount = z
  .object({
    username: z.string(),
    joined_at: z.iso.datetime().describe('When the account was created'),
    verified: z.boolean().describe('Whether it verified its email (its own gain is paid then)'),
    purchased: z.boolean().describe('Whether its first purchase earned the referrer’s gain'),
    tickets: z.number().int().describe('Tickets the referrer keeps from it (a refund takes the gain back)'),
  })
  .meta({ id: 'ReferredAccount', description: 'An account the signed-in user referred' });

export const listReferrals = operation('listReferrals', {
  tag: 'commerce',
  summary: 'The user’s referrals',
  description:
    'The signed-in user’s referral code, its referrer if it has one (and until when it may still name one), ' +
    'and the accounts it referred, newest first, with the tickets each earned it and the totals.',
  querystring: z.object({
    page: z.coerce.number().int().min(0).max(100_000).default(0).describe('From 0'),
    size: z.coerce.number().int().min(1).max(REFERRAL.maxPageSize).default(REFERRAL.pageSize),
  }),
  responses: {
    200: z
      .object({
        code: z.string().describe('The user’s own code to share'),
        referrer: z.string().nullable().describe('The username of the account that referred this one'),
        redeem_until: z.iso
          .datetime()
          .nullable()
          .describe('Until when a referrer may still be named (null: one is set already)'),
        rewards: z
          .object({ referred: z.number().int(), referrer: z.number().int() })
          .describe('Tickets each side gets'),
        items: z.array(referredAccount),
        page: z.number().int(),
        pages: z.number().int(),
        total: z.number().int().describe('Accounts referred'),
        tickets: z.number().int().describe('Tickets earned from all of them'),
      })
      .meta({ id: 'Referrals', description: 'A page of referred accounts' }),
  },
  errors: [],
});

export const redeemReferral = operation('redeemReferral', {
  tag: 'commerce',
  summary: 'Name a referrer',
  description:
    'Makes the code’s owner the signed-in account’s referrer (the code without regard to case), once, within ' +
    '30 days of sign-up. Not the own code, and not from one of the referrer’s recent addresses or an ' +
    'anonymiser’s (`vpn_enabled`). An account whose email is verified gets its referral tickets at once.',
  params: z.object({ referralCode: z.string().max(64, { error: 'referrer_not_found' }) }),
  responses: {
    200: z
      .object({ referrer: z.string().describe('The referrer’s username') })
      .meta({ id: 'RedeemReferralResponse', description: 'The referrer now set' }),
  },
  errors: [
    'referrer_not_found',
    'user_refer_self',
    'vpn_enabled',
    'referrer_already_set',
    'referral_too_late',
    'spam_protection',
  ],
});

export const referralOperations = { listReferrals, redeemReferral };
