/**
 * The error catalogue (docs/product/errors.md) plus the few codes this implementation adds (marked "added").
 * Every error the client can see is `{"detail":{"code","data"?}}` with one of these codes; the HTTP
 * status for each code lives here too so that the server has exactly one table to consult.
 */
export const ERROR_STATUS = {
  // generic
  not_found: 404, // added: unknown /api route or resource
  validation_error: 400, // added: a malformed body field without a more specific spec code
  internal_error: 500, // added: unexpected failure (never carries a stack trace)
  forbidden_origin: 403, // added: state-changing call from a foreign origin
  unauthorized_resource: 403,
  spam_protection: 429,
  service_unavailable: 503, // added: this instance is draining, or its database is away (readiness, any call)
  // token family
  token_missing: 401,
  token_expired: 401,
  token_invalid: 401,
  // username family
  required_username: 400,
  bad_length_username: 400,
  bad_format_username: 400,
  duplicate_username: 409,
  // email family
  required_email: 400,
  bad_length_email: 400,
  bad_format_email: 400,
  duplicate_email: 409,
  subscription_error: 400,
  temp_mail_detected: 400,
  // password family
  required_pwd: 400,
  bad_length_pwd: 400,
  weak_pwd: 400, // added: a common or easily guessed password (ASVS 5 L2)
  // login family
  user_not_found: 401,
  incorrect_password: 401,
  user_not_active: 403,
  reauthentication_required: 403, // added: deleting an account without a password needs a sign-in of the last 10 minutes
  // password reset (added): unknown, used or expired reset token
  reset_token_invalid: 400,
  // email verification (added): unknown, used or expired verification token; a purchase before verifying
  verify_token_invalid: 400,
  email_not_verified: 403,
  // oauth (added): provider not configured, or the code exchange failed
  oauth_provider_unavailable: 404,
  oauth_failed: 400,
  // generation (docs/product/errors.md)
  image_not_found: 404,
  duplicate_task_signature: 409,
  max_failed_task: 429,
  user_insufficient_funds: 402,
  insufficient_token_count: 402,
  style_not_txt2img: 400,
  style_disabled: 400,
  user_pro_expired: 403,
  already_upscaled: 409,
  unauthorized_style: 403,
  unauthorized_modifier: 403,
  // generation (added)
  forbidden_prompt: 400, // moderation refused the prompt; data lists the matched words (never for child safety)
  max_running_tasks: 429, // the plan's concurrency cap (1/2/4) is reached
  // guest trial (added): DECISIONS.md "Guests and the client"
  age_confirmation_required: 403, // a guest call without age_confirmed: true (the 18+ confirmation)
  guest_limit_reached: 429, // the guest trial's day (browser or address) or hourly budget is used; data.limit
  // tweak (docs/product/generation.md#tweak)
  convert_same_style: 400,
  empty_tweak_mask: 400, // the inpaint mask has no painted pixel
  convert_realistic_source: 400, // added: a realistic render cannot be style-converted
  task_lease_lost: 409, // a worker reported on a task it no longer holds
  preset_not_found: 404,
  // trust and hardening (added)
  user_muted: 403, // generation, tweak and upscale refused until a moderator lifts the mute (8 strikes)
  invalid_result: 422, // a worker's result does not match its job (size, format)
  // moderation console (added): docs/product/moderation-console.md
  image_hidden: 403, // a moderator hid the image: its owner cannot make it public again
  report_not_open: 409, // the report was already approved or rejected
  review_not_open: 409, // the held image's review (or the flagged payment's) was already decided
  moderation_rule_built_in: 409, // a built-in rule is changed in code (the seed rewrites it at every boot)
  staff_target_protected: 403, // staff cannot restrict themselves, an admin, or (as a moderator) a moderator
  // gallery and images (docs/product/errors.md)
  duplicate_favorite: 409,
  favorites_limit_exceeded: 403,
  image_no_gen_data: 404,
  // saved prompts (added): a user keeps at most SAVED_PROMPT_LIMIT (100, the quick-saved list size)
  saved_prompts_limit_exceeded: 409,
  // player (added): cosmetics, titles and the daily quest (docs/product/player.md)
  reward_not_found: 404,
  reward_already_unlocked: 409,
  reward_locked: 403, // equipping a cosmetic the user does not own
  achievement_locked: 403, // wearing the title of an achievement not unlocked (or unknown)
  daily_quest_not_opened: 409, // completed before it was opened today
  daily_quest_too_early: 409, // less than 60 s after it was opened; data.seconds_left
  daily_quest_done: 409, // already completed this UTC day
  // game events (docs/product/player.md#events)
  wait_for_event: 409, // the event has not started yet; data.starts_at
  event_not_found: 404, // added: no event with this uuid
  event_ended: 409, // added: the event is over; its hunt pays nothing any more
  // commerce (docs/product/commerce.md)
  payment_provider_unavailable: 404, // added: no such provider, or not configured here
  product_not_found: 400, // added: not a pack or plan the shop sells
  order_not_found: 404, // added
  payment_failed: 502, // added: the provider could not create the checkout; nothing was charged
  already_pro: 409, // Basic bought or redeemed while Pro runs (redeem: data {duration, tickets})
  upgrade_from_basic: 409, // a Pro-days key redeemed while Basic runs (data {duration, tickets})
  key_not_found: 404, // no such serial key for this reseller (or revoked, or mistyped)
  key_already_consumed: 409,
  // provenance check (added): issue 18 §2, docs/architecture/provenance.md#provenance-check
  invalid_image: 400, // the upload is not a picture the check can decode (PNG, JPEG, WebP, GIF, AVIF, TIFF)
  // referral
  referrer_not_found: 400,
  user_refer_self: 400,
  vpn_enabled: 403,
  referrer_already_set: 409, // added: the account already has a referrer (it is set once)
  referral_too_late: 409, // added: more than 30 days after sign-up, a referrer can no longer be named
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Token errors make the client log out and reload (docs/product/accounts.md#sign-in-state). */
export const TOKEN_ERROR_CODES: readonly ErrorCode[] = ['token_missing', 'token_expired', 'token_invalid'];

/** Shape of every error body the API sends. */
export interface ErrorBody {
  detail: { code: ErrorCode; data?: Record<string, unknown> };
}
