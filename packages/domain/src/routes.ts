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
 * Every route of the web app (apps/web/src/app/router.tsx; a web test keeps the two lists equal), in
 * React Router's pattern syntax: `:name` is one path segment. The server answers any other non-API path
 * with the web app's HTML and status 404 (the app then shows its not-found page), and these with 200.
 * /404 itself is the not-found page, so it is not here.
 */
export const SPA_ROUTES = [
  '/',
  '/home',
  '/ai-hentai-generator',
  '/ai-realistic-generator',
  '/explore',
  '/collection',
  '/creations',
  '/account/signin',
  '/account/signup',
  '/account/reset',
  '/settings',
  '/create',
  '/tweak',
  '/leaderboard',
  '/tickets',
  '/guide',
  '/about',
  '/daily-tasks',
  '/gallery/:slug',
  '/image/:uuid',
  '/profile/:slug',
  '/profile/:id/:username',
  '/crypto-payment/:status',
  '/oauth',
] as const;

const SPA_ROUTE_SEGMENTS = SPA_ROUTES.map((route) => route.split('/').slice(1));

/**
 * Whether the web app has a page at this path (no query string), matched as its router matches: one
 * segment per `:param`, letters in any case, trailing slashes ignored. An empty segment inside the path
 * ("//explore") or a malformed escape matches nothing.
 */
export function isSpaRoute(pathname: string): boolean {
  const segments = (pathname.replace(/\/+$/, '') || '/').split('/').slice(1);
  let decoded: string[];
  try {
    decoded = segments.map((segment) => decodeURIComponent(segment).toLowerCase());
  } catch {
    return false;
  }
  if (decoded.length > 1 && decoded.includes('')) return false;
  return SPA_ROUTE_SEGMENTS.some(
    (route) =>
      route.length === decoded.length &&
      route.every((part, index) => (part.startsWith(':') ? decoded[index] !== '' : part === decoded[index])),
  );
}
