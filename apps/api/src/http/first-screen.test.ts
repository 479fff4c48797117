import { EMPTY_SEARCH_BODY, FIRST_SCREEN_SCRIPT_ID, firstScreenKey, spaRouteOf } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { firstScreenCalls, firstScreenImages, withFirstScreen } from './first-screen.ts';

const route = (path: string) => {
  const match = spaRouteOf(path);
  if (!match) throw new Error(`no route at ${path}`);
  return match;
};
const uuid = '0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01';
const guest = { signedIn: false, shuffleSeed: 0.25 };
const member = { signedIn: true, shuffleSeed: -0.5 };

describe('firstScreenCalls (what each page asks for first)', () => {
  it("asks for the guest samples on the gallery, newest first, and a member's first page shuffled with the page's seed", () => {
    expect(firstScreenCalls(route('/explore'), guest)).toEqual([
      {
        method: 'POST',
        url: '/api/gallery/search?page=0&size=24&author_id=0&favorite=false&offset=0',
        body: EMPTY_SEARCH_BODY,
      },
    ]);
    expect(firstScreenCalls(route('/explore'), member)).toEqual([
      { method: 'GET', url: '/api/user/me' },
      {
        method: 'POST',
        url: '/api/gallery/search?page=0&size=12&author_id=0&favorite=false&offset=0',
        body: { ...EMPTY_SEARCH_BODY, shuffle: -0.5 },
      },
    ]);
  });

  it("asks for the viewer's image by its encoded uuid, and the catalogue on /create", () => {
    expect(firstScreenCalls(route(`/image/${uuid}`), guest)).toEqual([
      { method: 'GET', url: `/api/image/${uuid}/info` },
      { method: 'GET', url: '/api/config/styles' },
    ]);
    expect(firstScreenCalls(route('/image/a%2Fb'), guest)[0]).toEqual({
      method: 'GET',
      url: '/api/image/a%2Fb/info',
    });
    expect(firstScreenCalls(route('/create'), guest).map((call) => call.url)).toEqual([
      '/api/config/styles',
      '/api/settings/modifiers',
      '/api/config/moderation_rules',
    ]);
  });

  it('asks for nothing on a page without a first screen', () => {
    expect(firstScreenCalls(route('/collection'), guest)).toEqual([]);
    expect(firstScreenCalls(route('/about'), guest)).toEqual([]);
    expect(firstScreenCalls(route('/about'), member)).toEqual([{ method: 'GET', url: '/api/user/me' }]);
  });

  it('only ever reads', () => {
    for (const path of ['/', '/explore', '/collection', `/image/${uuid}`, '/create', '/account/signin']) {
      for (const call of firstScreenCalls(route(path), member)) {
        expect(call.method === 'GET' || call.url.startsWith('/api/gallery/search?')).toBe(true);
      }
    }
  });
});

describe('firstScreenImages (the pictures preloaded)', () => {
  const styleOf = (id: number, render: string, txt2img = true) => ({
    id,
    render,
    txt2img,
    preview: `/api/catalogue/preview/style/s${id}.webp`,
  });

  it("takes the viewer's thumbnail", () => {
    const answers = {
      [firstScreenKey('GET', `/api/image/${uuid}/info`)]: { thumbnail_src: `/images/${uuid}-min.webp` },
      [firstScreenKey('GET', '/api/config/styles')]: [styleOf(1, 'hentai')],
    };
    expect(firstScreenImages(route(`/image/${uuid}`), answers, guest)).toEqual([`/images/${uuid}-min.webp`]);
  });

  it("takes the guest board's first two cards", () => {
    const [samples] = firstScreenCalls(route('/explore'), guest);
    const answers = {
      [firstScreenKey(samples!.method, samples!.url, samples!.body)]: {
        items: [1, 2, 3].map((n) => ({ thumbnail_src: `/images/card-${n}-min.webp` })),
      },
    };
    expect(firstScreenImages(route('/explore'), answers, guest)).toEqual([
      '/images/card-1-min.webp',
      '/images/card-2-min.webp',
    ]);
  });

  it("takes a member's first two cards from the board asked with the page's seed", () => {
    const [, board] = firstScreenCalls(route('/explore'), member);
    const answers = {
      [firstScreenKey(board!.method, board!.url, board!.body)]: {
        items: [4, 5, 6].map((n) => ({ thumbnail_src: `/images/card-${n}-min.webp` })),
      },
    };
    expect(firstScreenImages(route('/explore'), answers, member)).toEqual([
      '/images/card-4-min.webp',
      '/images/card-5-min.webp',
    ]);
    expect(firstScreenImages(route('/explore'), answers, { ...member, shuffleSeed: 0.5 })).toEqual([]);
  });

  it("takes the first six previews of the generator's default render, txt2img styles only", () => {
    const styles = [
      styleOf(1, 'realistic'),
      styleOf(2, 'hentai', false),
      ...[3, 4, 5, 6, 7, 8, 9].map((id) => styleOf(id, 'hentai')),
    ];
    const answers = { [firstScreenKey('GET', '/api/config/styles')]: styles };
    expect(firstScreenImages(route('/create'), answers, guest)).toEqual(
      [3, 4, 5, 6, 7, 8].map((id) => `/api/catalogue/preview/style/s${id}.webp`),
    );
  });

  it("preloads nothing but the site's own files, and nothing for an answer it does not know", () => {
    const answers = {
      [firstScreenKey('GET', `/api/image/${uuid}/info`)]: {
        thumbnail_src: 'https://elsewhere.example/x.webp',
      },
    };
    expect(firstScreenImages(route(`/image/${uuid}`), answers, guest)).toEqual([]);
    const quoted = {
      [firstScreenKey('GET', `/api/image/${uuid}/info`)]: { thumbnail_src: '/images/a"b.webp' },
    };
    expect(firstScreenImages(route(`/image/${uuid}`), quoted, guest)).toEqual([]);
    expect(firstScreenImages(route('/explore'), {}, guest)).toEqual([]);
    expect(firstScreenImages(route('/about'), answers, guest)).toEqual([]);
  });
});

describe('firstScreenImages with a files host (FILES_PUBLIC_URL)', () => {
  const host = 'https://files.mirage.test';
  const info = (answer: Record<string, unknown>) => ({
    [firstScreenKey('GET', `/api/image/${uuid}/info`)]: answer,
  });

  it("preloads a public image's thumbnail from the files host, and nothing from any other host", () => {
    const onHost = info({ thumbnail_src: `${host}/images/${uuid}-min.webp`, is_private: false });
    expect(firstScreenImages(route(`/image/${uuid}`), onHost, guest, host)).toEqual([
      `${host}/images/${uuid}-min.webp`,
    ]);
    // Without the host configured, or from another host, or outside /images/, nothing.
    expect(firstScreenImages(route(`/image/${uuid}`), onHost, guest)).toEqual([]);
    const elsewhere = info({ thumbnail_src: `https://other.test/images/${uuid}-min.webp` });
    expect(firstScreenImages(route(`/image/${uuid}`), elsewhere, guest, host)).toEqual([]);
    const climbing = info({ thumbnail_src: `${host}/images/../secret/x.webp` });
    expect(firstScreenImages(route(`/image/${uuid}`), climbing, guest, host)).toEqual([]);
  });

  it("leaves an owner's private image on the files host to the app (it needs the read token)", () => {
    const ownPrivate = info({ thumbnail_src: `${host}/images/${uuid}-min.webp`, is_private: true });
    expect(firstScreenImages(route(`/image/${uuid}`), ownPrivate, guest, host)).toEqual([]);
    // On the site itself the session cookie opens it: preloaded as before.
    const onSite = info({ thumbnail_src: `/images/${uuid}-min.webp`, is_private: true });
    expect(firstScreenImages(route(`/image/${uuid}`), onSite, guest, host)).toEqual([
      `/images/${uuid}-min.webp`,
    ]);
  });
});

describe('withFirstScreen (the page with its first screen)', () => {
  const html = '<html><head><title>Mirage</title></head><body><div id="root"></div></body></html>';

  it('puts the preloads at the end of the head and the answers at the end of the body', () => {
    const page = withFirstScreen(html, {
      assets: { modules: ['/assets/ImagePage-f6.js'], styles: ['/assets/ImagePage-f6.css'] },
      images: ['/images/x-min.webp'],
      answers: { 'GET /api/user/me': { username: '</script><script>alert(1)</script>' } },
    });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/ImagePage-f6.css">');
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).toContain('<link rel="preload" as="image" fetchpriority="high" href="/images/x-min.webp">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/ImagePage-f6.js">');
    const script = new RegExp(
      `<div id="root"></div><script type="application/json" id="${FIRST_SCREEN_SCRIPT_ID}">(.*)</script>\\n</body>`,
    ).exec(page);
    expect(script?.[1]).toBeDefined();
    expect(script?.[1]).not.toContain('</script>');
    expect(JSON.parse(script?.[1] ?? '')).toEqual({
      answers: { 'GET /api/user/me': { username: '</script><script>alert(1)</script>' } },
    });
  });

  it("gives the page the visitor's language from the start", () => {
    const page = withFirstScreen('<html lang="en" data-theme="dark"><head></head><body></body></html>', {
      language: 'ja',
      assets: { modules: [], styles: [] },
      images: [],
      answers: {},
    });
    expect(page).toBe('<html lang="ja" data-theme="dark"><head></head><body></body></html>');
  });

  it('leaves a page with nothing to add as it is', () => {
    expect(withFirstScreen(html, { assets: { modules: [], styles: [] }, images: [], answers: {} })).toBe(
      html,
    );
  });
});
