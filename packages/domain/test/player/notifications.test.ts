import { describe, expect, it } from 'vitest';
import {
  BELL_NOTIFICATION_TYPES,
  isExpiredNotification,
  isNotificationType,
  isTransientNotification,
  NOTIFICATION_DELAY_MS,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_PRUNE_BATCH,
  NOTIFICATION_READ_RETENTION_DAYS,
  NOTIFICATION_RETENTION_DAYS,
  NOTIFICATION_TYPES,
  notificationDelay,
  notificationRetentionCutoffs,
  TRANSIENT_NOTIFICATION_TYPES,
  type NotificationType,
} from '../../src/index.ts';

describe('notification types', () => {
  it('are the thirteen of the product, three of them transient', () => {
    expect([...NOTIFICATION_TYPES].sort()).toEqual(
      [
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
        'image_held',
        'image_released',
        'image_removed',
      ].sort(),
    );
    expect(TRANSIENT_NOTIFICATION_TYPES).toEqual(['app', 'app_error', 'app_event']);
    expect(BELL_NOTIFICATION_TYPES).toHaveLength(10);
    expect(NOTIFICATION_PAGE_SIZE).toBe(10);
  });

  it.each(NOTIFICATION_TYPES.map((type) => [type]))('%s is transient or in the bell, not both', (type) => {
    expect(isNotificationType(type)).toBe(true);
    expect(isTransientNotification(type)).toBe(!BELL_NOTIFICATION_TYPES.includes(type));
  });

  it.each(['', 'LEVEL_UP', 'levelup', 'toString', null, 1])('%j is no type', (value) => {
    expect(isNotificationType(value)).toBe(false);
  });
});

describe('notificationDelay', () => {
  it.each<[NotificationType, number | undefined, number]>([
    ['app', undefined, 4000],
    ['app', 2500, 2500],
    ['app', 1500, 1500],
    ['app', 5000, 5000],
    ['app', 1000, 1500],
    ['app', 60_000, 5000],
    ['app', 2500.6, 2501],
    ['app', Number.NaN, 4000],
    ['app', Number.POSITIVE_INFINITY, 4000],
    ['app_error', -1, 1500],
    ['level_up', undefined, 4000],
    ['app_event', undefined, 180_000],
    ['app_event', 2000, 180_000],
  ])('%s asking %s ms shows %i ms', (type, requested, delay) => {
    expect(notificationDelay(type, requested)).toBe(delay);
  });

  it('keeps app events for 3 minutes', () => {
    expect(NOTIFICATION_DELAY_MS).toEqual({ default: 4000, appEvent: 180_000, min: 1500, max: 5000 });
  });
});

describe('notification retention', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const daysAgo = (days: number, ms = 0) => new Date(now.getTime() - days * 86_400_000 - ms);

  it('keeps read ones 90 days and any other a year, pruned 1000 rows a statement', () => {
    expect(NOTIFICATION_READ_RETENTION_DAYS).toBe(90);
    expect(NOTIFICATION_RETENTION_DAYS).toBe(365);
    expect(NOTIFICATION_PRUNE_BATCH).toBe(1000);
    expect(notificationRetentionCutoffs(now)).toEqual({ readBefore: daysAgo(90), anyBefore: daysAgo(365) });
  });

  it.each<[string, Date, Date | null, number, boolean]>([
    ['read, just 90 days old', daysAgo(90), now, 0, false],
    ['read, 90 days and 1 ms old', daysAgo(90, 1), now, 0, true],
    ['read, a week old', daysAgo(7), now, 0, false],
    ['read, a claimed reward 91 days old', daysAgo(91), daysAgo(1), 40, true],
    ['unread, 200 days old', daysAgo(200), null, 0, false],
    ['unread, just a year old', daysAgo(365), null, 0, false],
    ['unread, a year and 1 ms old', daysAgo(365, 1), null, 0, true],
    ['unread, an unclaimed reward 3 years old', daysAgo(3 * 365), null, 25, false],
  ])('%s', (_, createdAt, consumedAt, rewardTokens, expired) => {
    expect(isExpiredNotification({ createdAt, consumedAt, rewardTokens }, now)).toBe(expired);
  });
});
