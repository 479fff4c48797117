import { describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../testing/fakeBrowser.ts';
import { deleteCookie, getCookie, setCookie } from './cookie.ts';

describe('getCookie', () => {
  it('reads one cookie among several, decoding it', () => {
    installFakeBrowser({ cookies: { auth: 'true', language: 'fr', audio: 'on%3A0.025' } });
    expect(getCookie('language')).toBe('fr');
    expect(getCookie('audio')).toBe('on:0.025');
    expect(getCookie('missing')).toBeUndefined();
  });

  it('does not confuse a name with the end of another name', () => {
    installFakeBrowser({ cookies: { xauth: 'no' } });
    expect(getCookie('auth')).toBeUndefined();
  });

  it('keeps a value that is not valid percent-encoding as it is', () => {
    installFakeBrowser({ cookies: { odd: '100%' } });
    expect(getCookie('odd')).toBe('100%');
  });

  it('answers undefined where there is no document (server-side or worker)', () => {
    vi.stubGlobal('document', undefined);
    expect(getCookie('auth')).toBeUndefined();
  });
});

describe('setCookie and deleteCookie', () => {
  it('writes a first-party, site-wide, Lax cookie with Max-Age in seconds', () => {
    const { jar } = installFakeBrowser();
    setCookie('language', 'de', 365);
    expect(jar.writes.at(-1)).toBe('language=de; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(getCookie('language')).toBe('de');
  });

  it('encodes values and marks cookies Secure on https', () => {
    const { jar } = installFakeBrowser({ origin: 'https://mirage.example' });
    setCookie('audio', 'on:0.5', 1);
    expect(jar.writes.at(-1)).toBe('audio=on%3A0.5; Max-Age=86400; Path=/; SameSite=Lax; Secure');
    expect(getCookie('audio')).toBe('on:0.5');
  });

  it('deletes with Max-Age=0 on the same path', () => {
    const { jar } = installFakeBrowser({ cookies: { auth: 'true' } });
    deleteCookie('auth');
    expect(jar.writes.at(-1)).toBe('auth=; Max-Age=0; Path=/; SameSite=Lax');
    expect(getCookie('auth')).toBeUndefined();
  });
});
