import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { ImageIcon, SearchIcon } from '../../ui/icons.tsx';
import type { Board } from './boards.ts';
import styles from './Gallery.module.css';

interface EmptyBoardProps {
  board: Board;
  signedIn: boolean;
  /**
   * The search narrows the board: offer to broaden it or to choose more styles
   * (docs/product/gallery.md#boards).
   */
  filtered: boolean;
  /** Clears tags and filters (absent when only styles narrow the search). */
  onBroaden?: () => void;
  /** Opens the style filter (absent when every style is chosen). */
  onMoreStyles?: () => void;
}

const TEXT = {
  explore: ['empty.explore_title', 'empty.explore_text'],
  collection: ['empty.collection_title', 'empty.collection_text'],
  creations: ['empty.creations_title', 'empty.creations_text'],
  gallery: ['empty.user_title', 'empty.user_text'],
  samples: ['empty.samples_title', 'empty.samples_text'],
} as const;

/**
 * What an empty board says, and what to do next (docs/architecture.md#look-and-feel: every empty state says
 * what to do).
 */
export function EmptyBoard({ board, signedIn, filtered, onBroaden, onMoreStyles }: EmptyBoardProps) {
  const { t } = useTranslation('gallery');
  const testId = `${board}-empty`;
  if (filtered) {
    return (
      <section
        className={styles.empty}
        aria-labelledby="gallery-empty-title"
        data-testid={testId}
        data-reason="search"
      >
        <span className={styles.emptyIcon}>
          <SearchIcon size={28} />
        </span>
        <h2 id="gallery-empty-title" className={styles.emptyTitle}>
          {t('empty.title')}
        </h2>
        <p className={styles.muted}>{t('empty.search_text')}</p>
        <div className={styles.emptyActions}>
          {onBroaden && (
            <Button variant="primary" onClick={onBroaden} data-testid="empty-broaden">
              {t('empty.broaden')}
            </Button>
          )}
          {onMoreStyles && (
            <Button
              variant={onBroaden ? 'outline' : 'primary'}
              onClick={onMoreStyles}
              data-testid="empty-more-styles"
            >
              {t('empty.more_styles')}
            </Button>
          )}
        </div>
      </section>
    );
  }
  const guestSamples = !signedIn && board === 'explore';
  const [title, text] = TEXT[guestSamples ? 'samples' : board];
  return (
    <section
      className={styles.empty}
      aria-labelledby="gallery-empty-title"
      data-testid={testId}
      data-reason="none"
    >
      <span className={styles.emptyIcon}>
        <ImageIcon size={28} />
      </span>
      <h2 id="gallery-empty-title" className={styles.emptyTitle}>
        {t(title)}
      </h2>
      <p className={styles.muted}>{t(text)}</p>
      <div className={styles.emptyActions}>
        {guestSamples ? (
          <ButtonLink to="/account/signup" variant="primary" size="lg">
            {t('guest.signup')}
          </ButtonLink>
        ) : board === 'gallery' || board === 'collection' ? (
          <ButtonLink to="/explore" variant="primary">
            {t('empty.go_explore')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/create" variant="primary">
            {t('empty.open_generator')}
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
