/**
 * Route guards of docs/product/routes.md#guards, as a pure function the web router calls on each navigation.
 * Returns where to go instead, or null to stay.
 */
export const LOGIN_REQUIRED_PATHS = [
  '/collection',
  '/creations',
  '/tweak',
  '/daily-tasks',
  '/settings',
  '/mod',
] as const;
export const LANDING_PATHS = ['/', '/ai-hentai-generator', '/ai-realistic-generator'] as const;
export const GALLERY_PATH = '/explore';

export interface GuardInput {
  pathname: string;
  signedIn: boolean;
  isBot: boolean;
}

export function guardRedirect({ pathname, signedIn, isBot }: GuardInput): string | null {
  if (isBot || pathname === '/oauth') return null;
  if (signedIn && (LANDING_PATHS as readonly string[]).includes(pathname)) return GALLERY_PATH;
  if (!signedIn && (LOGIN_REQUIRED_PATHS as readonly string[]).includes(pathname)) return GALLERY_PATH;
  return null;
}

/**
 * Every route of the web app and the page module it shows (apps/web/src/pages/<name>.tsx), in React
 * Router's pattern syntax: `:name` is one path segment. apps/web/src/app/router.tsx is the router; a web
 * test keeps the two equal, page by page. The server answers any other non-API path with the web app's
 * HTML and status 404 (the app then shows its not-found page), and these with 200; it also names each
 * route's page chunks in the HTML so the browser fetches them with the app (apps/api/src/http/first-screen.ts).
 * /404 itself is the not-found page, so it is not here. `null`: the route only redirects.
 */
export const SPA_PAGES = {
  '/': 'LandingPage',
  '/home': 'HomePage',
  '/ai-hentai-generator': 'PromoPage',
  '/ai-realistic-generator': 'PromoPage',
  '/explore': 'ExplorePage',
  '/collection': 'CollectionPage',
  '/creations': 'CreationsPage',
  '/account/signin': 'SignInPage',
  '/account/signup': 'SignUpPage',
  '/account/reset': 'ResetPasswordPage',
  '/account/verify': 'VerifyEmailPage',
  '/settings': 'SettingsPage',
  '/create': 'CreatePage',
  '/tweak': 'TweakPage',
  '/leaderboard': 'LeaderboardPage',
  '/tickets': 'TicketsPage',
  '/payment/sandbox/:orderId': 'SandboxPaymentPage',
  '/guide': 'GuidePage',
  '/about': 'AboutPage',
  '/legal/:doc': 'LegalPage',
  '/provenance': 'ProvenancePage',
  '/daily-tasks': 'DailyTasksPage',
  '/gallery/:slug': 'UserGalleryPage',
  '/image/:uuid': 'ImagePage',
  '/profile/:slug': 'ProfilePage',
  '/profile/:id/:username': null,
  '/crypto-payment/:status': 'CryptoPaymentPage',
  '/oauth': 'OAuthPage',
  '/mod': 'ModPage',
} as const satisfies Record<string, string | null>;

export type SpaRoute = keyof typeof SPA_PAGES;
export const SPA_ROUTES = Object.keys(SPA_PAGES) as SpaRoute[];

const SPA_ROUTE_SEGMENTS = SPA_ROUTES.map((route) => route.split('/').slice(1));

/** A path matched to its route: the pattern and the values of its `:params` (decoded). */
export interface SpaRouteMatch {
  route: SpaRoute;
  params: Record<string, string>;
}

/**
 * The route of the web app at this path (no query string), matched as its router matches: one segment per
 * `:param`, letters in any case, trailing slashes ignored; null when the app has no page there. An empty
 * segment inside the path ("//explore") or a malformed escape matches nothing.
 */
export function spaRouteOf(pathname: string): SpaRouteMatch | null {
  const segments = (pathname.replace(/\/+$/, '') || '/').split('/').slice(1);
  let decoded: string[];
  try {
    decoded = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (decoded.length > 1 && decoded.includes('')) return null;
  for (const [index, route] of SPA_ROUTES.entries()) {
    const parts = SPA_ROUTE_SEGMENTS[index] ?? [];
    if (parts.length !== decoded.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, at) => {
      const value = decoded[at] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = value;
        return value !== '';
      }
      return part === value.toLowerCase();
    });
    if (matches) return { route, params };
  }
  return null;
}

/** Whether the web app has a page at this path (see `spaRouteOf`). */
export function isSpaRoute(pathname: string): boolean {
  return spaRouteOf(pathname) !== null;
}
