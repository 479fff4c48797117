import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';

/**
 * The built web app is served for every non-API path, so that the client router renders deep links.
 * A path the router does not know gets its 404 page, and the server says so too: status 404 with the
 * same HTML (bots stop indexing it; the web app still renders "not found"). Known routes stay 200;
 * /image/{uuid} keeps its sharing page, the generic one for a private or unknown image alike.
 */
const INDEX_HTML =
  '<!doctype html><html><head><title>Mirage</title></head><body><div id="root"></div></body></html>';

let t: TestContext;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mirage-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, deps: { serveWeb: true } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

describe('status of web app pages', () => {
  it.each([
    '/',
    '/home',
    '/explore',
    '/Explore/',
    '/collection',
    '/creations',
    '/create',
    '/tweak',
    '/settings',
    '/account/signin',
    '/account/signup',
    '/account/reset?token=abc',
    '/oauth?code=x&provider=google',
    '/gallery/alice-3',
    '/profile/alice-3',
    '/profile/3/alice',
    '/leaderboard',
    '/tickets',
    '/guide#seed',
    '/about',
    '/daily-tasks',
    '/crypto-payment/success',
    '/ai-hentai-generator',
    '/ai-realistic-generator',
  ])('answers 200 with the web app for the known route %s', async (url) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  it.each([
    '/404',
    '/nope',
    '/explore/more',
    '/gallery',
    '/gallery/alice-3/extra',
    '/image',
    '/image/a/b',
    '//explore',
  ])('answers 404 with the web app (its not-found page) for the unknown path %s', async (url) => {
    const response = await page(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  it('answers a plain 404, not the web app, for a file it does not have (spa-delivery.test.ts)', async () => {
    const response = await page('/assets/missing-chunk.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
  });

  it('answers 404 to HEAD of an unknown path too, and 200 to HEAD of a known one', async () => {
    expect((await page('/nope', 'HEAD')).statusCode).toBe(404);
    expect((await page('/explore', 'HEAD')).statusCode).toBe(200);
  });

  it('keeps the catalogue shape for unknown API paths', async () => {
    const response = await page('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ detail: { code: 'not_found' } });
  });

  it('serves /image/{uuid} the generic page for a private image, exactly as for an unknown one', async () => {
    const owner = await signedIn(t);
    const hidden = await addImage(t, owner.id, { prompt: 'a private garden', is_private: true });
    const missing = await page(`/image/${randomUUID()}`);
    const private_ = await page(`/image/${hidden.uuid}`);
    expect([missing.statusCode, private_.statusCode]).toEqual([200, 200]);
    expect(private_.body).toBe(missing.body);
    expect(private_.body).not.toContain('private garden');
  });

  it('serves modifier previews at /image/modifiers/, not the web app', async () => {
    const response = await page('/image/modifiers/golden_hour.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
  });
});
