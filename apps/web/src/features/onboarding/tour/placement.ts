/**
 * Where the tour's card goes and which element a step points at. The element search reads the DOM; the
 * placement is pure (tested in placement.test.ts).
 */

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * The element shown for a `data-tour` value: the first one that is laid out and not inside a hidden page (a
 * kept-alive page stays in the DOM, hidden, while another shows; CSS hides the phone's bottom bar on a
 * desktop). Null when none is on screen.
 */
export function findTarget(target: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-tour="${target}"]`)) {
    if (element.closest('[hidden]')) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden')
      return element;
  }
  return null;
}

export const sameRect = (a: Box | null, b: Box | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.top === b.top &&
    a.left === b.left &&
    a.width === b.width &&
    a.height === b.height);

/** Below this width the card spans the screen, docked to the edge away from the element. */
export const PHONE_MAX_WIDTH = 600;
const CARD_WIDTH = 360;
const MARGIN = 12;
const GAP = 14;
/** Room the card needs below an element to sit there; else it goes above. */
const CARD_ROOM = 230;

export type CardPlacement = {
  top?: number;
  bottom?: number;
  left: number;
  width: number;
  transform?: string;
};

/** The card's position: centred without an element; beside it otherwise, never off screen. */
export function cardPlacement(box: Box | null, viewport: { width: number; height: number }): CardPlacement {
  const width = Math.min(CARD_WIDTH, viewport.width - 2 * MARGIN);
  if (!box) {
    return {
      top: viewport.height / 2,
      left: (viewport.width - width) / 2,
      width,
      transform: 'translateY(-50%)',
    };
  }
  const centreY = box.top + box.height / 2;
  if (viewport.width <= PHONE_MAX_WIDTH) {
    // Across the screen, docked on the half where the element is not.
    const full = viewport.width - 2 * MARGIN;
    return centreY > viewport.height / 2
      ? { top: MARGIN, left: MARGIN, width: full }
      : { bottom: MARGIN, left: MARGIN, width: full };
  }
  const left = Math.min(
    Math.max(box.left + box.width / 2 - width / 2, MARGIN),
    viewport.width - width - MARGIN,
  );
  const below = box.top + box.height + GAP;
  if (below + CARD_ROOM <= viewport.height) return { top: below, left, width };
  return { bottom: Math.max(viewport.height - box.top + GAP, MARGIN), left, width };
}
