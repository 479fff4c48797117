import { describe, expect, it } from 'vitest';
import {
  BELL_NOTIFICATION_TYPES,
  isNotificationType,
  isTransientNotification,
  NOTIFICATION_DELAY_MS,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  notificationDelay,
  TRANSIENT_NOTIFICATION_TYPES,
  type NotificationType,
} from '../../src/index.ts';

describe('notification types', () => {
  it('are the ten of the product, three of them transient', () => {
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
      ].sort(),
    );
    expect(TRANSIENT_NOTIFICATION_TYPES).toEqual(['app', 'app_error', 'app_event']);
    expect(BELL_NOTIFICATION_TYPES).toHaveLength(7);
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
