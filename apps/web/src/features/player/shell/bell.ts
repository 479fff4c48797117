/** The bell's wording and choices, apart from its components (docs/product/player.md#the-bell). */
import { achievementById, BELL_NOTIFICATION_TYPES, type NotificationType } from '@mirage/domain';
import type { LocaleResources } from '@mirage/i18n';
import type { TFunction } from 'i18next';
import type { BellNotification } from '../api.ts';

type AchievementTitleKey = `achievements.${keyof LocaleResources['player']['achievements']}.title`;

/** The achievement's title (player:achievements.<key>.title), or null for an unknown id. */
export function achievementTitle(t: TFunction<'player'>, achievementId: number | null): string | null {
  const achievement = achievementId === null ? undefined : achievementById(achievementId);
  return achievement ? t(`achievements.${achievement.key}.title` as AchievementTitleKey) : null;
}

/** What a notification says (player:notifications.<type>), with its level, streak, XP or title. */
export function notificationText(t: TFunction<'player'>, item: BellNotification): string {
  const type: NotificationType = item.type;
  switch (type) {
    case 'level_up':
      return t('notifications.level_up', { level: item.level ?? 0 });
    case 'achievement':
      return t('notifications.achievement', { title: achievementTitle(t, item.achievement_id) ?? '' });
    case 'daily':
      return t('notifications.daily', { streak: item.daily_streak ?? 0, xp: item.xp_gain ?? 0 });
    case 'daily_loss':
      return t('notifications.daily_loss', { streak: item.daily_streak ?? 0 });
    case 'report':
      return t('notifications.report', { xp: item.xp_gain ?? 0 });
    case 'referral_gain':
      return t('notifications.referral_gain', { tickets: item.tickets ?? 0 });
    case 'referrer_gain':
      return t('notifications.referrer_gain', { tickets: item.tickets ?? 0 });
    case 'image_held':
      return t('notifications.image_held');
    case 'image_released':
      return t('notifications.image_released');
    case 'image_removed':
      return t('notifications.image_removed');
    case 'app':
    case 'app_error':
    case 'app_event':
      // Transient messages are toasts, never listed (the API does not store them).
      return t('notifications.title');
  }
}

/** A notification the reward overlay lists: a level or an achievement whose coins are still to claim. */
export function isUnclaimedReward(item: BellNotification): boolean {
  return (
    item.action === 'claim' && !item.consumed && (item.type === 'level_up' || item.type === 'achievement')
  );
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "2 hours ago", "yesterday", "now" in the interface's language. */
export function relativeTime(createdAt: string, now: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'long' });
  const seconds = Math.round((new Date(createdAt).getTime() - now) / 1000);
  if (!Number.isFinite(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/**
 * The types "Mark all as read" consumes (one call per type): those of the unread notifications loaded, or
 * every bell type when more are unread than are loaded (older pages not opened yet).
 */
export function typesToMarkRead(loaded: readonly BellNotification[], unread: number): NotificationType[] {
  const fresh = loaded.filter((item) => item.new);
  if (unread > fresh.length) return [...BELL_NOTIFICATION_TYPES];
  return BELL_NOTIFICATION_TYPES.filter((type) => fresh.some((item) => item.type === type));
}
