import { PODIUM_SIZE } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { profilePath } from '../../../app/shell/navItems.tsx';
import type { LeaderboardEntry } from '../api.ts';
import { PlayerAvatar, PlayerName } from '../look/index.ts';
import styles from './Leaderboard.module.css';

/** The top three of a board (spec §9: podium 3). */
export function Podium({
  entries,
  valueText,
}: {
  entries: readonly LeaderboardEntry[];
  valueText: (entry: LeaderboardEntry) => string;
}) {
  const { t } = useTranslation('player');
  const top = entries.filter((entry) => entry.rank <= PODIUM_SIZE);
  if (top.length === 0) return null;
  return (
    <ol className={styles.podium} aria-label={t('leaderboard.podium')} data-testid="leaderboard-podium">
      {/* In rank order for assistive technology; the CSS puts the first in the middle, raised. */}
      {top.map((entry) => (
        <li key={entry.user_id} className={styles.step} data-place={entry.rank}>
          <Link to={profilePath({ username: entry.username, id: entry.user_id })} className={styles.stepLink}>
            <span className={styles.medal} aria-hidden="true">
              {entry.rank}
            </span>
            <PlayerAvatar equipped={entry.equipped} size={entry.rank === 1 ? 88 : 68} />
            <PlayerName equipped={entry.equipped} name={entry.username} as="strong" />
            <span className={styles.stepValue}>{valueText(entry)}</span>
            <span className="visually-hidden">{t('leaderboard.rank', { rank: entry.rank })}</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
