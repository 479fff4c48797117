import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitemapRepository } from '../../src/features/image/sitemap-repository.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';

/**
 * The site map (docs/product/routes.md#search-engines) on the real database: the index, the public pages
 * in their 8 language versions, and the image files, which list only what the public gallery shows of
 * authors in good standing — never a private image, never one of a closed or muted account — oldest first,
 * in pages that neither skip nor repeat an image.
 */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Mirage</title></head><body><div id="root"></div></body></html>';

let t: TestContext;
let dist: string;
let origin: string;
const image = { public: '', private: '', closed: '', muted: '' };

const get = (url: string) => t.app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mirage-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, deps: { serveWeb: true } });
  origin = new URL(t.config.PUBLIC_URL).origin;
  // Made before the first request for the site map: it counts the images once for a while.
  const author = await signedIn(t);
  image.public = (await addImage(t, author.id, { prompt: 'a lighthouse at dusk' })).uuid;
  image.private = (await addImage(t, author.id, { prompt: 'a secret garden', is_private: true })).uuid;
  const closed = await signedIn(t);
  image.closed = (await addImage(t, closed.id)).uuid;
  await t.database.db.updateTable('app_user').set({ is_active: false }).where('id', '=', closed.id).execute();
  const muted = await signedIn(t);
  image.muted = (await addImage(t, muted.id)).uuid;
  await t.database.db
    .updateTable('app_user')
    .set({ muted_at: new Date() })
    .where('id', '=', muted.id)
    .execute();
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /sitemap.xml and its files', () => {
  it('indexes the pages file and the image files, as XML cached for an hour', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(locs(response.body)).toEqual([`${origin}/sitemap-pages.xml`, `${origin}/sitemap-images-1.xml`]);
    expect((await get('/robots.txt')).body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('lists the public pages in every language, each with its hreflang alternates', async () => {
    const xml = (await get('/sitemap-pages.xml')).body;
    const pages = locs(xml);
    expect(pages).toContain(`${origin}/`);
    expect(pages).toContain(`${origin}/explore?lang=ja`);
    expect(pages).toContain(`${origin}/legal/dmca?lang=ru`);
    expect(pages.some((page) => /\/(settings|home|collection|oauth)\b/.test(page))).toBe(false);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${origin}/tickets?lang=de"/>`);
  });

  it('lists a public image with its picture, and never a private one or one of a closed or muted account', async () => {
    const response = await get('/sitemap-images-1.xml');
    expect(response.statusCode).toBe(200);
    const xml = response.body;
    expect(xml).toContain(`<loc>${origin}/image/${image.public}</loc>`);
    expect(xml).toContain(`<image:loc>${origin}/images/${image.public}.webp</image:loc>`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00<\/lastmod>/);
    for (const uuid of [image.private, image.closed, image.muted]) expect(xml).not.toContain(uuid);
    // Nothing of the prompts: the file names pages and pictures only.
    expect(xml).not.toContain('lighthouse');
    expect((await get('/sitemap-images-2.xml')).statusCode).toBe(404);
  });
});

describe('the site map’s repository', () => {
  it('pages the listed images oldest first, without skipping or repeating one', async () => {
    const author = await signedIn(t);
    for (let index = 0; index < 5; index++) await addImage(t, author.id);
    const repository = createSitemapRepository(t.database.db);
    const count = await repository.countListed();
    const all = await repository.listedPage(0, count + 10);
    expect(all).toHaveLength(count);
    const pages = [];
    for (let skip = 0; skip < count; skip += 2) pages.push(...(await repository.listedPage(skip, 2)));
    expect(pages.map((row) => row.uuid)).toEqual(all.map((row) => row.uuid));
    expect(new Set(pages.map((row) => row.uuid)).size).toBe(count);
    // Oldest first: ids ascending.
    const ids = await t.database.db
      .selectFrom('image')
      .select(['uuid', 'id'])
      .where(
        'uuid',
        'in',
        all.map((row) => row.uuid),
      )
      .execute();
    const idOf = new Map(ids.map((row) => [row.uuid, Number(row.id)]));
    const order = all.map((row) => idOf.get(row.uuid)!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(await repository.listedPage(count, 2)).toEqual([]);
  });

  it('finds one listed image with its author, and none that is private or whose author is closed', async () => {
    const repository = createSitemapRepository(t.database.db);
    expect(await repository.listedImage(image.public)).toMatchObject({
      uuid: image.public,
      prompt: 'a lighthouse at dusk',
    });
    for (const uuid of [image.private, image.closed, image.muted])
      expect(await repository.listedImage(uuid)).toBeUndefined();
  });
});
