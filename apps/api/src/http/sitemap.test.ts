import Fastify from 'fastify';
import { LANGUAGES, SITEMAP_PATHS } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import {
  COUNT_TTL_MS,
  escapeXml,
  imageFileCount,
  imagesSitemapXml,
  pagesSitemapXml,
  registerSitemap,
  RECOUNT_MS,
  SITEMAP_IMAGES_PER_FILE,
  sitemapIndexXml,
} from './sitemap.ts';

const SITE = 'https://mirage.example';

describe('the site map’s XML', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('splits the images into files of at most 10,000 (the protocol allows 50,000)', () => {
    expect(SITEMAP_IMAGES_PER_FILE).toBeLessThanOrEqual(50_000);
    expect([0, 1, 10_000, 10_001, 25_000].map((count) => imageFileCount(count))).toEqual([0, 1, 1, 2, 3]);
    expect(imageFileCount(5, 2)).toBe(3);
  });

  it('indexes the pages file and each image file', () => {
    const xml = sitemapIndexXml(SITE, 2);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex')).toBe(true);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${SITE}/sitemap-pages.xml`,
      `${SITE}/sitemap-images-1.xml`,
      `${SITE}/sitemap-images-2.xml`,
    ]);
  });

  it('lists every language version of each public page with all its alternates', () => {
    const xml = pagesSitemapXml(SITE);
    const urls = xml.match(/<url>/g) ?? [];
    expect(urls).toHaveLength(SITEMAP_PATHS.length * LANGUAGES.length);
    expect(xml).toContain(`<loc>${SITE}/guide?lang=fr</loc>`);
    expect(xml).toContain(`<loc>${SITE}/guide</loc>`);
    const guideFr = xml.split('<url>').find((entry) => entry.includes(`<loc>${SITE}/guide?lang=fr</loc>`))!;
    expect(guideFr.match(/<xhtml:link /g)).toHaveLength(LANGUAGES.length + 1);
    expect(guideFr).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/guide"/>`);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it('lists each image page with its date and its picture, escaped', () => {
    const xml = imagesSitemapXml('https://a.example/?x=1&y=2', [
      { uuid: '0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01', created_at: new Date('2026-11-27T08:00:00.123Z') },
    ]);
    expect(xml).toContain(
      '<loc>https://a.example/?x=1&amp;y=2/image/0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01</loc>',
    );
    expect(xml).toContain('<lastmod>2026-11-27T08:00:00+00:00</lastmod>');
    expect(xml).toContain(
      '<image:loc>https://a.example/?x=1&amp;y=2/images/0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01.webp</image:loc>',
    );
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });
});

/** A fake store of `count` listed images, and the app that serves their site map, 2 images a file. */
function sitemapApp(count: { value: number }) {
  const clock = { now: 1_000_000 };
  let counts = 0;
  const images = {
    countListed: () => {
      counts += 1;
      return Promise.resolve(count.value);
    },
    listedPage: (skip: number, size: number) =>
      Promise.resolve(
        Array.from({ length: Math.max(0, Math.min(size, count.value - skip)) }, (_, index) => ({
          uuid: `00000000-0000-4000-8000-${String(skip + index).padStart(12, '0')}`,
          created_at: new Date('2026-01-01T00:00:00Z'),
        })),
      ),
  };
  const app = Fastify();
  registerSitemap(app, { images, site: SITE, perFile: 2, now: () => clock.now });
  return { app, clock, counts: () => counts };
}

const uuidsOf = (xml: string) => [...xml.matchAll(/\/image\/([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('registerSitemap', () => {
  it('serves the index and each file as XML for an hour, with an ETag', async () => {
    const { app } = sitemapApp({ value: 5 });
    const index = await app.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toBe('public, max-age=3600');
    expect(index.body.match(/sitemap-images-\d+\.xml/g)).toEqual([
      'sitemap-images-1.xml',
      'sitemap-images-2.xml',
      'sitemap-images-3.xml',
    ]);
    const again = await app.inject({
      url: '/sitemap.xml',
      headers: { 'if-none-match': String(index.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await app.inject('/sitemap-pages.xml')).statusCode).toBe(200);
  });

  it('pages the images 2 a file, the last one short, and answers 404 past the end or for a bad number', async () => {
    const { app } = sitemapApp({ value: 5 });
    expect(uuidsOf((await app.inject('/sitemap-images-1.xml')).body)).toEqual([
      '00000000-0000-4000-8000-000000000000',
      '00000000-0000-4000-8000-000000000001',
    ]);
    expect(uuidsOf((await app.inject('/sitemap-images-3.xml')).body)).toEqual([
      '00000000-0000-4000-8000-000000000004',
    ]);
    for (const file of ['4', '0', '01', '-1', '1e1', 'x']) {
      const response = await app.inject(`/sitemap-images-${file}.xml`);
      expect(response.statusCode, file).toBe(404);
      expect(response.json()).toEqual({
        detail: { code: 'not_found', data: { path: `/sitemap-images-${file}.xml` } },
      });
    }
  });

  it('counts the images once for a while, and again when a file past the end is asked for after a minute', async () => {
    const count = { value: 2 };
    const { app, clock, counts } = sitemapApp(count);
    await app.inject('/sitemap.xml');
    count.value = 3;
    expect((await app.inject('/sitemap-images-2.xml')).statusCode).toBe(404);
    expect(counts()).toBe(1);
    clock.now += RECOUNT_MS + 1;
    expect((await app.inject('/sitemap-images-2.xml')).statusCode).toBe(200);
    expect(counts()).toBe(2);
    await app.inject('/sitemap.xml');
    expect(counts()).toBe(2);
    clock.now += COUNT_TTL_MS + 1;
    await app.inject('/sitemap.xml');
    expect(counts()).toBe(3);
  });
});
