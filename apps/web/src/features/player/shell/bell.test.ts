import { achievementById, BELL_NOTIFICATION_TYPES } from '@mirage/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { BellNotification } from '../api.ts';
import {
  achievementTitle,
  isUnclaimedReward,
  notificationText,
  relativeTime,
  typesToMarkRead,
} from './bell.ts';
import { bellBadge } from './NotificationBell.tsx';
import { markConsumed, type NotificationsPage } from './useConsume.ts';

/** A t() that shows the key and its values, as "key{name=value,…}". */
const t = ((key: string, values?: Record<string, unknown>) =>
  values
    ? `${key}{${Object.entries(values)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(',')}}`
    : key) as unknown as TFunction<'player'>;

function notification(fields: Partial<BellNotification>): BellNotification {
  return {
    id: 1,
    type: 'daily',
    key: 'notifications.daily',
    new: true,
    consumed: false,
    created_at: '2025-01-10T12:00:00.000Z',
    expires_at: null,
    action: null,
    xp_gain: null,
    reward_tokens: 0,
    level: null,
    daily_streak: null,
    achievement_id: null,
    report_id: null,
    tickets: null,
    ...fields,
  };
}

describe('the text of a notification', () => {
  it('says each type with its values', () => {
    expect(notificationText(t, notification({ type: 'level_up', level: 4 }))).toBe(
      'notifications.level_up{level=4}',
    );
    expect(notificationText(t, notification({ type: 'daily', daily_streak: 3, xp_gain: 14 }))).toBe(
      'notifications.daily{streak=3,xp=14}',
    );
    expect(notificationText(t, notification({ type: 'daily_loss', daily_streak: 5 }))).toBe(
      'notifications.daily_loss{streak=5}',
    );
    expect(notificationText(t, notification({ type: 'report', xp_gain: 20 }))).toBe(
      'notifications.report{xp=20}',
    );
    // The image review notices are plain texts: nothing of the review is shown.
    for (const type of ['image_held', 'image_released', 'image_removed'] as const) {
      expect(notificationText(t, notification({ type }))).toBe(`notifications.${type}`);
    }
  });

  it('names an achievement by its title (player:achievements.<key>.title)', () => {
    // 11: ten images generated, the first of its family.
    expect(achievementById(11)?.key).toBe('images_generated_10');
    expect(notificationText(t, notification({ type: 'achievement', achievement_id: 11 }))).toBe(
      'notifications.achievement{title=achievements.images_generated_10.title}',
    );
    expect(achievementTitle(t, 99_999)).toBeNull();
    expect(achievementTitle(t, null)).toBeNull();
  });

  it('has a text for every type the bell lists', () => {
    for (const type of BELL_NOTIFICATION_TYPES) {
      expect(notificationText(t, notification({ type })), type).toMatch(
        new RegExp(`^notifications\\.${type}`),
      );
    }
  });
});

describe('the bell', () => {
  it('reads 99+ above 99', () => {
    expect(bellBadge(7)).toBe('7');
    expect(bellBadge(99)).toBe('99');
    expect(bellBadge(100)).toBe('99+');
  });

  it('tells the time relatively, in the interface language', () => {
    const now = Date.parse('2025-01-10T12:00:00.000Z');
    expect(relativeTime('2025-01-10T11:59:40.000Z', now, 'en')).toBe('now');
    expect(relativeTime('2025-01-10T11:55:00.000Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2025-01-10T09:00:00.000Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2025-01-09T09:00:00.000Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2025-01-10T09:00:00.000Z', now, 'fr')).toBe('il y a 3 heures');
    expect(relativeTime('not a date', now, 'en')).toBe('');
  });

  it('marks as read the types of the unread notifications loaded, or every type when more are unread', () => {
    const loaded = [
      notification({ id: 3, type: 'level_up' }),
      notification({ id: 2, type: 'daily' }),
      notification({ id: 1, type: 'report', new: false, consumed: true }),
    ];
    expect(typesToMarkRead(loaded, 2)).toEqual(['daily', 'level_up']);
    expect(typesToMarkRead(loaded, 5)).toEqual([...BELL_NOTIFICATION_TYPES]);
    expect(typesToMarkRead([], 0)).toEqual([]);
  });

  it('lists in the overlay the levels and achievements whose coins wait', () => {
    const claim = { action: 'claim' as const, reward_tokens: 20 };
    expect(isUnclaimedReward(notification({ type: 'level_up', ...claim }))).toBe(true);
    expect(isUnclaimedReward(notification({ type: 'achievement', ...claim }))).toBe(true);
    expect(isUnclaimedReward(notification({ type: 'level_up', action: null, consumed: true }))).toBe(false);
    expect(isUnclaimedReward(notification({ type: 'daily' }))).toBe(false);
  });

  it('shows a claim at once: the answer’s counts, and the notification read', () => {
    const page: NotificationsPage = {
      items: [notification({ id: 2, action: 'claim', reward_tokens: 20 }), notification({ id: 1 })],
      page: 0,
      pages: 1,
      counts: { newNotifications: 2, newRewards: 1 },
    };
    const after = markConsumed(page, { newNotifications: 1, newRewards: 0 }, (item) => item.id === 2);
    expect(after.counts).toEqual({ newNotifications: 1, newRewards: 0 });
    expect(after.items[0]).toMatchObject({ id: 2, new: false, consumed: true, action: null });
    expect(after.items[1]).toBe(page.items[1]);
  });
});
