import { describe, expect, it } from 'vitest';
import {
  ERROR_STATUS,
  formatCompactCount,
  guardRedirect,
  isBotUserAgent,
  pickLanguage,
} from '../src/index.ts';

describe('language choice', () => {
  it('takes the cookie, else the browser language, else English', () => {
    expect(pickLanguage('ja', ['de-DE'])).toBe('ja');
    expect(pickLanguage('xx', ['de-DE', 'en'])).toBe('de');
    expect(pickLanguage(undefined, ['pt-BR', 'zh-CN'])).toBe('zh');
    expect(pickLanguage(undefined, ['pt-BR'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
});

describe('compact counts', () => {
  it.each([
    [0, '0'],
    [9999, '9999'],
    [10000, '10000'],
    [10001, '10k'],
    [15500, '15.5k'],
    [2_340_000, '2.3M'],
    [7_000_000_000, '7B'],
  ])('%d -> %s', (value, text) => {
    expect(formatCompactCount(value)).toBe(text);
  });
});

describe('route guards', () => {
  it('sends signed-in users away from landing and promo pages', () => {
    expect(guardRedirect({ pathname: '/', signedIn: true, isBot: false })).toBe('/explore');
    expect(guardRedirect({ pathname: '/ai-hentai-generator', signedIn: true, isBot: false })).toBe(
      '/explore',
    );
    expect(guardRedirect({ pathname: '/', signedIn: false, isBot: false })).toBeNull();
  });
  it('sends guests away from login-required pages', () => {
    for (const pathname of ['/settings', '/collection', '/creations', '/tweak', '/daily-tasks', '/mod']) {
      expect(guardRedirect({ pathname, signedIn: false, isBot: false })).toBe('/explore');
      expect(guardRedirect({ pathname, signedIn: true, isBot: false })).toBeNull();
    }
    expect(guardRedirect({ pathname: '/create', signedIn: false, isBot: false })).toBeNull();
  });
  it('lets bots and /oauth through', () => {
    expect(guardRedirect({ pathname: '/settings', signedIn: false, isBot: true })).toBeNull();
    expect(guardRedirect({ pathname: '/oauth', signedIn: true, isBot: false })).toBeNull();
    expect(isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0')).toBe(false);
  });
});

describe('error catalogue', () => {
  it('maps every code to a 4xx or 5xx status', () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
    expect(ERROR_STATUS.spam_protection).toBe(429);
    expect(ERROR_STATUS.token_missing).toBe(401);
  });
});
