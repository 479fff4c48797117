/**
 * Moving between the images of a board in the viewer (docs/product/image-viewer.md#the-viewer: up/down by
 * keys, wheel and touch swipe; docs/product/image-viewer.md#the-viewer: swipe threshold 100 px), as pure
 * rules.
 */

/** docs/product/image-viewer.md#the-viewer: a touch drag shorter than this is not a swipe. */
export const SWIPE_THRESHOLD_PX = 100;
/** Wheel movement that makes one step (a mouse notch is ~100 px, a touchpad sends many small ones). */
export const WHEEL_STEP_PX = 60;
/** After a wheel step, further wheel input is ignored this long (one flick of a touchpad = one image). */
export const WHEEL_COOLDOWN_MS = 450;
/** Images per page when the viewer loads its board. */
export const BOARD_PAGE_SIZE = 24;
/** Pages the viewer reads forward looking for an image that is not where the gallery said. */
export const MAX_PAGES_SCANNED = 4;

export type Step = 'previous' | 'next';

/** "next" is down the board (older in newest-first order), "previous" up. */
export function stepOfKey(key: string): Step | null {
  switch (key) {
    case 'ArrowDown':
    case 'j':
    case 'J':
      return 'next';
    case 'ArrowUp':
    case 'k':
    case 'K':
      return 'previous';
    default:
      return null;
  }
}

/**
 * A finished touch drag: swiping up (the finger moves up, dy < 0) shows the next image, like scrolling
 * a feed; swiping down the previous one. Mostly-horizontal or short drags do nothing.
 */
export function stepOfSwipe(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): Step | null {
  if (Math.abs(dy) < threshold || Math.abs(dy) <= Math.abs(dx)) return null;
  return dy < 0 ? 'next' : 'previous';
}

export interface WheelState {
  /** Accumulated deltaY since the last step. */
  total: number;
  /** Time of the last step (ms), for the cooldown. */
  lastStepAt: number;
}

export const WHEEL_IDLE: WheelState = { total: 0, lastStepAt: -Infinity };

/**
 * Feeds one wheel event (deltaY in pixels): returns the new state and a step once enough movement in
 * one direction has gathered, outside the cooldown of the previous step.
 */
export function wheelStep(
  state: WheelState,
  deltaY: number,
  now: number,
): { state: WheelState; step: Step | null } {
  if (now - state.lastStepAt < WHEEL_COOLDOWN_MS) return { state, step: null };
  // A change of direction starts over.
  const total = Math.sign(deltaY) !== Math.sign(state.total) ? deltaY : state.total + deltaY;
  if (Math.abs(total) < WHEEL_STEP_PX) return { state: { ...state, total }, step: null };
  return { state: { total: 0, lastStepAt: now }, step: total > 0 ? 'next' : 'previous' };
}

/** The wheel delta in pixels, whatever unit the browser used (line or page mode). */
export function wheelPixels(deltaY: number, deltaMode: number, pageHeight: number): number {
  if (deltaMode === 1) return deltaY * 40;
  if (deltaMode === 2) return deltaY * pageHeight;
  return deltaY;
}

export interface Neighbour<T> {
  item: T;
  /** Its position in the board. */
  index: number;
}

export interface Neighbours<T> {
  /** Position of the current image in the board, when found. */
  index: number | null;
  previous: Neighbour<T> | null;
  next: Neighbour<T> | null;
  /** A page that must be loaded to know more (null: nothing to load). */
  wanted: number | null;
}

/**
 * Where the current image sits among the loaded pages of its board, and its neighbours. `pages` maps
 * a page number to its items (a page shorter than `size` is the last one). `start` is the page the
 * gallery said the image is on. When the image is not found yet, the next page to read is asked for
 * (forward from `start`, at most MAX_PAGES_SCANNED pages); at a page edge the adjacent page is asked for.
 */
export function neighboursOf<T extends { uuid: string }>(
  pages: ReadonlyMap<number, readonly T[]>,
  uuid: string,
  size: number,
  start = 0,
): Neighbours<T> {
  const at = (index: number): Neighbour<T> | null => {
    const page = pages.get(Math.floor(index / size));
    const item = index >= 0 ? page?.[index % size] : undefined;
    return item ? { item, index } : null;
  };
  const isLast = (page: number) => {
    const items = pages.get(page);
    return items !== undefined && items.length < size;
  };

  let found: number | null = null;
  for (const [page, items] of [...pages].sort(([a], [b]) => a - b)) {
    const position = items.findIndex((item) => item.uuid === uuid);
    if (position >= 0) {
      found = page * size + position;
      break;
    }
  }

  if (found === null) {
    // Read forward from the page the gallery named, until the board ends or we give up.
    for (let page = start; page < start + MAX_PAGES_SCANNED; page += 1) {
      if (!pages.has(page)) return { index: null, previous: null, next: null, wanted: page };
      if (isLast(page)) break;
    }
    return { index: null, previous: null, next: null, wanted: null };
  }

  const page = Math.floor(found / size);
  const previous = at(found - 1);
  const next = at(found + 1);
  let wanted: number | null = null;
  if (!previous && found > 0 && !pages.has(page - 1)) wanted = page - 1;
  else if (!next && !isLast(page) && !pages.has(page + 1)) wanted = page + 1;
  return { index: found, previous, next, wanted };
}
