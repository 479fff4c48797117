import { ACHIEVEMENT_TIERS } from '@mirage/domain';
import { TrophyIcon } from '../../../ui/icons.tsx';
import { usePlayerTexts } from '../texts.ts';
import styles from './Panels.module.css';

export interface AchievementLike {
  id: number;
  key: string;
  tier: number;
  threshold?: number;
  unlocked: boolean;
  unlocked_at?: string | null;
}

/**
 * One achievement: its medal in the tier's colour, title, tier and description; the day it was unlocked,
 * or, greyed, the goal that unlocks it.
 */
export function AchievementItem({ entry }: { entry: AchievementLike }) {
  const { t, achievementTitle, achievementDescription, date } = usePlayerTexts();
  const tier = ACHIEVEMENT_TIERS[entry.tier - 1] ?? 'bronze';
  return (
    <li
      className={styles.achievement}
      data-locked={!entry.unlocked}
      data-testid="achievement"
      data-key={entry.key}
    >
      <span className={styles.medal} data-tier={tier} aria-hidden="true">
        <TrophyIcon size={22} />
      </span>
      <div className={styles.achievementText}>
        <span className={styles.achievementTitle}>{achievementTitle(entry.key)}</span>
        <span className={styles.achievementTier}>{t(`tiers.${tier}`)}</span>
        {entry.threshold !== undefined && (
          <span className={styles.achievementDescription}>
            {achievementDescription(entry.key, entry.threshold)}
          </span>
        )}
        <span className={styles.achievementMeta}>
          {entry.unlocked
            ? entry.unlocked_at
              ? t('profile.unlockedOn', { date: date(entry.unlocked_at) })
              : null
            : `${t('profile.locked')} · ${t('profile.goal', { count: entry.threshold ?? 0 })}`}
        </span>
      </div>
    </li>
  );
}
