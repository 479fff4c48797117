/**
 * Notification types. The bell list keeps what a player may want to read again (a level, an achievement,
 * a streak day or its loss, an approved report, a referral bonus); the transient ones (app, app_event,
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
