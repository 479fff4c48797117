import { SPA_PAGES, spaRouteOf } from '@mirage/domain';
import type { AnalyticsConfig } from './wanted.ts';

/**
 * The analytics script and its page views (docs/product/routes.md#analytics), loaded apart from every
 * page's first load and only once the visitor has accepted all cookies. The script is Plausible's
 * manual-pageview build (`script.manual.js`, self-hosted): cookie-less, and it sends nothing by itself, so
 * each page view is sent here with the route's pattern ("/image/:uuid"), never an id or a username.
 *
 * It never holds anything up: the script is async, a load error is swallowed, and a script not running
 * after GIVE_UP_MS is given up for the page's life (no retry, nothing shown). That is also the whole of the
 * ad-blocker detection (spec §4): a blocked script is recorded (`analyticsBlocked()`, and the script
 * element's `data-analytics` attribute for whoever looks at the page) and the app moves on.
 */

/** Spec §7: analytics waits up to 3000 ms. */
export const GIVE_UP_MS = 3000;

/** Page views kept while the script loads (a visitor clicking through faster than it arrives). */
const MAX_PENDING = 20;

export type AnalyticsStatus = 'loading' | 'ready' | 'blocked';

export interface Tracker {
  /** Sends a page view for the route this path belongs to; nothing once the script is given up. */
  pageview(pathname: string): void;
}

type Plausible = (event: 'pageview', options: { u: string }) => void;

interface Loaded {
  status: AnalyticsStatus;
  script: HTMLScriptElement;
  pending: string[];
}

/** One script for the page's life, whatever the consent or the configuration do afterwards. */
let loaded: Loaded | null = null;

/**
 * The route pattern a page view is recorded under: the router's own pattern for the path, '/404' for a
 * path the app has no page at, null for a route that only redirects (its target gets the view).
 */
export function pageviewPattern(pathname: string): string | null {
  const match = spaRouteOf(pathname);
  if (!match) return '/404';
  return SPA_PAGES[match.route] === null ? null : match.route;
}

/** Whether the analytics script was blocked or never ran in time (an ad or tracker blocker, mostly). */
export function analyticsBlocked(): boolean {
  return loaded?.status === 'blocked';
}

export function analyticsStatus(): AnalyticsStatus | null {
  return loaded?.status ?? null;
}

function plausibleOf(): Plausible | null {
  const candidate = (window as unknown as { plausible?: unknown }).plausible;
  return typeof candidate === 'function' ? (candidate as Plausible) : null;
}

function send(pattern: string): void {
  try {
    // Plausible's manual API: the page's address as it should be recorded, origin included.
    plausibleOf()?.('pageview', { u: `${window.location.origin}${pattern}` });
  } catch {
    // A broken script is the operator's problem, never the visitor's.
  }
}

function settle(state: Loaded, status: 'ready' | 'blocked'): void {
  if (state.status !== 'loading') return;
  state.status = status;
  state.script.setAttribute('data-analytics', status);
  const pending = state.pending.splice(0);
  if (status === 'ready') for (const pattern of pending) send(pattern);
}

/** Adds the script once (later calls return the same tracker) and starts the give-up timer. */
export function startAnalytics(config: AnalyticsConfig, giveUpMs = GIVE_UP_MS): Tracker {
  if (!loaded) {
    const script = document.createElement('script');
    const state: Loaded = { status: 'loading', script, pending: [] };
    loaded = state;
    script.async = true;
    script.defer = true;
    script.src = config.script_url;
    script.setAttribute('data-domain', config.site_id ?? window.location.hostname);
    script.setAttribute('data-analytics', 'loading');
    const timer = setTimeout(() => settle(state, 'blocked'), giveUpMs);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      // A blocker may answer with an empty stand-in script: loaded, but nothing to call.
      settle(state, plausibleOf() ? 'ready' : 'blocked');
    });
    script.addEventListener('error', () => {
      clearTimeout(timer);
      settle(state, 'blocked');
    });
    try {
      document.head.appendChild(script);
    } catch {
      clearTimeout(timer);
      settle(state, 'blocked');
    }
  }
  const state = loaded;
  return {
    pageview(pathname) {
      const pattern = pageviewPattern(pathname);
      if (pattern === null) return;
      if (state.status === 'ready') send(pattern);
      else if (state.status === 'loading' && state.pending.length < MAX_PENDING) state.pending.push(pattern);
    },
  };
}
