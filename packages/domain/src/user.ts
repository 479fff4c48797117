import { z } from 'zod';
import { safeText } from './input.ts';
import { LANGUAGES } from './languages.ts';
import { effectivePlan } from './generation/plans.ts';
import { PLAN } from './plan.ts';

/** docs/product/accounts.md#validation: username 3-12, password 8-32, email under 100 characters. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 12;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** "under 100 characters": 99 is the longest accepted address. */
export const EMAIL_MAX = 99;

/**
 * Allowed username characters. The spec only says "allowed characters only"; we take ASCII letters,
 * digits, underscore and hyphen so that names are safe in URLs like /gallery/{username}-{id}
 * (the id is read after the last hyphen).
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/* Each check carries the spec's error code as its message; the API maps the first failing check to
 * `{"detail":{"code": <message>}}`, and the web shows the translation of that code. Checks run in the
 * order required -> length -> format, so the most basic problem is reported first. */

export const usernameSchema = safeText({ error: 'required_username' })
  .trim()
  .min(1, 'required_username')
  .min(USERNAME_MIN, 'bad_length_username')
  .max(USERNAME_MAX, 'bad_length_username')
  .regex(USERNAME_PATTERN, 'bad_format_username');

export const emailSchema = safeText({ error: 'required_email' })
  .trim()
  .min(1, 'required_email')
  .max(EMAIL_MAX, 'bad_length_email')
  .pipe(z.email('bad_format_email'))
  .transform((email) => email.toLowerCase());

export const passwordSchema = safeText({ error: 'required_pwd' })
  .min(1, 'required_pwd')
  .min(PASSWORD_MIN, 'bad_length_pwd')
  .max(PASSWORD_MAX, 'bad_length_pwd');

export const createUserBody = z.object({
  username: usernameSchema,
  email: emailSchema,
  pwd: passwordSchema,
  referral_code: safeText().trim().max(64).optional().nullable(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/**
 * Login accepts the username or the email in `username` (docs/product/decisions.md#accounts-and-routes).
 * Every "no such account" answer, an over-long name included, is `incorrect_password`, the code of a wrong
 * password (docs/product/errors.md shows one message for both; one code does not tell which accounts exist).
 */
export const loginBody = z.object({
  username: safeText({ error: 'required_username' })
    .trim()
    .min(1, 'required_username')
    .max(EMAIL_MAX, 'incorrect_password'),
  pwd: safeText({ error: 'required_pwd' }).min(1, 'required_pwd').max(256, 'incorrect_password'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const languageSchema = z.enum(LANGUAGES, { error: 'validation_error' });

/**
 * `POST /api/user/update`: either `{user: {username?, keep_updated?, lang?}}` or a password change
 * `{pwd, current_pwd}` (docs/product/api.md#accounts). One object with optional parts, so that each field's
 * own code comes back (a union would only say "invalid input").
 */
export const updateUserBody = z.object({
  user: z
    .object({
      username: usernameSchema.optional(),
      keep_updated: z.boolean({ error: 'validation_error' }).optional(),
      lang: languageSchema.optional(),
    })
    .optional(),
  pwd: passwordSchema.optional(),
  current_pwd: safeText().max(256, 'incorrect_password').optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const sendResetPasswordBody = z.object({ email: emailSchema });
export const resetPasswordBody = z.object({
  token: safeText({ error: 'reset_token_invalid' })
    .min(16, 'reset_token_invalid')
    .max(128, 'reset_token_invalid'),
  pwd: passwordSchema,
});

export const OAUTH_PROVIDERS = ['google', 'discord'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const oauthLoginBody = z.object({
  auth_code: safeText({ error: 'oauth_failed' }).min(1, 'oauth_failed').max(2048, 'oauth_failed'),
  redirect_uri: safeText({ error: 'oauth_failed' }).max(2048, 'oauth_failed'),
  provider: z.enum(OAUTH_PROVIDERS, { error: 'oauth_provider_unavailable' }),
  state: safeText().max(256).optional(),
});

export { PLAN, type Plan } from './plan.ts';

/**
 * docs/product/pricing-and-plans.md#effective-plan: premium when plan >= 1 or pro_expire is later than now.
 * Decision: a pro_expire that has passed wins over a plan column the midnight rollover has not rewritten yet,
 * so the client and the server agree with the plan the server applies (effectivePlan in generation/plans.ts).
 */
export function isPremium(
  user: { plan: number; pro_expire: string | Date | null },
  now: Date = new Date(),
): boolean {
  return effectivePlan(user, now) >= PLAN.basic;
}

/**
 * docs/product/pricing-and-plans.md#effective-plan: daily tickets are available when premium and daily_token
 * > 0.
 */
export function hasDailyTickets(
  user: { plan: number; pro_expire: string | Date | null; daily_token: number },
  now: Date = new Date(),
): boolean {
  return isPremium(user, now) && user.daily_token > 0;
}
