/**
 * Notification types. The bell list keeps what a player may want to read again (a level, an achievement,
 * a streak day or its loss, an approved report, a referral bonus, an image of theirs held for a safety
 * review and the review's outcome); the transient ones (app, app_event,
 * app_error) are toasts the app shows for a while and never stores in the list.
 */

export const NOTIFICATION_TYPES = [
  'report',
  'achievement',
  'daily',
  'level_up',
  'app',
  'app_error',
  'app_event',
  'daily_loss',
  'referral_gain',
  'referrer_gain',
  // Image-side safety (docs/architecture/image-safety.md): held for review, then released or removed. The
  // texts stay neutral: no reason, no score, nothing about what the check looks for.
  'image_held',
  'image_released',
  'image_removed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const TRANSIENT_NOTIFICATION_TYPES: readonly NotificationType[] = ['app', 'app_error', 'app_event'];
/** The types the bell list holds. */
export const BELL_NOTIFICATION_TYPES: readonly NotificationType[] = NOTIFICATION_TYPES.filter(
  (type) => !TRANSIENT_NOTIFICATION_TYPES.includes(type),
);

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

export function isTransientNotification(type: NotificationType): boolean {
  return TRANSIENT_NOTIFICATION_TYPES.includes(type);
}

/** Bell notifications per page. */
export const NOTIFICATION_PAGE_SIZE = 10;

/**
 * How long a toast stays, in ms. An app event (an announcement, a limited offer) stays 3 minutes and
 * expires then; anything else stays 4 s unless the sender asks for 1.5 to 5 s: shorter cannot be read,
 * longer covers the page.
 */
export const NOTIFICATION_DELAY_MS = { default: 4000, appEvent: 180_000, min: 1500, max: 5000 } as const;

/**
 * The display time of a notification: app_event always 180000 ms; otherwise the requested time (rounded)
 * brought into min..max, or the default when none (or no finite number) is given.
 */
export function notificationDelay(type: NotificationType, requested?: number): number {
  if (type === 'app_event') return NOTIFICATION_DELAY_MS.appEvent;
  if (requested === undefined || !Number.isFinite(requested)) return NOTIFICATION_DELAY_MS.default;
  return Math.min(NOTIFICATION_DELAY_MS.max, Math.max(NOTIFICATION_DELAY_MS.min, Math.round(requested)));
}

/**
 * Retention of the bell (the API's hourly maintenance deletes what this lets go). A read (consumed)
 * notification has done its job: it goes after 90 days. An unread one goes after a year, except an
 * unclaimed reward: its coins are the player's until claimed, so it is never deleted.
 */
export const NOTIFICATION_READ_RETENTION_DAYS = 90;
export const NOTIFICATION_RETENTION_DAYS = 365;
/** Rows deleted per statement, so a pruning never holds many row locks or a long transaction. */
export const NOTIFICATION_PRUNE_BATCH = 1000;
/** Statements per maintenance run at most: a backlog is worked off over several runs. */
export const NOTIFICATION_PRUNE_MAX_BATCHES = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The two cut-offs at `now`: read ones created before `readBefore`, any created before `anyBefore`. */
export function notificationRetentionCutoffs(now: Date): { readBefore: Date; anyBefore: Date } {
  return {
    readBefore: new Date(now.getTime() - NOTIFICATION_READ_RETENTION_DAYS * DAY_MS),
    anyBefore: new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS),
  };
}

/** Whether the retention lets this notification go at `now` (the repository's query says the same). */
export function isExpiredNotification(
  notification: { createdAt: Date; consumedAt: Date | null; rewardTokens: number },
  now: Date,
): boolean {
  const { readBefore, anyBefore } = notificationRetentionCutoffs(now);
  if (notification.consumedAt !== null) return notification.createdAt < readBefore;
  if (notification.rewardTokens > 0) return false;
  return notification.createdAt < anyBefore;
}
