import { describe, expect, it } from 'vitest';
import { isSpaRoute } from '../src/index.ts';

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
