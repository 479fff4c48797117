import type { Consent } from '../cookie/index.ts';

/** The analytics the server configured (GET /api/config/site `analytics`; null: none). */
export interface AnalyticsConfig {
  script_url: string;
  site_id: string | null;
}

/**
 * Whether this page loads analytics (docs/product/routes.md#analytics): a production build, a script the
 * operator configured, and a visitor who accepted all cookies. Decided before the loader's code is
 * fetched, so that a page without analytics never downloads it.
 */
export function analyticsWanted(
  production: boolean,
  config: AnalyticsConfig | null | undefined,
  consent: Consent | undefined,
): AnalyticsConfig | null {
  if (!production || !config || consent !== 'all') return null;
  return config;
}
