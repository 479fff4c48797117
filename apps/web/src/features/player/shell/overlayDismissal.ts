/**
 * "A level-up/reward claim overlay shows while rewards are unclaimed" (docs/product/player.md); "Later"
 * hides it until the count of rewards to claim grows again. The count it was dismissed at is kept for the
 * tab's session (sessionStorage).
 */

export const DISMISSED_KEY = 'mirage:rewards-dismissed';

export interface OverlayDecision {
  show: boolean;
  /** The dismissed count to keep from now on; null: none (the overlay shows whenever there are rewards). */
  dismissed: number | null;
}

/**
 * Whether the overlay shows for `count` rewards to claim after "Later" at `dismissed`. The remembered count
 * follows the count down (rewards claimed from the bell), so that any new reward after that shows it again;
 * with nothing left to claim it is forgotten.
 */
export function overlayDecision(count: number, dismissed: number | null): OverlayDecision {
  if (count <= 0) return { show: false, dismissed: null };
  const kept = dismissed === null ? null : Math.min(dismissed, count);
  return { show: kept === null || count > kept, dismissed: kept };
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): Store | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage refused (privacy settings): the overlay then forgets "Later" on reload.
    return undefined;
  }
}

export function readDismissed(store: Store | undefined = sessionStore()): number | null {
  const raw = store?.getItem(DISMISSED_KEY);
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

export function writeDismissed(value: number | null, store: Store | undefined = sessionStore()): void {
  try {
    if (value === null) store?.removeItem(DISMISSED_KEY);
    else store?.setItem(DISMISSED_KEY, String(value));
  } catch {
    // Quota or privacy settings: "Later" then lasts until the page is left.
  }
}
