import { achievementById } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { profilePath } from '../../../app/shell/navItems.tsx';
import type { LeaderboardEntry } from '../api.ts';
import { PlayerAvatar, PlayerName } from '../look/index.ts';
import { usePlayerTexts } from '../texts.ts';
import styles from './Leaderboard.module.css';

/** The worn title's text, or nothing. */
function useTitleText() {
  const { achievementTitle } = usePlayerTexts();
  return (title: number | null) => {
    const achievement = title === null ? undefined : achievementById(title);
    return achievement ? achievementTitle(achievement.key) : null;
  };
}

/** One row of a board: rank, the player's look and name (a link to the profile), title, level and value. */
export function EntryRow({
  entry,
  valueText,
  showLevel,
  own = false,
  testId,
}: {
  entry: LeaderboardEntry;
  valueText: string;
  /** The level under the name (not on the level board, where it is the value). */
  showLevel: boolean;
  own?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('player');
  const titleText = useTitleText()(entry.title);
  return (
    <li className={styles.row} data-own={own || undefined} data-testid={testId} data-rank={entry.rank}>
      <span className={styles.rank}>{t('leaderboard.rank', { rank: entry.rank })}</span>
      <Link className={styles.who} to={profilePath({ username: entry.username, id: entry.user_id })}>
        <PlayerAvatar equipped={entry.equipped} size={40} />
        <span className={styles.names}>
          <PlayerName equipped={entry.equipped} name={entry.username} testId="leaderboard-name" />
          <span className={styles.title}>
            {[showLevel ? t('xpBar.level', { level: entry.level }) : null, titleText]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
      </Link>
      <span className={styles.value}>{valueText}</span>
    </li>
  );
}
