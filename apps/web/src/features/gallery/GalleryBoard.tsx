import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseWhenPageHidden, usePageActive } from '../../app/keepAlive/pageActivity.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSession } from '../session/index.ts';
import { AgeDialog } from './AgeDialog.tsx';
import { isBlurred, useAgeConfirmed } from './ageGate.ts';
import type { GalleryCard as Card } from './api.ts';
import { BoardToolbar } from './BoardToolbar.tsx';
import { SelectionBar, useCollectionSelection } from './CollectionSelection.tsx';
import { imageHref, type BoardScope } from './boards.ts';
import { EmptyBoard } from './EmptyBoard.tsx';
import { GalleryCard } from './GalleryCard.tsx';
import { useKeptCreations } from './keptCreations.ts';
import type { CardBox } from './layout.ts';
import { Masonry, MasonrySkeleton } from './GalleryGrid.tsx';
import { useScrollCounting } from './useScrollCounting.ts';
import { GuestBanner } from './GuestPanels.tsx';
import { ResultCount } from './ResultCount.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { EMPTY_SEARCH, activeFilterCount, isEmptySearch, toSearchBody } from './searchState.ts';
import { STYLE_FILTER_ID } from './StyleFilter.tsx';
import { useAutoscroll } from './useAutoscroll.ts';
import { useBoardState } from './useBoardState.ts';
import { galleryQueryKey, useGalleryFeed } from './useGalleryFeed.ts';
import { useInfiniteSentinel } from '../../ui/useInfiniteSentinel.ts';
import styles from './Gallery.module.css';

interface GalleryBoardProps {
  scope: BoardScope;
  title: string;
  subtitle?: ReactNode;
  /** False while something the board needs is loading (the viewer's id for /creations). */
  ready?: boolean;
}

const sizeOfCard = (card: Card) => card;

/**
 * A gallery board (docs/product/gallery.md#boards): masonry of fixed-ratio cards
 * with infinite scroll; for signed-in users the search panel (?search=open), Newest/Shuffle and the
 * count; for guests on /explore the 24 samples with NSFW ones blurred and a sign-up call; autoscroll.
 */
export function GalleryBoard({ scope, title, subtitle, ready = true }: GalleryBoardProps) {
  const { t } = useTranslation('gallery');
  const { signedIn, user } = useSession();
  const active = usePageActive();
  const queryClient = useQueryClient();
  const { board } = scope;
  const state = useBoardState(board, signedIn);
  const search = signedIn ? state.search : EMPTY_SEARCH;
  const body = useMemo(() => toSearchBody(search, state.seed), [search, state.seed]);
  const feed = useGalleryFeed({ scope, signedIn, body, enabled: ready });

  // The explore feed's cards a signed-in user sees count towards the scroll statistic (and its XP).
  const scrollCounting = useScrollCounting(signedIn && board === 'explore' && active);
  const selection = useCollectionSelection(feed.cards);
  const selectable = board === 'collection' && signedIn && feed.cards.length > 0;

  const confirmed = useAgeConfirmed();
  const [ageOpen, setAgeOpen] = useState(false);
  useCloseWhenPageHidden(() => setAgeOpen(false));
  const openAgeDialog = useCallback(() => setAgeOpen(true), []);

  const [autoscroll, setAutoscroll] = useState(0);
  const stopAutoscroll = useCallback(() => setAutoscroll(0), []);
  useCloseWhenPageHidden(stopAutoscroll);
  useAutoscroll({
    level: autoscroll,
    active,
    more: feed.hasNextPage || feed.fetchingNext,
    stop: stopAutoscroll,
  });

  const sentinel = useInfiniteSentinel({
    enabled: active && feed.hasNextPage && !feed.nextError,
    loading: feed.fetchingNext || feed.stale,
    progress: feed.cards.length,
    onReach: () => void feed.fetchNextPage(),
  });

  const toggleRef = useRef<HTMLDivElement>(null);
  const { query, seed } = state;
  const hrefOf = useCallback((uuid: string) => imageHref(uuid, query, { scope, seed }), [query, scope, seed]);

  const closePanel = () => {
    state.setPanelOpen(false);
    toggleRef.current?.querySelector<HTMLElement>('[data-testid="search-toggle"]')?.focus();
  };
  const showStyles = () => {
    state.setPanelOpen(true);
    setTimeout(() => {
      const filter = document.getElementById(STYLE_FILTER_ID);
      filter?.scrollIntoView({ block: 'start' });
      filter?.focus({ preventScroll: true });
    }, 0);
  };
  const refresh = () => {
    if (state.shuffle) state.reshuffle();
    void queryClient.resetQueries({ queryKey: galleryQueryKey(scope, signedIn, body) });
  };

  const filtered = signedIn && !isEmptySearch(search);
  const showCount = signedIn && !state.panelOpen && feed.loaded;
  // Until /creations' first page is in (or when it cannot be had), the recent images kept in the browser.
  const kept = useKeptCreations(board === 'creations' && !filtered ? user : undefined);

  const renderCard = (card: Card, box: CardBox) => (
    <GalleryCard
      key={card.uuid}
      card={card}
      box={box}
      href={hrefOf(card.uuid)}
      blurred={isBlurred(card, signedIn, confirmed)}
      onReveal={openAgeDialog}
      selecting={selection.selecting}
      selected={selection.selected.has(card.uuid)}
      onToggleSelect={selection.toggle}
      priority={box.y === 0}
      // The user's own images open in the tweak studio from the card (docs/product/generation.md#tweak).
      tweakHref={board === 'creations' && signedIn ? `/tweak?image=${card.uuid}` : undefined}
      own={user !== undefined && card.user_id === user.id}
    />
  );
  const keptGrid = kept.length > 0 && (
    <Masonry
      items={kept}
      sizeOf={sizeOfCard}
      label={t('board.results')}
      busy={!feed.error}
      testId="kept-creations"
      render={renderCard}
    />
  );

  let content: ReactNode;
  if (!ready || feed.pending) {
    content = (
      <>
        <p className="visually-hidden" role="status">
          {t('board.loading')}
        </p>
        {keptGrid || <MasonrySkeleton />}
      </>
    );
  } else if (feed.error) {
    content = (
      <>
        <Alert testId="board-error">
          <p>{t('board.error')}</p>
          <Button size="sm" onClick={() => void feed.refetch()} className={styles.retry}>
            {t('board.retry')}
          </Button>
        </Alert>
        {keptGrid}
      </>
    );
  } else if (feed.cards.length === 0) {
    content = (
      <EmptyBoard
        board={board}
        signedIn={signedIn}
        filtered={filtered}
        onBroaden={
          isEmptySearch({ ...search, styles: [] })
            ? undefined
            : () => state.setSearch({ ...EMPTY_SEARCH, styles: search.styles })
        }
        onMoreStyles={search.styles.length > 0 ? showStyles : undefined}
      />
    );
  } else {
    content = (
      // `display: contents`: the wrapper only gathers the cards for the scroll counting, the layout is unchanged.
      <div ref={scrollCounting} style={{ display: 'contents' }}>
        <Masonry
          items={feed.cards}
          sizeOf={sizeOfCard}
          label={t('board.results')}
          busy={feed.stale}
          testId="gallery-grid"
          render={renderCard}
        />
        <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
        <div className={styles.footer}>
          {feed.fetchingNext && (
            <p className={styles.loadingMore} role="status">
              <Spinner size={18} />
              {t('board.loading_more')}
            </p>
          )}
          {feed.nextError && (
            <Button size="sm" onClick={() => void feed.fetchNextPage()}>
              {t('board.retry')}
            </Button>
          )}
          {!feed.hasNextPage && !feed.fetchingNext && (
            <p className={styles.muted} data-testid="board-end">
              {signedIn ? t('board.end') : t('board.samples_end')}
            </p>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page} data-board={board} data-testid="gallery-board">
      <header className={styles.header}>
        <div className={styles.headings}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        <div ref={toggleRef}>
          <BoardToolbar
            signedIn={signedIn}
            panelOpen={state.panelOpen}
            filterCount={activeFilterCount(search)}
            onTogglePanel={() => (state.panelOpen ? closePanel() : state.setPanelOpen(true))}
            shuffle={state.shuffle}
            shufflePaused={signedIn && search.opt.length > 0}
            onOrder={state.setSavedShuffle}
            onReshuffle={state.reshuffle}
            onRefresh={board === 'creations' ? refresh : undefined}
            autoscroll={autoscroll}
            onAutoscroll={setAutoscroll}
            onSelect={
              selectable ? () => (selection.selecting ? selection.stop() : selection.start()) : undefined
            }
            selecting={selection.selecting}
          />
        </div>
      </header>
      {!signedIn && board === 'explore' && <GuestBanner />}
      <div className={styles.layout} data-panel={state.panelOpen}>
        {state.panelOpen && (
          <SearchPanel
            search={search}
            onChange={state.setSearch}
            counts={feed.tagsCount}
            total={feed.total}
            capped={feed.capped}
            loading={feed.stale || feed.pending}
            onClose={closePanel}
          />
        )}
        <section className={styles.results} aria-label={t('board.results')}>
          {selection.selecting && <SelectionBar selection={selection} />}
          {showCount && <ResultCount total={feed.total} capped={feed.capped} loading={feed.stale} />}
          {content}
        </section>
      </div>
      <AgeDialog open={ageOpen} onClose={() => setAgeOpen(false)} />
    </div>
  );
}
