/**
 * The files host's read token (GET /api/config/b2_token; docs/architecture/storage.md#files-host). Where the
 * API's answers point image files at a host of their own (FILES_PUBLIC_URL), the browser sends no session
 * cookie there, so the addresses of the user's own files carry this token instead (`?token=`). Other
 * people's files are public ones and go without it, so that every cache on the way keeps them.
 *
 * One token serves the whole page. It is asked for when an own file on another origin is first shown, asked
 * again when its half hour ends (the server then hands out the next one; the old one stays valid another
 * half hour, so nothing breaks meanwhile), and forgotten at sign-out.
 */
import { isSignedIn, subscribeSession } from '../session/index.ts';

/** The server's half hour (apps/api features/session/file-token.ts READ_TOKEN_PERIOD_MS). */
const PERIOD_MS = 30 * 60 * 1000;
/** However a clock is off, the token is never asked for more than once a minute. */
const MIN_RENEWAL_MS = 60 * 1000;

let current: string | null = null;
let asking: Promise<void> | null = null;
let renewal: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

async function askForToken(): Promise<void> {
  const response = await fetch('/api/config/b2_token', { credentials: 'same-origin' });
  // 401: the session ended; the app's own calls sign the page out (app/queryClient.ts).
  if (!response.ok) return;
  const { token, expires_at } = (await response.json()) as { token: string; expires_at: string };
  current = token;
  clearTimeout(renewal);
  const nextPeriod = Date.parse(expires_at) - PERIOD_MS - Date.now();
  renewal = setTimeout(() => void ask(), Math.max(nextPeriod + 1000, MIN_RENEWAL_MS));
  changed();
}

/** Asks once at a time; offline, the own files on the host wait for the next try (a later render). */
function ask(): Promise<void> {
  asking ??= askForToken()
    .catch(() => undefined)
    .finally(() => {
      asking = null;
    });
  return asking;
}

subscribeSession(() => {
  if (isSignedIn()) return;
  current = null;
  clearTimeout(renewal);
  changed();
});

/** Whether `src` is on another origin than the page (the files host), where no cookie comes along. */
export function onFilesHost(src: string): boolean {
  return /^https?:\/\//i.test(src) && new URL(src).origin !== window.location.origin;
}

const withToken = (src: string, token: string) =>
  `${src}${src.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;

/**
 * The address to load one of the user's own files from: `src` itself on the site, with the read token on
 * the files host, or null while that token is being asked for.
 */
export function ownFileAddress(src: string): string | null {
  if (!onFilesHost(src) || !isSignedIn()) return src;
  return current === null ? null : withToken(src, current);
}

/** Like {@link ownFileAddress}, waiting for the token if need be (a download); `src` itself without one. */
export async function ownFileAddressNow(src: string): Promise<string> {
  if (onFilesHost(src) && isSignedIn() && current === null) await ask();
  return ownFileAddress(src) ?? src;
}

/** For useSyncExternalStore: a subscriber is told when the token changes, and the first one asks for it. */
export function subscribeReadToken(listener: () => void): () => void {
  listeners.add(listener);
  if (current === null && isSignedIn()) void ask();
  return () => listeners.delete(listener);
}

/** Forgets the token and the listeners (tests). */
export function resetReadToken(): void {
  current = null;
  asking = null;
  clearTimeout(renewal);
  listeners.clear();
}
