import { OPERATIONS, pathOf, type OperationId } from '@mirage/contract/operations';
import {
  DEFAULT_RENDER,
  EMPTY_SEARCH_BODY,
  FIRST_SCREEN_SCRIPT_ID,
  firstScreenKey,
  firstScreenScriptText,
  GALLERY_PAGE_SIZE,
  GUEST_SAMPLE_COUNT,
  randomShuffleSeed,
  SPA_PAGES,
  STYLE_PREVIEWS_IN_VIEW,
  type Language,
  type SpaRoute,
  type SpaRouteMatch,
} from '@mirage/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from './html.ts';
import type { AssetTable, PageAssets } from './page-assets.ts';
import { requestLanguages } from './seo.ts';
import { SESSION_COOKIE } from './session-cookies.ts';

/**
 * The first screen of a route, in the page the server sends (issue 20, "the main image first"):
 *   - the route's page chunks and the visitor's language, as preload links (./page-assets.ts);
 *   - the API answers the first screen shows (packages/domain/src/first-screen.ts), asked of this same API
 *     with the visitor's own cookies, so they are exactly what the app would have been answered;
 *   - the picture that will be the largest on screen (the viewer's image, a board's first cards), as an
 *     image preload with high priority, so it downloads while the scripts do.
 * What takes longer than FIRST_SCREEN_DEADLINE_MS is left out: the app then asks for it as before.
 */

/** How long the page waits for the first screen's answers; a slow one is left to the app. */
export const FIRST_SCREEN_DEADLINE_MS = 400;
/** Gallery cards whose thumbnails are preloaded: the first row on a phone (two columns). */
export const PRELOADED_CARDS = 2;

export interface FirstScreenCall {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

function request(id: OperationId, params: Record<string, string> = {}, query?: Record<string, string>) {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const method = OPERATIONS[id].method as FirstScreenCall['method'];
  return { method, url: `${pathOf(id, params)}${search}` };
}

/** Page 0 of everyone's board with nothing searched, as the web's board asks for it (features/gallery/api.ts). */
function boardPage(size: number, shuffle: number | null): FirstScreenCall {
  const query = { page: '0', size: String(size), author_id: '0', favorite: 'false', offset: '0' };
  return { ...request('searchGallery', {}, query), body: { ...EMPTY_SEARCH_BODY, shuffle } };
}

type Params = Record<string, string>;

/** Who the page is for: signed in or not, and the shuffle seed drawn for their boards on this page. */
export interface Visit {
  signedIn: boolean;
  shuffleSeed: number;
}

/**
 * The gallery's first page: a guest's samples, newest first; a signed-in visitor's board shuffled (the
 * default) with the seed drawn for this page, which the page hands to the app (FirstScreenData.shuffleSeed).
 */
const explorePage = (visit: Visit) =>
  visit.signedIn ? boardPage(GALLERY_PAGE_SIZE, visit.shuffleSeed) : boardPage(GUEST_SAMPLE_COUNT, null);

const imageInfo = (params: Params) => request('getImageInfo', { uuid: params.uuid ?? '' });

/**
 * The requests the first screen of a route sends (what the app asks for before it can show its main
 * content; an e2e test checks that loading these pages sends none of them), for the routes whose main
 * content is data. The other pages show their frame and text first. Only reads; only what the visitor may
 * see, since they are asked with the visitor's cookies.
 */
const ROUTE_CALLS: Partial<Record<SpaRoute, (params: Params, visit: Visit) => FirstScreenCall[]>> = {
  // A visitor who chose "newest" for the board (kept in the browser) asks for another search: the app
  // then sends its own request, as without a first screen.
  '/explore': (_, visit) => [explorePage(visit)],
  '/image/:uuid': (params) => [imageInfo(params), request('listStyles')],
  '/create': () => [request('listStyles'), request('listModifiers'), request('listModerationRules')],
  '/account/signin': () => [request('listOAuthProviders')],
  '/account/signup': () => [request('listOAuthProviders')],
};

export function firstScreenCalls(match: SpaRouteMatch, visit: Visit): FirstScreenCall[] {
  const own = ROUTE_CALLS[match.route]?.(match.params, visit) ?? [];
  return visit.signedIn ? [request('getMe'), ...own] : own;
}

/** The objects of a list that pass `include`, at most `count`, by one of their fields. */
function fieldOf(
  list: unknown,
  field: string,
  count: number,
  include: (item: Record<string, unknown>) => boolean,
) {
  return (Array.isArray(list) ? (list as unknown[]) : [])
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .filter(include)
    .slice(0, count)
    .map((item) => item[field]);
}

type AnswerOfCall = (call: FirstScreenCall) => unknown;

/** The largest pictures of a route's first screen, from its answers. */
const ROUTE_IMAGES: Partial<
  Record<SpaRoute, (params: Params, answer: AnswerOfCall, visit: Visit) => unknown[]>
> = {
  '/image/:uuid': (params, answer) => {
    const info = answer(imageInfo(params)) as { thumbnail_src?: unknown; is_private?: unknown } | undefined;
    // An owner's private image on the files host needs the read token the app adds: not preloaded there.
    return [info?.is_private === true && onFilesHost(info.thumbnail_src) ? undefined : info?.thumbnail_src];
  },
  '/explore': (_, answer, visit) => {
    const page = answer(explorePage(visit)) as { items?: unknown } | undefined;
    return fieldOf(page?.items, 'thumbnail_src', PRELOADED_CARDS, () => true);
  },
  // The previews in view of the render a new visitor sees (features/generator/StylePicker.tsx).
  '/create': (_, answer) =>
    fieldOf(
      answer(request('listStyles')),
      'preview',
      STYLE_PREVIEWS_IN_VIEW,
      (style) => style.txt2img === true && style.render === DEFAULT_RENDER,
    ),
};

/** Whether an image address is absolute, i.e. on the files host (FILES_PUBLIC_URL) rather than the site. */
const onFilesHost = (src: unknown) => typeof src === 'string' && /^https?:\/\//.test(src);

const SITE_FILE = /^\/(images|api\/catalogue\/preview)\/[A-Za-z0-9._/-]+$/;

/**
 * The largest pictures of a route's first screen, from its answers: preloaded with high priority. Only the
 * site's own files, as the API names them: on the site (`/images/…`, `/api/catalogue/preview/…`), or on
 * the files host `filesHost` (FILES_PUBLIC_URL) when one is set. Anything else is not preloaded.
 */
export function firstScreenImages(
  match: SpaRouteMatch,
  answers: Record<string, unknown>,
  visit: Visit,
  filesHost?: string,
): string[] {
  const answer: AnswerOfCall = (call) => answers[firstScreenKey(call.method, call.url, call.body)];
  const images = ROUTE_IMAGES[match.route]?.(match.params, answer, visit) ?? [];
  const hostFiles = filesHost ? `${filesHost}/images/` : null;
  return images.filter((src): src is string => {
    if (typeof src !== 'string') return false;
    if (hostFiles && src.startsWith(hostFiles)) return /^[A-Za-z0-9._-]+$/.test(src.slice(hostFiles.length));
    return SITE_FILE.test(src);
  });
}

export interface FirstScreenParts {
  /** The visitor's language (the app's choice: ?lang=, cookie, then the browser's): the page's `lang` from the start. */
  language?: Language;
  assets: PageAssets;
  images: string[];
  answers: Record<string, unknown>;
  /** The boards' shuffle seed an embedded answer was asked with, for the app to take as its own. */
  shuffleSeed?: number;
}

/** The page with its first screen: preload links at the end of the head, the answers at the end of the body. */
export function withFirstScreen(html: string, parts: FirstScreenParts): string {
  const attr = escapeHtml;
  const links = [
    // Preloaded, not applied: a stylesheet in the head holds the first paint (the boot frame of index.html)
    // until it arrives. The app applies each when it loads the chunk that needs it (Vite's preload helper
    // adds the stylesheet and waits for it), from the browser's cache by then.
    ...parts.assets.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${attr(href)}">`),
    ...parts.images.map(
      (href) => `<link rel="preload" as="image" fetchpriority="high" href="${attr(href)}">`,
    ),
    ...parts.assets.modules.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`),
  ];
  let page = parts.language ? html.replace(/<html lang="[^"]*"/, `<html lang="${parts.language}"`) : html;
  const headEnd = page.lastIndexOf('</head>');
  if (links.length > 0 && headEnd !== -1) {
    page = `${page.slice(0, headEnd)}${links.join('\n')}\n${page.slice(headEnd)}`;
  }
  const bodyEnd = page.lastIndexOf('</body>');
  if (Object.keys(parts.answers).length > 0 && bodyEnd !== -1) {
    const text = firstScreenScriptText({ answers: parts.answers, shuffleSeed: parts.shuffleSeed });
    const script = `<script type="application/json" id="${FIRST_SCREEN_SCRIPT_ID}">${text}</script>\n`;
    page = `${page.slice(0, bodyEnd)}${script}${page.slice(bodyEnd)}`;
  }
  return page;
}

/** Settles with `work`'s value, or with `fallback` once `ms` have passed. */
function withDeadline<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

export interface FirstScreen {
  /** The page of `match` for this request, with what its first screen needs; `personal` when it holds the visitor's data. */
  build(
    request: FastifyRequest,
    match: SpaRouteMatch,
    html: string,
  ): Promise<{ html: string; personal: boolean }>;
}

/**
 * Builds pages with their first screen. `siteOrigin` is the origin the site's pages send (PUBLIC_URL's):
 * a search is a POST, which the origin check (./origin.ts) lets through only from the site itself.
 * `filesHost`: FILES_PUBLIC_URL, whose image files may be preloaded too.
 */
export function firstScreen(
  app: FastifyInstance,
  assets: AssetTable,
  siteOrigin: string,
  filesHost?: string,
): FirstScreen {
  async function answerOf(request: FastifyRequest, call: FirstScreenCall): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of ['cookie', 'accept-language', 'user-agent'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers.origin = siteOrigin;
    }
    const response = await app.inject({
      method: call.method,
      url: call.url,
      headers,
      payload: call.body === undefined ? undefined : JSON.stringify(call.body),
      // The visitor's address: rate limits count these requests as the visitor's, as the app's own would be.
      remoteAddress: request.ip,
    });
    // Only a plain success: an error, or an answer that sets a cookie, is for the app to receive itself.
    if (response.statusCode !== 200 || response.headers['set-cookie'] !== undefined) return undefined;
    if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
    return response.json();
  }

  return {
    async build(request, match, html) {
      const page = SPA_PAGES[match.route];
      if (page === null) return { html, personal: false };
      const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
      const visit: Visit = { signedIn, shuffleSeed: randomShuffleSeed() };
      const { language } = requestLanguages(request);
      const calls = firstScreenCalls(match, visit);
      const answered = await Promise.all(
        calls.map((call) => withDeadline(answerOf(request, call), FIRST_SCREEN_DEADLINE_MS, undefined)),
      );
      const answers: Record<string, unknown> = {};
      let seeded = false;
      calls.forEach((call, index) => {
        if (answered[index] === undefined) return;
        answers[firstScreenKey(call.method, call.url, call.body)] = answered[index];
        seeded ||= (call.body as { shuffle?: unknown } | undefined)?.shuffle === visit.shuffleSeed;
      });
      const own = assets.page(page);
      const messages = assets.language(language);
      const parts: FirstScreenParts = {
        language,
        assets: { modules: [...new Set([...messages.modules, ...own.modules])], styles: own.styles },
        images: firstScreenImages(match, answers, visit, filesHost),
        answers,
        ...(seeded ? { shuffleSeed: visit.shuffleSeed } : {}),
      };
      return { html: withFirstScreen(html, parts), personal: signedIn };
    },
  };
}
