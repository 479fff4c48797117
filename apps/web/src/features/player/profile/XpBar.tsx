import { MAX_LEVEL, xpPercent } from '@mirage/domain';
import type { Player } from '../api.ts';
import { usePlayerTexts } from '../texts.ts';
import styles from './Profile.module.css';

/** How far along the level is (0..100); a value the domain refuses reads as an empty bar. */
function percentOf(player: Player): number {
  try {
    return xpPercent({ level: player.level, xpProgress: player.xp_progress });
  } catch {
    return 0;
  }
}

/** The owner's XP towards the next level; a placeholder of the same size until the player loads. */
export function XpBar({ player }: { player: Player | undefined }) {
  const { t, number } = usePlayerTexts();
  if (!player) {
    return (
      <div className={styles.xp} aria-hidden="true">
        <span className={`${styles.xpText} ${styles.placeholderText}`}>&nbsp;</span>
        <span className={styles.xpTrack} />
      </div>
    );
  }
  const percent = percentOf(player);
  const next = Math.min(MAX_LEVEL, player.level + 1);
  return (
    <div className={styles.xp} data-testid="profile-xp">
      <span className={styles.xpText}>
        {t('xpBar.label', { xp: number(player.xp_progress), required: number(player.xp_required) })}
      </span>
      <span
        className={styles.xpTrack}
        role="progressbar"
        aria-label={t('xpBar.level', { level: player.level })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('xpBar.progress', { percent, next })}
      >
        <span className={styles.xpFill} style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}
