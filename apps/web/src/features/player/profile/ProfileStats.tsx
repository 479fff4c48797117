import { usePlayerTexts } from '../texts.ts';
import placeholders from './Profile.module.css';
import styles from './Stats.module.css';

export interface StatsData {
  approved_reports: number;
  scroll: number;
  daily_streak_best: number;
  total_fav: number;
  image_generated: number;
}

/** The statistic of each field, in the order the profile shows them (docs/product/player.md#statistics). */
const STATS = [
  ['approved_reports', 'approvedReports'],
  ['scroll', 'scrolls'],
  ['daily_streak_best', 'bestDailyStreak'],
  ['total_fav', 'totalFavorites'],
  ['image_generated', 'imagesGenerated'],
] as const;

/** The public statistics; with no data, placeholders of the same size. */
export function ProfileStats({ stats }: { stats?: StatsData }) {
  const { t, number } = usePlayerTexts();
  return (
    <section className={styles.section} aria-labelledby="profile-stats">
      <h2 id="profile-stats" className={styles.sectionTitle}>
        {t('profile.stats.title')}
      </h2>
      <dl className={styles.stats} data-testid="profile-stats">
        {STATS.map(([field, label]) => (
          <div key={field} className={styles.stat} data-stat={field}>
            <dt className={styles.statLabel}>{t(`profile.stats.${label}`)}</dt>
            <dd className={styles.statValue} data-testid={`profile-stat-${field}`}>
              {stats ? number(stats[field]) : <span className={placeholders.placeholderText}>&nbsp;</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
