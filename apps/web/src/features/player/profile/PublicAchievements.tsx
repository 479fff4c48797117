import { ACHIEVEMENTS, achievementById } from '@mirage/domain';
import { AchievementItem } from './AchievementItem.tsx';
import { PanelSkeleton } from './PanelSkeleton.tsx';
import { usePublicAchievements } from './queries.ts';
import { usePlayerTexts } from '../texts.ts';
import styles from './Panels.module.css';

/** What a visitor sees of a player's achievements: the unlocked ones (GET /api/public/{id}/achievements). */
export function PublicAchievements({ userId }: { userId: number }) {
  const { t } = usePlayerTexts();
  const query = usePublicAchievements(userId, true);
  return (
    <section className={styles.publicSection} aria-labelledby="profile-achievements">
      <h2 id="profile-achievements" className={styles.sectionTitle}>
        {t('profile.tabs.achievements', {
          unlocked: query.data ? query.data.length : '–',
          max: ACHIEVEMENTS.length,
        })}
      </h2>
      {query.isPending ? (
        <PanelSkeleton cards={1} head={false} />
      ) : !query.data || query.data.length === 0 ? (
        <p className={styles.empty} data-testid="achievements-empty">
          {t('profile.noAchievements')}
        </p>
      ) : (
        <ul className={styles.achievementGrid}>
          {query.data.map((entry) => (
            <AchievementItem
              key={entry.id}
              entry={{
                ...entry,
                threshold: achievementById(entry.id)?.threshold,
                unlocked: true,
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
