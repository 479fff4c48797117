/** Timings of the generator (docs/product/errors.md, docs/product/limits.md). */

/** Generation error notifications stay 3500 ms (docs/product/errors.md). */
export const GENERATION_ERROR_NOTICE_MS = 3500;
/** Child-safety warnings and mutes stay longer: they are read, not glanced at (issue 9). */
export const SAFETY_NOTICE_MS = 12_000;
/**
 * "notification.ticket_refunded" and the other generator notices: 4 s
 * (docs/product/generation.md#task-outcome).
 */
export const GENERATOR_NOTICE_MS = 4000;
/** A failed task leaves the results 5 s after it failed (docs/product/generation.md#task-outcome). */
export const FAILED_TASK_CLEANUP_MS = 5000;
/**
 * The "many failures" countdown ticks every 1010 ms (docs/product/generation.md#create-button,
 * docs/product/limits.md).
 */
export const COOLDOWN_TICK_MS = 1010;
/** Forbidden words are removed once typing pauses, so a word is not cut while it is being written. */
export const MODERATION_DEBOUNCE_MS = 700;
