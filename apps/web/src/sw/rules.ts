/**
 * The service worker's rules (./sw.ts), pure so that they are unit-tested: which requests it handles and
 * how, the offline page, which caches it keeps. Imported by the worker's own build and by the page's
 * registration code (the message types), never by the app's entry.
 */

/** Image files (docs/product/image-viewer.md#files): the worker adds the file token to these. */
const IMAGE_FILE = /^\/images\/[^/]+$/;
/** A thumbnail (`{uuid}-min.webp`, the API's image file route): kept for offline use. */
const THUMBNAIL = /^\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-min\.webp$/;

/** A thumbnail on the files host (FILES_PUBLIC_URL, another origin, perhaps under a path of its own). */
const HOSTED_THUMBNAIL = /\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-min\.webp$/;

/** What the worker does with a GET request (of the site, or a thumbnail of the files host). */
export type Handling = 'navigate' | 'precached' | 'thumbnail' | 'hosted-thumbnail' | 'image-file' | 'network';

export function handlingOf(
  request: { mode: string; method: string; url: string },
  origin: string,
  precached: ReadonlySet<string>,
): Handling | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  // Of other origins, only the files host's thumbnails (docs/architecture/storage.md#files-host).
  if (url.origin !== origin) return HOSTED_THUMBNAIL.test(url.pathname) ? 'hosted-thumbnail' : null;
  // API answers are never cached nor touched: they are per user and must always be current.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  if (request.mode === 'navigate') return 'navigate';
  if (precached.has(url.pathname) && !url.search) return 'precached';
  if (THUMBNAIL.test(url.pathname)) return 'thumbnail';
  if (IMAGE_FILE.test(url.pathname)) return 'image-file';
  return 'network';
}

/** The header the API's file routes read the worker's token from (apps/api features/session/file-token.ts). */
export const FILE_TOKEN_HEADER = 'X-Mirage-File-Token';

/**
 * The cache key of a thumbnail: its address without the read token the page adds on the files host
 * (features/files), which changes every half hour while the file stays the same.
 */
export function thumbnailKey(address: string): string {
  const url = new URL(address);
  url.searchParams.delete('token');
  return url.href;
}

/** How many thumbnails each thumbnail cache keeps; the oldest go first. */
export const THUMBNAIL_CAP = 200;

export const CACHE_PREFIX = 'mirage-';
/** Public thumbnails: kept across sign-outs. */
export const PUBLIC_THUMBNAILS = `${CACHE_PREFIX}thumbnails-v1`;
/** The signed-in user's private thumbnails: emptied when they sign out. */
export const PRIVATE_THUMBNAILS = `${CACHE_PREFIX}private-thumbnails-v1`;
/** The file token, so that a worker woken up again still has it. */
export const STATE_CACHE = `${CACHE_PREFIX}state-v1`;
export const shellCacheOf = (version: string) => `${CACHE_PREFIX}shell-${version}`;

/** The caches an activated worker deletes: the site's caches it does not use (older shells, old formats). */
export function staleCaches(existing: readonly string[], kept: readonly string[]): string[] {
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !kept.includes(name));
}

/** Whether an answer of an image file route is a private file (the API sends `private, no-store`). */
export function isPrivateAnswer(cacheControl: string | null): boolean {
  return /(^|,)\s*private\b/i.test(cacheControl ?? '');
}

/** Messages between the page (./register.ts) and the worker. */
export type WorkerMessage =
  { type: 'token'; token: string; expiresAt: string } | { type: 'sign-out' } | { type: 'skip-waiting' };

/** The offline page's words in one language (the `offline` keys of packages/i18n common.json). */
export interface OfflineText {
  title: string;
  body: string;
  retry: string;
}

/** The first of the browser's languages the page has words for (by primary subtag), else English. */
export function offlineLanguage(preferred: readonly string[], available: readonly string[]): string {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (available.includes(primary)) return primary;
  }
  return 'en';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The offline page: shown for a page load without network. Static HTML with its style and the logo
 * (`logoSvg`, the favicon's markup: no request can load it offline) inline; the CSP allows inline styles,
 * not scripts, so "Try again" is a link to the address asked for.
 */
export function offlinePage(lang: string, text: OfflineText, retryUrl: string, logoSvg: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}" data-theme="dark"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="dark"><meta name="theme-color" content="#0c0a12">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(text.title)} · Mirage</title>
<style>
html,body{margin:0;height:100%;background:#0c0a12;color:#f5f3fa;font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{box-sizing:border-box;min-height:100%;display:grid;place-content:center;justify-items:center;gap:16px;padding:24px;text-align:center}
span svg{display:block;width:64px;height:64px}h1{margin:0;font-size:1.5rem;letter-spacing:-.02em}p{margin:0;max-width:32rem;color:#b3acc6}
a{margin-top:8px;padding:10px 20px;border-radius:10px;background:#9b30e8;color:#fff;font-weight:600;text-decoration:none}
a:hover{background:#8a22d6}a:focus-visible{outline:2px solid #d58cff;outline-offset:2px}
</style></head>
<body><main data-testid="offline-page"><span aria-hidden="true">${logoSvg}</span>
<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p>
<a href="${escapeHtml(retryUrl)}">${escapeHtml(text.retry)}</a></main></body></html>`;
}
