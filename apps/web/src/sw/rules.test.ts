import { describe, expect, it } from 'vitest';
import {
  PRIVATE_THUMBNAILS,
  PUBLIC_THUMBNAILS,
  STATE_CACHE,
  handlingOf,
  isPrivateAnswer,
  offlineLanguage,
  offlinePage,
  shellCacheOf,
  staleCaches,
  thumbnailKey,
} from './rules.ts';

const ORIGIN = 'https://mirage.example';
const UUID = '0b6f1a52-8a7e-4c1e-9d3a-2f4b5c6d7e8f';
const precached = new Set(['/index.html', '/assets/index-abc.js']);
const get = (path: string, mode = 'no-cors') => ({ method: 'GET', mode, url: `${ORIGIN}${path}` });

describe('the service worker rules', () => {
  it('never handles API calls, other methods or other origins', () => {
    expect(handlingOf(get('/api/user/me', 'cors'), ORIGIN, precached)).toBeNull();
    expect(handlingOf(get('/api/config/token', 'navigate'), ORIGIN, precached)).toBeNull();
    expect(handlingOf(get('/api'), ORIGIN, precached)).toBeNull();
    expect(handlingOf({ ...get('/images/x.png'), method: 'POST' }, ORIGIN, precached)).toBeNull();
    expect(handlingOf({ ...get('/'), url: 'https://cdn.example/a.js' }, ORIGIN, precached)).toBeNull();
    expect(
      handlingOf({ ...get('/'), url: `https://cdn.example/images/${UUID}.webp` }, ORIGIN, precached),
    ).toBeNull();
  });

  it("keeps the files host's thumbnails, by their address without the read token", () => {
    const hosted = `https://files.example/mirage/images/${UUID}-min.webp`;
    expect(handlingOf({ ...get('/'), url: hosted }, ORIGIN, precached)).toBe('hosted-thumbnail');
    expect(handlingOf({ ...get('/'), url: `${hosted}?token=a.b.c.d` }, ORIGIN, precached)).toBe(
      'hosted-thumbnail',
    );
    expect(thumbnailKey(`${hosted}?token=a.b.c.d`)).toBe(hosted);
    expect(thumbnailKey(`${hosted}?v=2&token=x`)).toBe(`${hosted}?v=2`);
    expect(thumbnailKey(`${ORIGIN}/images/${UUID}-min.webp`)).toBe(`${ORIGIN}/images/${UUID}-min.webp`);
  });

  it('tells page loads, the shell, thumbnails and other image files apart', () => {
    expect(handlingOf(get('/explore', 'navigate'), ORIGIN, precached)).toBe('navigate');
    expect(handlingOf(get('/assets/index-abc.js', 'cors'), ORIGIN, precached)).toBe('precached');
    expect(handlingOf(get('/assets/index-abc.js?v=2', 'cors'), ORIGIN, precached)).toBe('network');
    expect(handlingOf(get('/assets/Other-def.js', 'cors'), ORIGIN, precached)).toBe('network');
    expect(handlingOf(get(`/images/${UUID}-min.webp`), ORIGIN, precached)).toBe('thumbnail');
    expect(handlingOf(get(`/images/${UUID}.webp`), ORIGIN, precached)).toBe('image-file');
    expect(handlingOf(get(`/images/${UUID}-upscaled.png`), ORIGIN, precached)).toBe('image-file');
  });

  it('reads a private file from its Cache-Control', () => {
    expect(isPrivateAnswer('private, no-store')).toBe(true);
    expect(isPrivateAnswer('public, max-age=86400')).toBe(false);
    expect(isPrivateAnswer(null)).toBe(false);
  });

  it('deletes only the site caches it no longer uses', () => {
    const kept = [shellCacheOf('new'), PUBLIC_THUMBNAILS, PRIVATE_THUMBNAILS, STATE_CACHE];
    expect(staleCaches([shellCacheOf('old'), ...kept, 'someone-else'], kept)).toEqual([shellCacheOf('old')]);
  });

  it("picks the offline page's language from the browser's, else English", () => {
    const available = ['en', 'fr', 'de', 'es', 'it', 'ja', 'ru', 'zh'];
    expect(offlineLanguage(['fr-CA', 'en'], available)).toBe('fr');
    expect(offlineLanguage(['pt-BR', 'zh-Hans-CN'], available)).toBe('zh');
    expect(offlineLanguage(['pt-BR'], available)).toBe('en');
    expect(offlineLanguage([], available)).toBe('en');
  });

  it('writes the offline page with its words escaped and no script', () => {
    const html = offlinePage(
      'en',
      { title: 'Offline <now>', body: 'Body & more', retry: 'Try again' },
      '/x?a="1"',
      '<svg></svg>',
    );
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Offline &#60;now&#62;');
    expect(html).toContain('Body &#38; more');
    expect(html).toContain('href="/x?a=&#34;1&#34;"');
    expect(html).toContain('<svg></svg>');
    expect(html).not.toContain('<script');
  });
});
