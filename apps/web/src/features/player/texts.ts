/** Texts of the player's catalogues by key (achievements, rewards), and numbers in the interface's language. */
import { achievementById, type RewardType } from '@mirage/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// The keys are the domain's, checked against the translations by packages/i18n/test/player.test.ts; the
// casts tell TypeScript they are among ours.
type AchievementTitleKey = 'achievements.level_5.title';
type AchievementDescriptionKey = 'achievements.level_5.description';
type RewardNameKey = 'rewards.static.name';

export function usePlayerTexts() {
  const { t, i18n } = useTranslation('player');
  const numberFormat = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }),
    [i18n.language],
  );
  const achievementTitle = useCallback(
    (key: string) => t(`achievements.${key}.title` as AchievementTitleKey),
    [t],
  );
  const achievementDescription = useCallback(
    (key: string, threshold: number) =>
      t(`achievements.${key}.description` as AchievementDescriptionKey, { count: threshold }),
    [t],
  );
  const rewardName = useCallback((key: string) => t(`rewards.${key}.name` as RewardNameKey), [t]);
  const rewardType = useCallback((type: RewardType) => t(`rewardTypes.${type}`), [t]);
  /** The worn title's text, or the dash of "no title". */
  const titleText = useCallback(
    (achievementId: number | null | undefined) => {
      const achievement = achievementId ? achievementById(achievementId) : undefined;
      return achievement ? achievementTitle(achievement.key) : t('profile.noTitle');
    },
    [achievementTitle, t],
  );
  const number = useCallback((value: number) => numberFormat.format(value), [numberFormat]);
  const date = useCallback(
    (iso: string) => {
      const value = new Date(iso);
      return Number.isNaN(value.getTime()) ? '' : dateFormat.format(value);
    },
    [dateFormat],
  );
  return { t, achievementTitle, achievementDescription, rewardName, rewardType, titleText, number, date };
}
