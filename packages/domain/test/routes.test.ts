import { describe, expect, it } from 'vitest';
import { isSpaRoute, SPA_PAGES, SPA_ROUTES, spaRouteOf } from '../src/index.ts';

describe('isSpaRoute (the server answers 404 for any other non-API path)', () => {
  it.each([
    '/',
    '/explore',
    '/explore/',
    '/explore//',
    '//',
    '/EXPLORE',
    '/account/signin',
    '/gallery/alice-3',
    '/image/0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01',
    '/profile/alice-3',
    '/profile/3/alice',
    '/crypto-payment/cancel',
    '/oauth',
    '/gallery/%C3%A9lodie-4',
  ])('knows %s', (path) => {
    expect(isSpaRoute(path)).toBe(true);
  });

  it.each([
    '/404',
    '/nope',
    '//explore',
    '/explore/more',
    '/gallery',
    '/gallery/',
    '/gallery//',
    '/image/a/b',
    '/account',
    '/profile/1/2/3',
    '/gallery/%E0%A4%A',
    '/api/user/me',
    '/images/x.webp',
  ])('does not know %j', (path) => {
    expect(isSpaRoute(path)).toBe(false);
  });
});

describe('spaRouteOf (the route and its params, for the page the server builds)', () => {
  it('gives the pattern and the decoded params', () => {
    expect(spaRouteOf('/image/0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01/')).toEqual({
      route: '/image/:uuid',
      params: { uuid: '0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01' },
    });
    expect(spaRouteOf('/gallery/%C3%A9lodie-4')).toEqual({
      route: '/gallery/:slug',
      params: { slug: 'élodie-4' },
    });
    expect(spaRouteOf('/profile/3/Alice')).toEqual({
      route: '/profile/:id/:username',
      params: { id: '3', username: 'Alice' },
    });
  });

  it('matches fixed segments in any case and the root', () => {
    expect(spaRouteOf('/Account/SignIn')?.route).toBe('/account/signin');
    expect(spaRouteOf('/')).toEqual({ route: '/', params: {} });
  });

  it('names a page module for every route but the redirect', () => {
    const withoutPage = SPA_ROUTES.filter((route) => SPA_PAGES[route] === null);
    expect(withoutPage).toEqual(['/profile/:id/:username']);
    for (const route of SPA_ROUTES) {
      if (SPA_PAGES[route] !== null) expect(SPA_PAGES[route]).toMatch(/^[A-Z][A-Za-z]+Page$/);
    }
  });

  it('matches nothing for unknown or malformed paths', () => {
    expect(spaRouteOf('/nope')).toBeNull();
    expect(spaRouteOf('/gallery/%E0%A4%A')).toBeNull();
    expect(spaRouteOf('//explore')).toBeNull();
  });
});
