/**
 * The web app's service worker (issue 17), built on its own into dist/sw.js by the web build
 * (apps/web/sw-build.ts, which fills in the __SW_*__ constants) and registered by ./register.ts after the
 * page has loaded. It
 * - precaches the app shell (index.html and the entry's hashed script and stylesheet) and serves those
 *   from the cache;
 * - answers page loads from the network, and with the offline page (in the browser's language) when
 *   there is none;
 * - keeps thumbnails (`/images/{uuid}-min.webp`, the site's and the files host's) stale-while-revalidate,
 *   THUMBNAIL_CAP each in a cache of public ones and a cache of the signed-in user's private ones, emptied
 *   at sign-out;
 * - adds the file token (GET /api/config/token, posted by the page) to image file requests;
 * - never touches API requests, and deletes the site's caches it no longer uses when it activates.
 */
import {
  FILE_TOKEN_HEADER,
  PRIVATE_THUMBNAILS,
  PUBLIC_THUMBNAILS,
  STATE_CACHE,
  THUMBNAIL_CAP,
  handlingOf,
  isPrivateAnswer,
  offlineLanguage,
  offlinePage,
  shellCacheOf,
  staleCaches,
  thumbnailKey,
  type OfflineText,
  type WorkerMessage,
} from './rules.ts';

declare const __SW_PRECACHE__: string[];
declare const __SW_VERSION__: string;
declare const __SW_OFFLINE_TEXT__: Record<string, OfflineText>;
declare const __SW_LOGO__: string;

// The few service worker types used here: the web app's TypeScript has the DOM's library, not the
// worker's (both at once conflict), and this file is its only worker code.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: Location;
  readonly navigator: Navigator;
  readonly registration: { navigationPreload?: { enable(): Promise<void> } };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
const scope = self as unknown as WorkerScope;

// Read once each: the build writes the values in place of every mention.
const PRECACHE = __SW_PRECACHE__;
const OFFLINE_TEXT = __SW_OFFLINE_TEXT__;
const SHELL = shellCacheOf(__SW_VERSION__);
const PRECACHED = new Set(PRECACHE);
const TOKEN_KEY = '/__sw/file-token';

scope.addEventListener('install', (event) => {
  // A first install activates at once; an update waits until the page asks (its "Reload" prompt).
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)));
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const kept = [SHELL, PUBLIC_THUMBNAILS, PRIVATE_THUMBNAILS, STATE_CACHE];
      await Promise.all(staleCaches(await caches.keys(), kept).map((name) => caches.delete(name)));
      // Page loads start their request while the worker wakes up.
      await scope.registration.navigationPreload?.enable();
      // The page that registered the worker is controlled without a reload.
      await scope.clients.claim();
    })(),
  );
});

// The file token, in memory and in STATE_CACHE (a worker is stopped when idle and loses its memory).
let token: { value: string; expiresAt: number } | null | undefined;

async function currentToken(): Promise<string | null> {
  if (token === undefined) {
    const stored = await (await caches.open(STATE_CACHE)).match(TOKEN_KEY);
    token = stored ? ((await stored.json()) as { value: string; expiresAt: number }) : null;
  }
  return token && token.expiresAt > Date.now() ? token.value : null;
}

async function signOut(): Promise<void> {
  token = null;
  await (await caches.open(STATE_CACHE)).delete(TOKEN_KEY);
  await caches.delete(PRIVATE_THUMBNAILS);
}

scope.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type === 'skip-waiting') event.waitUntil(scope.skipWaiting());
  else if (message?.type === 'sign-out') event.waitUntil(signOut());
  else if (message?.type === 'token') {
    token = { value: message.token, expiresAt: Date.parse(message.expiresAt) };
    const body = new Response(JSON.stringify(token), { headers: { 'content-type': 'application/json' } });
    event.waitUntil(caches.open(STATE_CACHE).then((cache) => cache.put(TOKEN_KEY, body)));
  }
});

/** An image file from the network, with the file token when the page gave one. */
async function fetchImageFile(request: Request): Promise<Response> {
  const headers = new Headers();
  const value = await currentToken();
  if (value) headers.set(FILE_TOKEN_HEADER, value);
  // An <img> asks in no-cors mode, where only plain headers pass: the worker asks same-origin instead.
  return fetch(request.url, { headers, credentials: 'same-origin', mode: 'same-origin' });
}

/** Keeps a thumbnail in the cache its privacy calls for, the oldest going beyond THUMBNAIL_CAP. */
async function keepThumbnail(url: string, response: Response): Promise<void> {
  const isPrivate = isPrivateAnswer(response.headers.get('cache-control'));
  // A private thumbnail is kept only for a signed-in user (one whose page gave the worker a token): a
  // sign-out empties its cache, the API's `no-store` holding again for everyone else.
  if (isPrivate && !(await currentToken())) return;
  const name = isPrivate ? PRIVATE_THUMBNAILS : PUBLIC_THUMBNAILS;
  // An image whose privacy changed leaves the other cache.
  await (await caches.open(isPrivate ? PUBLIC_THUMBNAILS : PRIVATE_THUMBNAILS)).delete(url);
  const cache = await caches.open(name);
  await cache.put(url, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - THUMBNAIL_CAP))) await cache.delete(old);
}

/**
 * A thumbnail of the files host, asked for in CORS mode (the host allows the site's origin): an opaque
 * answer could not be told private from public, and would weigh megabytes in the cache's quota. A host that
 * does not allow it still answers the page, uncached.
 */
async function fetchHostedFile(request: Request): Promise<Response> {
  try {
    return await fetch(request.url, { mode: 'cors', credentials: 'omit' });
  } catch (error) {
    if (!scope.navigator.onLine) throw error;
    return fetch(request);
  }
}

/** A thumbnail, from the cache at once when it is there, refreshed from the network meanwhile. */
async function thumbnail(event: FetchEvent, fetchFresh: (request: Request) => Promise<Response>) {
  const url = thumbnailKey(event.request.url);
  const cached =
    (await caches.match(url, { cacheName: PRIVATE_THUMBNAILS, ignoreVary: true })) ??
    (await caches.match(url, { cacheName: PUBLIC_THUMBNAILS, ignoreVary: true }));
  const fresh = fetchFresh(event.request).then(async (response) => {
    if (response.status === 200) await keepThumbnail(url, response.clone());
    // Gone (deleted, made private, signed out): no longer shown from the cache either.
    else if (response.status === 404) {
      await Promise.all(
        [PUBLIC_THUMBNAILS, PRIVATE_THUMBNAILS].map(async (name) => (await caches.open(name)).delete(url)),
      );
    }
    return response;
  });
  if (!cached) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return cached;
}

const offlineLanguages = Object.keys(OFFLINE_TEXT);

async function navigate(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    const lang = offlineLanguage(scope.navigator.languages ?? [scope.navigator.language], offlineLanguages);
    const text = OFFLINE_TEXT[lang] ?? OFFLINE_TEXT.en!;
    return new Response(offlinePage(lang, text, event.request.url, __SW_LOGO__), {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}

scope.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, scope.location.origin, PRECACHED);
  if (handling === 'navigate') event.respondWith(navigate(event));
  else if (handling === 'precached')
    event.respondWith(
      caches.match(event.request, { cacheName: SHELL }).then((hit) => hit ?? fetch(event.request)),
    );
  else if (handling === 'thumbnail') event.respondWith(thumbnail(event, fetchImageFile));
  else if (handling === 'hosted-thumbnail') event.respondWith(thumbnail(event, fetchHostedFile));
  else if (handling === 'image-file') event.respondWith(fetchImageFile(event.request));
  // Anything else (API calls included) goes to the network as if there were no worker.
});
