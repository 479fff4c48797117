import { LEADERBOARDS, PODIUM_SIZE, type Leaderboard } from '@mirage/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorCode, useErrorText } from '../../api/index.ts';
import { useSession } from '../../session/index.ts';
import { PageLayout } from '../../../ui/PageLayout.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useInfiniteSentinel } from '../../../ui/useInfiniteSentinel.ts';
import type { LeaderboardEntry } from '../api.ts';
import { boardOf, DEFAULT_BOARD, listedRows } from './boards.ts';
import { EntryRow } from './EntryRow.tsx';
import { Podium } from './Podium.tsx';
import { useLeaderboard } from './useLeaderboard.ts';
import styles from './Leaderboard.module.css';

/** Rows shown while the first page loads, sized like real ones so nothing moves when they arrive. */
const SKELETON_ROWS = 8;

/**
 * /leaderboard (docs/product/player.md#leaderboards): a dropdown of the five boards, the podium, the
 * caller's own row, then the ranks from 4 on, loaded page after page as the list scrolls. A signed-in user
 * the board has not ranked (nothing to count yet, or not since its last refresh: boards are recomputed every
 * minute) reads why where the own row would be.
 */
export function LeaderboardView() {
  const { t, i18n } = useTranslation('player');
  const { signedIn } = useSession();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const board = boardOf(search);
  const selectId = useId();
  const query = useLeaderboard(board);
  const pages = query.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.items);
  const me = pages[0]?.me ?? null;
  const number = new Intl.NumberFormat(i18n.language);
  const valueText = (entry: LeaderboardEntry) =>
    board === 'level' ? t('xpBar.level', { level: entry.value }) : number.format(entry.value);
  const sentinel = useInfiniteSentinel({
    enabled: query.hasNextPage,
    loading: query.isFetchingNextPage,
    progress: entries.length,
    onReach: () => void query.fetchNextPage(),
  });

  const choose = (next: Leaderboard) =>
    setSearch(next === DEFAULT_BOARD ? {} : { board: next }, { replace: true, preventScrollReset: true });

  return (
    <PageLayout title={t('leaderboard.title')} width="narrow">
      <div className={styles.toolbar}>
        <label htmlFor={selectId} className={styles.selectLabel}>
          {t('leaderboard.board')}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={board}
          onChange={(event) => choose(event.target.value as Leaderboard)}
          data-testid="leaderboard-select"
        >
          {LEADERBOARDS.map((name) => (
            <option key={name} value={name}>
              {t(`leaderboard.boards.${name}`)}
            </option>
          ))}
        </select>
        <span className={styles.metric}>{t(`leaderboard.metrics.${board}`)}</span>
      </div>

      {query.isError && !query.data ? (
        <p className={styles.empty} role="alert">
          {errorText(errorCode(query.error))}
        </p>
      ) : query.isPending ? (
        <ol className={styles.list} aria-busy="true" aria-label={t('leaderboard.title')}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <li key={index} className={`${styles.row} ${styles.skeleton}`} />
          ))}
        </ol>
      ) : entries.length === 0 ? (
        <>
          {signedIn && <NotOnBoard />}
          <p className={styles.empty} data-testid="leaderboard-empty">
            {t('leaderboard.empty')}
          </p>
        </>
      ) : (
        <>
          {me ? (
            <section aria-label={t('leaderboard.yourRank')} className={styles.ownSection}>
              <h2 className={styles.ownHeading}>{t('leaderboard.yourRank')}</h2>
              <ol className={styles.list}>
                <EntryRow
                  entry={me}
                  valueText={valueText(me)}
                  showLevel={board !== 'level'}
                  own
                  testId="leaderboard-own"
                />
              </ol>
            </section>
          ) : (
            signedIn && <NotOnBoard />
          )}
          <Podium entries={entries} valueText={valueText} />
          <ol
            className={styles.list}
            start={PODIUM_SIZE + 1}
            aria-label={t(`leaderboard.boards.${board}`)}
            data-testid="leaderboard-rows"
          >
            {listedRows(entries, PODIUM_SIZE).map((entry) => (
              <EntryRow
                key={entry.user_id}
                entry={entry}
                valueText={valueText(entry)}
                showLevel={board !== 'level'}
                own={entry.user_id === me?.user_id}
                testId="leaderboard-row"
              />
            ))}
          </ol>
          <div ref={sentinel} className={styles.sentinel}>
            {query.isFetchingNextPage && <Spinner label={t('leaderboard.loading')} />}
          </div>
        </>
      )}
    </PageLayout>
  );
}

/** Where the own row would be, for a signed-in user the board has not ranked (yet). */
function NotOnBoard() {
  const { t } = useTranslation('player');
  return (
    <section aria-label={t('leaderboard.yourRank')} className={styles.ownSection}>
      <h2 className={styles.ownHeading}>{t('leaderboard.yourRank')}</h2>
      <p className={styles.notOnBoard} data-testid="leaderboard-not-ranked">
        {t('leaderboard.notOnBoard')}
      </p>
    </section>
  );
}
