import {
  createUserBody,
  loginBody,
  OAUTH_PROVIDERS,
  oauthLoginBody,
  PLAN,
  resetPasswordBody,
  sendResetPasswordBody,
  updateUserBody,
  verifyEmailBody,
} from '@mirage/domain';
import { z } from 'zod';
import { okAnswer, operation } from './define.ts';

/**
 * The signed-in user's own account as the client sees it (docs/product/accounts.md#the-user). Only the
 * account's owner ever receives it; it never carries the password hash.
 */
export const userSettings = z
  .object({
    id: z.number().int().describe("The account's id (public: profile links carry it)"),
    username: z.string(),
    email: z.string().describe("The account's own address"),
    email_verified: z
      .boolean()
      .describe(
        'Whether the address is verified (needed to buy; OAuth accounts are verified from the start)',
      ),
    keep_updated: z.boolean().describe('Whether the user accepts news by mail'),
    generation_token: z.number().int().describe('Tickets'),
    tag_setting_ack: z
      .boolean()
      .describe('Whether the user has answered the account-setup dialog (content filter, hidden tags)'),
    lang: z.string().describe('The interface language (a LANGUAGES code)'),
    referral_code: z.string().describe("The user's own code to share"),
    referrer_id: z.number().int().nullable().describe('The account that referred this one, if any'),
    pro_expire: z.iso.datetime().nullable().describe('When a paid period ends (ISO 8601), if any'),
    daily_token: z.number().int().describe("Today's energy"),
    daily_quest_completed: z.boolean(),
    plan: z
      .literal([PLAN.free, PLAN.basic, PLAN.pro])
      .describe('0 free, 1 basic, 2 pro (docs/product/pricing-and-plans.md#plans)'),
    is_premium: z.boolean().describe('The effective plan is basic or pro'),
    has_daily_tickets: z.boolean().describe('Premium with energy left today'),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.output<typeof userSettings>;

const signedIn = z.object({ user: userSettings });
const oauthProvider = z.enum(OAUTH_PROVIDERS);

export const createUser = operation('createUser', {
  tag: 'accounts',
  summary: 'Create an account',
  description:
    'Creates an account with a username, an email and a password (and optionally a referral code), ' +
    'grants the welcome tickets and signs it in (sets the session cookie). Open to anyone.',
  body: createUserBody,
  responses: { 201: signedIn.describe('The account is created and signed in (session cookie set)') },
  errors: [
    'required_username',
    'bad_length_username',
    'bad_format_username',
    'duplicate_username',
    'required_email',
    'bad_length_email',
    'bad_format_email',
    'duplicate_email',
    'temp_mail_detected',
    'required_pwd',
    'bad_length_pwd',
    'weak_pwd',
    'referrer_not_found',
    'vpn_enabled',
    'spam_protection',
  ],
});

export const logIn = operation('logIn', {
  tag: 'accounts',
  summary: 'Sign in with a password',
  description:
    'Signs in with a username or an email and the password, and sets the session cookie. An unknown ' +
    'account and a wrong password answer the same `incorrect_password`.',
  body: loginBody,
  responses: { 200: signedIn.describe('Signed in (session cookie set)') },
  errors: ['required_username', 'required_pwd', 'incorrect_password', 'user_not_active', 'spam_protection'],
});

export const logOut = operation('logOut', {
  tag: 'accounts',
  summary: 'Sign out',
  description:
    "Ends the request's session, if any, and clears the session cookies; a missing or stale cookie " +
    'answers the same.',
  responses: { 200: okAnswer.describe('Signed out (session cookies cleared)') },
  errors: [],
});

export const getMe = operation('getMe', {
  tag: 'accounts',
  summary: 'Read your account',
  description: 'The signed-in user’s account: balances, plan and preferences.',
  responses: { 200: userSettings.describe('The signed-in user’s account') },
  errors: ['user_not_active'],
});

export const updateUser = operation('updateUser', {
  tag: 'accounts',
  summary: 'Change your account',
  description:
    'Changes the signed-in user’s username, mail preference or language, or acknowledges the account ' +
    'setup (`user.tag_setting_ack`, only `true`: it cannot be taken back), or the password ' +
    '(`pwd` with `current_pwd`, which signs out every other session).',
  body: updateUserBody,
  responses: { 200: signedIn.describe('The account as it is now') },
  errors: [
    'required_username',
    'bad_length_username',
    'bad_format_username',
    'duplicate_username',
    'required_pwd',
    'bad_length_pwd',
    'weak_pwd',
    'incorrect_password',
    'user_not_active',
    'spam_protection',
  ],
});

export const sendPasswordReset = operation('sendPasswordReset', {
  tag: 'accounts',
  summary: 'Ask for a password reset link',
  description:
    'Mails a single-use reset link (valid for an hour) when the address belongs to an active account. ' +
    'The answer is the same whether or not it does. Open to anyone.',
  body: sendResetPasswordBody,
  responses: { 200: okAnswer.describe('Accepted (a mail is sent when the address has an account)') },
  errors: ['required_email', 'bad_length_email', 'bad_format_email', 'spam_protection'],
});

export const resetPassword = operation('resetPassword', {
  tag: 'accounts',
  summary: 'Set a new password from a reset link',
  description:
    "Sets the account's password from a reset link's token, uses the token up and signs the account " +
    'out everywhere. Open to anyone holding a valid token.',
  body: resetPasswordBody,
  responses: { 200: okAnswer.describe('The password is changed') },
  errors: ['reset_token_invalid', 'required_pwd', 'bad_length_pwd', 'weak_pwd'],
});

export const verifyEmail = operation('verifyEmail', {
  tag: 'accounts',
  summary: 'Verify your address from the mailed link',
  description:
    "Marks the link's account verified and uses the token up (a link works once, for 48 hours, and only " +
    'for the address it was mailed to). A valid link of an account already verified answers the same. ' +
    'Open to anyone holding a valid token.',
  body: verifyEmailBody,
  responses: { 200: okAnswer.describe('The address is verified') },
  errors: ['verify_token_invalid'],
});

export const resendVerificationEmail = operation('resendVerificationEmail', {
  tag: 'accounts',
  summary: 'Mail a new verification link',
  description:
    "Mails the signed-in user a new link to verify the account's address (3 an hour). An account already " +
    'verified gets no mail and the same answer.',
  responses: { 200: okAnswer.describe('A new link is on its way, or the address is already verified') },
  errors: ['user_not_active', 'spam_protection'],
});

export const listOAuthProviders = operation('listOAuthProviders', {
  tag: 'accounts',
  summary: 'List the sign-in providers',
  description: 'The OAuth providers this server is configured for (the others are hidden). Open to anyone.',
  responses: {
    200: z.object({ providers: z.array(oauthProvider) }).describe('The configured providers, possibly none'),
  },
  errors: [],
});

export const startOAuthLogin = operation('startOAuthLogin', {
  tag: 'accounts',
  summary: 'Start signing in with a provider',
  description:
    "A browser navigation, not a fetch: sets a short-lived signed `oauth_state` cookie and redirects to the provider's " +
    'consent page, which sends the user back to `/oauth?provider=...` with a code for `logInWithOAuth`.',
  params: z.object({ provider: z.enum(OAUTH_PROVIDERS, { error: 'oauth_provider_unavailable' }) }),
  responses: {
    302: z
      .null()
      .describe("Redirects (Location) to the provider's authorization page; no body")
      .meta({
        headers: {
          location: { type: 'string', format: 'uri', description: "The provider's authorization URL" },
        },
      }),
  },
  errors: ['oauth_provider_unavailable'],
});

export const logInWithOAuth = operation('logInWithOAuth', {
  tag: 'accounts',
  summary: 'Sign in with a provider',
  description:
    "Trades the provider's authorization code for its profile and signs in the account behind it: the " +
    'identity’s account, else the account with its verified email, else a new one. Needs the ' +
    '`oauth_state` cookie startOAuthLogin set, matching `state`.',
  body: oauthLoginBody,
  responses: {
    200: signedIn.extend({ ok: z.literal(true) }).describe('Signed in (session cookie set)'),
  },
  errors: [
    'oauth_provider_unavailable',
    'oauth_failed',
    'duplicate_username',
    'duplicate_email',
    'user_not_active',
    'spam_protection',
  ],
});

export const accountsOperations = {
  createUser,
  logIn,
  logOut,
  getMe,
  updateUser,
  sendPasswordReset,
  resetPassword,
  verifyEmail,
  resendVerificationEmail,
  listOAuthProviders,
  startOAuthLogin,
  logInWithOAuth,
};
