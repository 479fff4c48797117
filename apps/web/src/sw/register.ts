/**
 * Registers the service worker (./sw.ts, served as /sw.js) and talks to it. Loaded lazily after the page
 * has loaded, in production builds only (./start.ts): nothing of it is in the first load.
 * - An update waiting to take over shows a notice, "A new version is available — Reload", whose action
 *   tells the waiting worker to take over and reloads the page once it has.
 * - While the visitor is signed in, the worker holds a file token (GET /api/config/token), renewed before
 *   it expires; when they are not (or sign out on this page), the worker drops it and empties its cache of
 *   private thumbnails.
 */
import i18next from 'i18next';
import { isSignedIn, subscribeSession } from '../features/session/index.ts';
import { notify } from '../ui/notice.ts';
import type { WorkerMessage } from './rules.ts';

/** The token lives an hour (apps/api features/session/file-token.ts): asked again well before. */
const TOKEN_RENEW_MS = 45 * 60 * 1000;
/** The update notice stays until used (setTimeout's longest delay, about 24 days). */
const UNTIL_USED_MS = 2 ** 31 - 1;

function tell(registration: ServiceWorkerRegistration, message: WorkerMessage): void {
  (registration.active ?? navigator.serviceWorker.controller)?.postMessage(message);
}

async function handOverToken(registration: ServiceWorkerRegistration): Promise<void> {
  try {
    const response = await fetch('/api/config/token', { credentials: 'same-origin' });
    if (response.ok) {
      const { token, expires_at } = (await response.json()) as { token: string; expires_at: string };
      tell(registration, { type: 'token', token, expiresAt: expires_at });
    } else if (response.status === 401) {
      // The session ended elsewhere: the app's own calls sign this page out (app/queryClient.ts).
      tell(registration, { type: 'sign-out' });
    }
  } catch {
    // Offline: the worker keeps the token it has until it expires; the next renewal tries again.
  }
}

function offerUpdate(worker: ServiceWorker): void {
  let asked = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (asked) window.location.reload();
  });
  notify(i18next.t('app_update.available', { ns: 'common' }), 'info', UNTIL_USED_MS, {
    label: i18next.t('app_update.reload', { ns: 'common' }),
    onSelect: () => {
      asked = true;
      worker.postMessage({ type: 'skip-waiting' } satisfies WorkerMessage);
    },
  });
}

export async function startServiceWorker(): Promise<void> {
  const registration = (await navigator.serviceWorker.register('/sw.js', { scope: '/' })) as
    ServiceWorkerRegistration | undefined;
  // A browser that turns workers off without an error (an automated one, a policy) answers nothing.
  if (!registration) return;
  // A waiting worker is an update only where one already controls the page (not on the first install).
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const waiting = () => worker.state === 'installed' && navigator.serviceWorker.controller;
    if (waiting()) offerUpdate(worker);
    else worker.addEventListener('statechange', () => waiting() && offerUpdate(worker));
  };
  watch(registration.waiting ?? registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));

  const ready = await navigator.serviceWorker.ready;
  if (!isSignedIn()) {
    tell(ready, { type: 'sign-out' });
    return;
  }
  await handOverToken(ready);
  const renewal = window.setInterval(() => void handOverToken(ready), TOKEN_RENEW_MS);
  const stop = subscribeSession(() => {
    if (isSignedIn()) return;
    window.clearInterval(renewal);
    tell(ready, { type: 'sign-out' });
    stop();
  });
}
