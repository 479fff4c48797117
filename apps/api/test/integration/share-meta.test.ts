import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_SCREEN_SCRIPT_ID } from '@mirage/domain';
import { TRAINED_ALGORITHMIC_MEDIA } from '../../src/features/image/marking/xmp.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm, enqueuePaidTask, pngOf } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';
import { withoutPageHead } from '../page-head.ts';
import { exiftoolXmp } from '../provenance-readers.ts';

/**
 * Sharing metadata of /image/{uuid} (docs/product/image-viewer.md#sharing): a public image's page carries its
 * title, description, Open Graph and Twitter card tags with a 1200x630 social image; a private or unknown
 * image gets the generic page, and its social image does not exist (invariant 4).
 */
const GENERIC_TITLE = 'Mirage';
const GENERIC_DESCRIPTION = 'Mirage is an AI image generator for adults, with anime and realistic styles.';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="${GENERIC_DESCRIPTION}"
    />
    <title>${GENERIC_TITLE}</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let t: TestContext;
let base: string;
let dist: string;
let token: string;
let owner: Client;
let ownerId: number;

/** A finished image made through the worker protocol, as the preview worker does. */
async function makeImage(prompt: string, colour = { r: 40, g: 60, b: 120 }): Promise<string> {
  const task = await enqueuePaidTask(t, ownerId, { job: { prompt, width: 400, height: 560 } });
  const lease = { engine: 'preview', max_pixels: 10_000_000, job_types: ['txt2img'], wait_seconds: 0 };
  await fetch(`${base}/api/worker/lease`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(lease),
  });
  const response = await fetch(`${base}/api/worker/jobs/${task.id}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: completeForm(await pngOf(400, 560, colour)),
  });
  return ((await response.json()) as { image_uuid: string }).image_uuid;
}

/**
 * A page without its first screen (apps/api/src/http/first-screen.ts): the answers and the picture's
 * preload (the test build has no chunks to preload).
 */
const withoutFirstScreen = (html: string) =>
  html
    .replace(
      new RegExp(`<script type="application/json" id="${FIRST_SCREEN_SCRIPT_ID}">[^<]*</script>\\n`),
      '',
    )
    .replace(/<link rel="preload" as="image" fetchpriority="high" href="[^"]*">\n/g, '');

const page = (url: string, client?: Client) =>
  t.app.inject({ method: 'GET', url, headers: client ? { cookie: client.cookieHeader() } : {} });

const metaContent = (html: string, attribute: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

const setPrivate = (uuid: string, value: boolean) =>
  t.database.db.updateTable('image').set({ is_private: value }).where('uuid', '=', uuid).execute();

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mirage-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, deps: { serveWeb: true } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await t.services.workerAuth.issueToken('share-worker');
  owner = new Client(t.app);
  const created = await owner.post('/api/user/create', newAccount());
  ownerId = (created.body.user as { id: number }).id;
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('sharing metadata of a public image', () => {
  let uuid: string;
  beforeAll(async () => {
    uuid = await makeImage('a lighthouse at dusk, warm window light, crashing waves, dramatic sky');
  });

  it('injects title, description, Open Graph and Twitter card tags into index.html', async () => {
    const response = await page(`/image/${uuid}?from=explore&seed=0.5`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain(
      '<title>a lighthouse at dusk, warm window light, crashing waves, dramatic sky · Mirage</title>',
    );
    // One description, the image's.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'name', 'description')).toBe(
      'a lighthouse at dusk, warm window light, crashing waves, dramatic sky — an AI-generated image made with Mirage.',
    );
    expect(metaContent(html, 'property', 'og:title')).toContain('a lighthouse at dusk');
    expect(metaContent(html, 'property', 'og:description')).toContain('a lighthouse at dusk');
    // The visible disclosure travels with every share (issue 18).
    for (const [kind, key] of [
      ['property', 'og:description'],
      ['name', 'twitter:description'],
    ] as const) {
      expect(metaContent(html, kind, key)).toContain('an AI-generated image');
    }
    const image = metaContent(html, 'property', 'og:image') ?? '';
    expect(image).toMatch(new RegExp(`^https?://[^/]+/images/${uuid}-social\\.jpg$`));
    expect(metaContent(html, 'property', 'og:url')).toMatch(new RegExp(`^https?://[^/]+/image/${uuid}$`));
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'property', 'og:image:height')).toBe('630');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
    // Still the app: the body is untouched.
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(GENERIC_DESCRIPTION);
  });

  it('serves the social image: a 1200x630 JPEG cover-cropped from the stored WebP, cached', async () => {
    const first = await page(`/images/${uuid}-social.jpg`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(first.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    // The colour of the source survives the crop (a flat test image).
    const { dominant } = await sharp(first.rawPayload).stats();
    expect(Math.abs(dominant.b - 120)).toBeLessThan(24);
    const again = await page(`/images/${uuid}-social.jpg`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Marked as AI-generated like the image's other files (issue 18), read back by exiftool.
    expect(await exiftoolXmp(first.rawPayload, 'jpg')).toMatchObject({
      'XMP-iptcExt:DigitalSourceType': TRAINED_ALGORITHMIC_MEDIA,
      'XMP-xmp:CreatorTool': 'Mirage',
      'XMP-xmpRights:WebStatement': `${t.config.PUBLIC_URL}/image/${uuid}`,
    });
  });

  it('cuts a long prompt to its first words and escapes HTML in it', async () => {
    const long = `a "quiet" <harbour> & boats at dawn, ${'gentle mist over calm water, '.repeat(12)}`;
    const other = await makeImage(long, { r: 200, g: 120, b: 40 });
    const html = (await page(`/image/${other}`)).body;
    const description = metaContent(html, 'name', 'description') ?? '';
    expect(description.startsWith('a &quot;quiet&quot; &lt;harbour&gt; &amp; boats at dawn')).toBe(true);
    expect(description).toContain('…');
    expect(description.length).toBeLessThan(220);
    expect(html).not.toContain('<harbour>');
    expect(html).toMatch(
      /<title>a &quot;quiet&quot; &lt;harbour&gt; &amp; boats at dawn[^<]*… · Mirage<\/title>/,
    );
  });
});

describe('private and unknown images', () => {
  it('gives a private image the generic page, to its owner too, and no social image', async () => {
    const uuid = await makeImage('a secret garden at night');
    // Rendered and cached while public...
    expect((await page(`/images/${uuid}-social.jpg`)).statusCode).toBe(200);
    await setPrivate(uuid, true);
    // The page of an image nobody may see: the same for any such address, and not indexed.
    const generic = withoutFirstScreen((await page('/image/00000000-0000-4000-8000-000000000000')).body);
    expect(generic).toContain('<meta name="robots" content="noindex" data-route-meta>');
    for (const viewer of [undefined, owner]) {
      const response = await page(`/image/${uuid}`, viewer);
      const html = response.body;
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(withoutFirstScreen(html)).toBe(generic);
      expect(withoutPageHead(withoutFirstScreen(html))).toBe(withoutPageHead(INDEX_HTML));
      // The owner's page may hold the image's info for the viewer (their own, in a private page); the
      // sharing metadata never does, and a visitor's page holds nothing of it.
      expect(withoutFirstScreen(html)).not.toContain('secret garden');
      if (viewer === undefined) expect(html).not.toContain('secret garden');
      // ...and refused at once once private, cache or not.
      const social = await page(`/images/${uuid}-social.jpg`, viewer);
      expect(social.statusCode).toBe(404);
      expect(JSON.parse(social.body)).toEqual({ detail: { code: 'image_not_found' } });
    }
    await setPrivate(uuid, false);
    expect((await page(`/images/${uuid}-social.jpg`)).statusCode).toBe(200);
  });

  it('gives an unknown, deleted or malformed address the generic page', async () => {
    const uuid = await makeImage('a mountain hut in the snow');
    await t.database.db.deleteFrom('image').where('uuid', '=', uuid).execute();
    const generic = withoutFirstScreen((await page('/image/00000000-0000-4000-8000-000000000000')).body);
    for (const url of [
      `/image/${uuid}`,
      '/image/00000000-0000-0000-0000-000000000000',
      '/image/not-a-uuid',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(withoutFirstScreen(response.body), url).toBe(generic);
    }
    expect(generic).not.toContain('og:image');
    // Another page has its own head, and no image card either.
    const explore = withoutFirstScreen((await page('/explore')).body);
    expect(withoutPageHead(explore)).toBe(withoutPageHead(INDEX_HTML));
    expect(explore).not.toContain('og:image');
    // No uuid at all is no page of the web app: the same HTML, with the status of a missing page.
    const bare = await page('/image/');
    expect(bare.statusCode).toBe(404);
    expect(withoutPageHead(bare.body)).toBe(withoutPageHead(INDEX_HTML));
    for (const file of [
      `${uuid}-social.jpg`,
      '00000000-0000-0000-0000-000000000000-social.jpg',
      'nope-social.jpg',
    ]) {
      expect((await page(`/images/${file}`)).statusCode, file).toBe(404);
    }
  });

  it('leaves the other image files alone', async () => {
    const uuid = await makeImage('a field of sunflowers');
    const webp = await page(`/images/${uuid}.webp`);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await page(`/images/${uuid}-min.webp`)).statusCode).toBe(200);
  });
});
