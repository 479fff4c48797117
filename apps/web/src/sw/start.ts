/**
 * Starts the service worker (./register.ts) once the page has loaded, in production builds only (a worker
 * under the dev server would serve stale modules). The only part in the first load: a few bytes that
 * import the rest when the browser is done loading the page.
 */
export function startServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () =>
    void import('./register.ts')
      .then((module) => module.startServiceWorker())
      .catch((error: unknown) => console.warn('Service worker not started', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
