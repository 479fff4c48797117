import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../testing/fakeBrowser.ts';

// readToken.ts keeps the page's token in module state, and listens to the session module's: each test
// loads fresh copies of both.
async function load() {
  vi.resetModules();
  return {
    token: await import('./readToken.ts'),
    session: await import('../session/session.ts'),
  };
}

const SITE = 'http://localhost:8080';
const HOST = 'https://files.mirage.test';
const OWN = `${HOST}/images/4d1c2a9e-0b7e-4f3c-9a55-2c1b0e6d7f10-min.webp`;
const PERIOD_MS = 30 * 60 * 1000;

/** The server's answer: a token for the current half hour, valid until the end of the next. */
function tokenServer(tokens: string[]) {
  let served = 0;
  return vi.fn((url: string) => {
    expect(url).toBe('/api/config/b2_token');
    const now = Date.now();
    const expires = Math.floor(now / PERIOD_MS) * PERIOD_MS + 2 * PERIOD_MS;
    const token = tokens[Math.min(served++, tokens.length - 1)]!;
    return Promise.resolve(
      new Response(JSON.stringify({ token, expires_at: new Date(expires).toISOString() }), { status: 200 }),
    );
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-28T10:10:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the address of an own file', () => {
  it('is left alone on the site itself, and for a visitor: no token is asked for', async () => {
    const fetch = tokenServer(['t1']);
    vi.stubGlobal('fetch', fetch);
    installFakeBrowser({ origin: SITE, cookies: { auth: 'true' } });
    const { token } = await load();
    expect(token.ownFileAddress('/images/a-min.webp')).toBe('/images/a-min.webp');
    expect(token.ownFileAddress(`${SITE}/images/a-min.webp`)).toBe(`${SITE}/images/a-min.webp`);
    installFakeBrowser({ origin: SITE });
    expect(token.ownFileAddress(OWN)).toBe(OWN);
    expect(await token.ownFileAddressNow(OWN)).toBe(OWN);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('on the files host waits for the token (null), asked once for every subscriber, then carries it', async () => {
    const fetch = tokenServer(['a.b+c/d']);
    vi.stubGlobal('fetch', fetch);
    installFakeBrowser({ origin: SITE, cookies: { auth: 'true' } });
    const { token } = await load();
    expect(token.ownFileAddress(OWN)).toBeNull();
    const first = vi.fn();
    const second = vi.fn();
    token.subscribeReadToken(first);
    token.subscribeReadToken(second);
    await vi.waitFor(() => expect(first).toHaveBeenCalled());
    expect(second).toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(token.ownFileAddress(OWN)).toBe(`${OWN}?token=a.b%2Bc%2Fd`);
    expect(token.ownFileAddress(`${OWN}?v=2`)).toBe(`${OWN}?v=2&token=a.b%2Bc%2Fd`);
  });

  it('takes the next token when the half hour turns, and tells the page', async () => {
    const fetch = tokenServer(['first', 'second']);
    vi.stubGlobal('fetch', fetch);
    installFakeBrowser({ origin: SITE, cookies: { auth: 'true' } });
    const { token } = await load();
    const listener = vi.fn();
    token.subscribeReadToken(listener);
    await vi.waitFor(() => expect(token.ownFileAddress(OWN)).toBe(`${OWN}?token=first`));
    // 10:10 → the next half hour starts at 10:30 (the old token stays valid until 11:00).
    await vi.advanceTimersByTimeAsync(19 * 60 * 1000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * 60 * 1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(token.ownFileAddress(OWN)).toBe(`${OWN}?token=second`);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('forgets the token at sign-out', async () => {
    vi.stubGlobal('fetch', tokenServer(['mine']));
    installFakeBrowser({ origin: SITE, cookies: { auth: 'true' } });
    const { token, session } = await load();
    expect(await token.ownFileAddressNow(OWN)).toBe(`${OWN}?token=mine`);
    const listener = vi.fn();
    token.subscribeReadToken(listener);
    session.clearAuthCookie();
    expect(listener).toHaveBeenCalled();
    expect(token.ownFileAddress(OWN)).toBe(OWN);
    // No renewal is left behind.
    await vi.advanceTimersByTimeAsync(2 * PERIOD_MS);
    expect(token.ownFileAddress(OWN)).toBe(OWN);
  });

  it('keeps waiting, without breaking, when the token cannot be had (offline, 401)', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockRejectedValueOnce(new TypeError('offline'))
        .mockResolvedValue(new Response('{}', { status: 401 })),
    );
    installFakeBrowser({ origin: SITE, cookies: { auth: 'true' } });
    const { token } = await load();
    expect(await token.ownFileAddressNow(OWN)).toBe(OWN);
    expect(await token.ownFileAddressNow(OWN)).toBe(OWN);
    expect(token.ownFileAddress(OWN)).toBeNull();
  });
});
