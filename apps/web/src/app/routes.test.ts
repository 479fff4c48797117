import { SPA_PAGES, SPA_ROUTES, isSpaRoute, type SpaRoute } from '@mirage/domain';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/** Every route pattern of the router, parents joined ("/profile/:id/:username"; an index is its parent's). */
function patterns(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    const here = route.index || (route.path !== undefined && !route.children) ? [own || '/'] : [];
    return [...here, ...patterns(route.children ?? [], own)];
  });
}

/** The router's pages with their route objects, by pattern. */
function leaves(tree: RouteObject[], parent = ''): [string, RouteObject][] {
  return tree.flatMap((route): [string, RouteObject][] => {
    const own = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    const here: [string, RouteObject][] =
      route.index || (route.path !== undefined && !route.children) ? [[own || '/', route]] : [];
    return [...here, ...leaves(route.children ?? [], own)];
  });
}

/** The router's leaf for a path: '*' when it has no page there. */
const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;

/**
 * The server answers 200 for the web app's routes and 404 for any other path (apps/api/src/http/spa.ts),
 * from the domain's SPA_ROUTES: that list must be exactly the router's pages, /404 and the catch-all aside.
 */
describe("the server's list of web app routes", () => {
  it("holds exactly the router's pages", () => {
    const pages = patterns(routes).filter((pattern) => pattern !== '/*' && pattern !== '/404');
    expect([...pages].sort()).toEqual([...SPA_ROUTES].sort());
  });

  it.each([
    '/',
    '/explore/',
    '/Create',
    '/gallery/alice-3',
    '/profile/3/alice',
    '/image/0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01',
    '/404',
    '/nope',
    '/gallery',
    '/image/a/b',
    '/explore/more',
  ])('agrees with the router on %s', (path) => {
    const routerHasPage = leaf(path) !== '*' && leaf(path) !== '404';
    expect(isSpaRoute(path)).toBe(routerHasPage);
  });
});

/**
 * The server names each route's page chunks in the HTML it serves (apps/api/src/http/first-screen.ts) from
 * the domain's SPA_PAGES: the module each route loads must be the one named there.
 */
describe("the server's page module of each route", () => {
  const pageModules = import.meta.glob<{ default: unknown }>('../pages/*Page.tsx');
  const routed = leaves(routes).filter(([pattern]) => pattern !== '/*' && pattern !== '/404');

  it.each(routed.map(([pattern, route]) => [pattern, route] as const))('%s', async (pattern, route) => {
    const page = SPA_PAGES[pattern as SpaRoute];
    if (page === null) {
      expect(route.lazy).toBeUndefined();
      return;
    }
    const load = pageModules[`../pages/${page}.tsx`];
    expect(load, `apps/web/src/pages/${page}.tsx`).toBeDefined();
    expect(typeof route.lazy).toBe('function');
    const lazy = route.lazy as () => Promise<{ Component?: unknown }>;
    const [{ Component }, module] = await Promise.all([lazy(), load!()]);
    expect(Component).toBe(module.default);
  });
});
