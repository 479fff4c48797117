/**
 * The account request schemas (zod) built over the plain rules of user.ts. Apart from user.ts so that code
 * that needs only the limits, the plan checks or the providers (every page of the web) does not build
 * schemas or load zod; the web's account forms import these from their own lazily loaded chunks.
 */
import { z } from 'zod';
import { safeText } from './input.ts';
import { LANGUAGES } from './languages.ts';
import {
  EMAIL_MAX,
  OAUTH_PROVIDERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './user.ts';

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
  /** The interface language at sign-up, so that the first mails (the address check) are in it. */
  lang: z.enum(LANGUAGES, { error: 'validation_error' }).optional(),
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
 * `POST /api/user/update`: either `{user: {username?, keep_updated?, lang?, tag_setting_ack?}}` or a password change
 * `{pwd, current_pwd}` (docs/product/api.md#accounts). One object with optional parts, so that each field's
 * own code comes back (a union would only say "invalid input").
 */
export const updateUserBody = z.object({
  user: z
    .object({
      username: usernameSchema.optional(),
      keep_updated: z.boolean({ error: 'validation_error' }).optional(),
      lang: languageSchema.optional(),
      /**
       * The account-setup dialog was answered (docs/product/accounts.md#account-setup). Only `true`: a user
       * cannot take the acknowledgement back, so `false` is refused rather than ignored.
       */
      tag_setting_ack: z.literal(true, { error: 'validation_error' }).optional(),
    })
    .optional(),
  pwd: passwordSchema.optional(),
  current_pwd: safeText().max(256, 'incorrect_password').optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const sendResetPasswordBody = z.object({ email: emailSchema });
/** `POST /api/user/verify-email`: the token of the e-mailed link. */
export const verifyEmailBody = z.object({
  token: safeText({ error: 'verify_token_invalid' })
    .min(16, 'verify_token_invalid')
    .max(128, 'verify_token_invalid'),
});

export const resetPasswordBody = z.object({
  token: safeText({ error: 'reset_token_invalid' })
    .min(16, 'reset_token_invalid')
    .max(128, 'reset_token_invalid'),
  pwd: passwordSchema,
});

export const oauthLoginBody = z.object({
  auth_code: safeText({ error: 'oauth_failed' }).min(1, 'oauth_failed').max(2048, 'oauth_failed'),
  redirect_uri: safeText({ error: 'oauth_failed' }).max(2048, 'oauth_failed'),
  provider: z.enum(OAUTH_PROVIDERS, { error: 'oauth_provider_unavailable' }),
  state: safeText().max(256).optional(),
});
