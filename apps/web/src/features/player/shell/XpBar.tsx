import { xpPercent } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import type { Player } from '../api.ts';
import styles from './XpBar.module.css';

/** The player's XP towards the next level (the avatar menu's profile item): a bar and "xp / required XP". */
export function XpBar({ player }: { player: Pick<Player, 'level' | 'xp_progress' | 'xp_required'> }) {
  const { t } = useTranslation('player');
  const percent = xpPercent({ level: player.level, xpProgress: player.xp_progress });
  return (
    <span className={styles.xp} data-testid="xp-bar" data-percent={percent}>
      <span
        className={styles.track}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('xpBar.progress', { percent, next: player.level + 1 })}
        aria-label={t('xpBar.level', { level: player.level })}
      >
        <span className={styles.fill} style={{ width: `${percent}%` }} />
      </span>
      <span className={styles.label} data-testid="xp-label">
        {t('xpBar.label', { xp: player.xp_progress, required: player.xp_required })}
      </span>
    </span>
  );
}
