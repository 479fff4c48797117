/**
 * A board's search state: the search and the panel flag live in the address
 * (docs/product/gallery.md#in-the-web: ?search=open), the Newest/Shuffle choice in local storage per board,
 * the shuffle seed per area (docs/product/gallery.md#in-the-web).
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  areaSeed,
  effectiveShuffle,
  readShuffle,
  reshuffle as drawNewSeed,
  seedAreaOf,
  writeShuffle,
  type Board,
} from './boards.ts';
import { isPanelOpen, parseSearch, withPanel, writeSearch, type GallerySearch } from './searchState.ts';
import { browserStorage } from '../../ui/browserStorage.ts';

export interface BoardState {
  query: URLSearchParams;
  search: GallerySearch;
  setSearch: (next: GallerySearch) => void;
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
  /** The board's saved choice (what the toggle shows unless optional tags pause shuffle). */
  savedShuffle: boolean;
  setSavedShuffle: (shuffle: boolean) => void;
  /** Whether the order is shuffled now. */
  shuffle: boolean;
  /** The seed sent to the API: null for newest first. */
  seed: number | null;
  /** Draws a new seed for the board's area. */
  reshuffle: () => void;
}

export function useBoardState(board: Board, signedIn: boolean): BoardState {
  const [query, setQuery] = useSearchParams();
  const search = useMemo(() => parseSearch(query), [query]);
  const panelOpen = signedIn && isPanelOpen(query);
  const [savedShuffle, setSaved] = useState(() => readShuffle(browserStorage(), board));
  const area = seedAreaOf(board);
  const [seedValue, setSeedValue] = useState(() => areaSeed(area).value);

  const setSearch = useCallback(
    (next: GallerySearch) => setQuery((current) => writeSearch(next, current), { preventScrollReset: true }),
    [setQuery],
  );
  const setPanelOpen = useCallback(
    (open: boolean) => setQuery((current) => withPanel(current, open), { preventScrollReset: true }),
    [setQuery],
  );
  const setSavedShuffle = useCallback(
    (next: boolean) => {
      writeShuffle(browserStorage(), board, next);
      setSaved(next);
      // Each switch to shuffle deals a new order.
      if (next) setSeedValue(drawNewSeed(area).value);
    },
    [area, board],
  );
  const reshuffle = useCallback(() => setSeedValue(drawNewSeed(area).value), [area]);

  // Guests see the samples in the server's order.
  const shuffle = signedIn && effectiveShuffle(savedShuffle, search.opt.length);
  return {
    query,
    search,
    setSearch,
    panelOpen,
    setPanelOpen,
    savedShuffle,
    setSavedShuffle,
    shuffle,
    seed: shuffle ? seedValue : null,
    reshuffle,
  };
}
