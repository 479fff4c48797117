/**
 * Which pages stay alive on navigation (docs/product/routes.md#kept-alive-pages: /create, /explore,
 * /collection, /creations and /tweak are "kept alive"), as pure rules. A route is marked in router.tsx with
 * `handle: KEEP_ALIVE`; once visited it stays mounted (hidden) while other pages show, until a logout drops
 * the ones that need an account.
 */
import { LOGIN_REQUIRED_PATHS } from '@mirage/domain';

/** The route `handle` that marks a page as kept alive. */
export interface KeepAliveHandle {
  keepAlive: true;
}

export const KEEP_ALIVE: KeepAliveHandle = { keepAlive: true };

export function isKeptAlive(handle: unknown): boolean {
  return (
    typeof handle === 'object' && handle !== null && (handle as Partial<KeepAliveHandle>).keepAlive === true
  );
}

/** One kept page: its route id (the React key) and the path it was visited at. */
export interface KeptEntry {
  id: string;
  pathname: string;
}

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Pages that need an account (the route guard's list) are not kept for a guest. */
export function requiresLogin(pathname: string): boolean {
  return (LOGIN_REQUIRED_PATHS as readonly string[]).includes(normalisePath(pathname));
}

/** The deepest matched route that is marked kept alive, as an entry; null for a page rendered normally. */
export function keptEntryOf(
  matches: readonly { id: string; pathname: string; handle: unknown }[],
): KeptEntry | null {
  const match = matches.findLast((candidate) => isKeptAlive(candidate.handle));
  return match ? { id: match.id, pathname: normalisePath(match.pathname) } : null;
}

/**
 * The kept pages after a render: the visible kept page joins the list (in the order of first visit, so
 * that mounted pages never move), and a guest keeps none of the pages that need an account. Returns the
 * same array when nothing changed, so that it can be compared by reference.
 */
export function nextKeptEntries(
  entries: readonly KeptEntry[],
  active: KeptEntry | null,
  signedIn: boolean,
): readonly KeptEntry[] {
  let next = signedIn ? entries : entries.filter((entry) => !requiresLogin(entry.pathname));
  if (
    active &&
    !next.some((entry) => entry.id === active.id) &&
    (signedIn || !requiresLogin(active.pathname))
  ) {
    next = [...next, active];
  }
  const same = next.length === entries.length && next.every((entry, index) => entry === entries[index]);
  return same ? entries : next;
}
