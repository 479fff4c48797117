import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useAfterLoad } from '../../ui/useAfterLoad.ts';
import { getConsent, subscribeConsent } from '../cookie/index.ts';
import { useSiteInfo } from '../site/index.ts';
import type { Tracker } from './loader.ts';
import { analyticsWanted } from './wanted.ts';

/**
 * The shell's analytics (docs/product/routes.md#analytics): renders nothing; once the page has loaded, in a
 * production build, with a configured script and the visitor's "Accept all", it fetches the loader
 * (./loader.ts, out of the first load) and sends a page view on each route change.
 */
export function Analytics() {
  // The footer asks for the site information on every page: this reads the same answer.
  const config = useSiteInfo()?.analytics;
  const consent = useSyncExternalStore(subscribeConsent, getConsent, () => undefined);
  const afterLoad = useAfterLoad();
  const wanted = afterLoad ? analyticsWanted(import.meta.env.PROD, config, consent) : null;
  const scriptUrl = wanted?.script_url;
  const siteId = wanted?.site_id ?? null;
  const { pathname } = useLocation();
  const [tracker, setTracker] = useState<Tracker | null>(null);

  useEffect(() => {
    if (!scriptUrl) return undefined;
    let live = true;
    import('./loader.ts')
      .then(({ startAnalytics }) => {
        if (live) setTracker(startAnalytics({ script_url: scriptUrl, site_id: siteId }));
      })
      // A loader chunk that fails (an old deploy, a flaky network) means no analytics, nothing more.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [scriptUrl, siteId]);

  useEffect(() => {
    tracker?.pageview(pathname);
  }, [tracker, pathname]);

  return null;
}
