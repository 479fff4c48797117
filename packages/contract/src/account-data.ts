import { z } from 'zod';
import { fileBytes, okAnswer, operation } from './define.ts';

/**
 * The account's own data (docs/product/accounts.md#your-data): download it all, or delete the account.
 */

export const exportAccountData = operation('exportAccountData', {
  tag: 'accounts',
  summary: 'Download your data',
  description:
    'A zip of the account: profile and balances, ledger, orders, saved prompts, favourites, every ' +
    "image's settings and the images' files. Limited to a few downloads an hour.",
  responses: {
    200: {
      description: 'The zip (`mirage-data-<username>.zip`)',
      content: { 'application/zip': { schema: fileBytes } },
    },
  },
  errors: ['spam_protection'],
});

export const deleteAccount = operation('deleteAccount', {
  tag: 'accounts',
  summary: 'Delete your account',
  description:
    'Deletes the account for good: images and their files, favourites, saved prompts, sessions and sign-in ' +
    'identities go; balances and orders stay anonymised for the accounts; the username stays taken for 30 ' +
    'days. An account with a password confirms with it; one without signs in again first (10 minutes).',
  body: z
    .object({
      password: z.string().max(200).optional().describe('The current password, when the account has one'),
    })
    .default({}),
  responses: { 200: okAnswer.describe('Deleted; the session cookies are cleared') },
  errors: ['required_pwd', 'incorrect_password', 'reauthentication_required', 'spam_protection'],
});

export const accountDataOperations = { exportAccountData, deleteAccount };
