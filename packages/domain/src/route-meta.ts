/**
 * Route meta (spec §3 "Route meta: … title, description, social tags"; docs/product/routes.md#search-engines):
 * for every route of the web app, the i18n keys of its title and description, whether search engines may
 * index it, and its social card. One table for both sides: the web's PageMeta renders it in the browser,
 * the server writes the same tags into the HTML it sends (apps/api/src/http/seo.ts), so a crawler that
 * runs no JavaScript reads what a browser shows. Keys are `namespace:path` of packages/i18n/locales, so
 * every string exists in the 8 languages.
 */
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, pickLanguage, type Language } from './languages.ts';
import { isLegalDoc, LEGAL_DOCS } from './legal/docs.ts';
import type { SpaRoute, SpaRouteMatch } from './routes.ts';

/** An interface string: `namespace:key.path` of packages/i18n/locales/<lang>/<namespace>.json. */
export type MessageKey = `${string}:${string}`;

export interface RouteMeta {
  /** The page's own title; the document title is "<title> · Mirage". May use {{username}} (see metaValues). */
  title: MessageKey;
  /** The meta description, og:description and twitter:description. */
  description: MessageKey;
  /**
   * Kept out of search results: `robots: noindex` as a meta tag and an X-Robots-Tag header, no canonical
   * and no language alternates (a noindex page has no version to prefer), never in the sitemap.
   */
  noindex: boolean;
  /** og:type: a profile page is a `profile`, everything else a `website`. */
  ogType: 'website' | 'profile';
}

const page = (title: MessageKey, description: MessageKey, ogType: RouteMeta['ogType'] = 'website') =>
  ({ title, description, noindex: false, ogType }) satisfies RouteMeta;
const hidden = (title: MessageKey) =>
  ({ title, description: 'pages:seo.default', noindex: true, ogType: 'website' }) satisfies RouteMeta;

/**
 * Not indexed (spec §2): /home, /settings, /oauth, /crypto-payment/…, /404, and the pages that only make
 * sense from a link of one visitor's (/account/reset, /account/verify, /payment/sandbox/…). Also the pages
 * that need an account (/collection, /creations, /tweak, /daily-tasks): a crawler, which has none, would
 * index an empty frame under their names.
 */
export const ROUTE_META: Record<SpaRoute, RouteMeta> = {
  '/': page('landing:meta_title', 'pages:seo.landing'),
  '/home': hidden('landing:meta_title'),
  '/ai-hentai-generator': page('pages:seo.promo_hentai.title', 'pages:seo.promo_hentai.description'),
  '/ai-realistic-generator': page('pages:seo.promo_realistic.title', 'pages:seo.promo_realistic.description'),
  '/explore': page('pages:explore.title', 'pages:seo.explore'),
  '/collection': hidden('gallery:board.collection_title'),
  '/creations': hidden('gallery:board.creations_title'),
  '/account/signin': page('account:signin.meta_title', 'pages:seo.signin'),
  '/account/signup': page('account:signup.meta_title', 'pages:seo.signup'),
  '/account/reset': hidden('account:reset.title'),
  '/account/verify': hidden('account:verify.title'),
  '/settings': hidden('settings:title'),
  '/create': page('generator:title', 'pages:seo.create'),
  '/tweak': hidden('tweak:title'),
  '/leaderboard': page('player:leaderboard.title', 'pages:seo.leaderboard'),
  '/tickets': page('shop:title', 'pages:seo.tickets'),
  '/payment/sandbox/:orderId': hidden('shop:sandbox.title'),
  '/guide': page('guide:meta_title', 'guide:meta_description'),
  '/about': page('pages:about.title', 'pages:seo.about'),
  // {{doc}} is the document's name (see metaValues): one title and description per legal document.
  '/legal/:doc': page('pages:seo.legal.{{doc}}.title', 'pages:seo.legal.{{doc}}.description'),
  // The provenance check (issue 18 §2): anybody asks whether an image was made here.
  '/provenance': page('pages:provenance.title', 'pages:seo.provenance'),
  '/daily-tasks': hidden('player:dailyTasks.title'),
  '/gallery/:slug': page('gallery:board.user_meta_title', 'pages:seo.user_gallery'),
  // A public image's page says what the image is (apps/api/src/features/image/share-meta.ts); this is
  // the page of any other (private, unknown), which is not indexed (the server decides per image).
  '/image/:uuid': page('image:title', 'pages:seo.image'),
  '/profile/:slug': page('player:profile.metaTitle', 'pages:seo.profile', 'profile'),
  // The other order of a profile's address: the app redirects to /profile/{username}-{id}, which is its
  // canonical address (see canonicalPath).
  '/profile/:id/:username': page('player:profile.metaTitle', 'pages:seo.profile', 'profile'),
  '/crypto-payment/:status': hidden('shop:crypto.successTitle'),
  '/oauth': hidden('account:oauth.title'),
  // The moderation console (docs/product/moderation-console.md): staff only, never indexed.
  '/mod': hidden('mod:title'),
};

/** The brand after every page title. */
export const SITE_NAME = 'Mirage';

/** A document title: "<page> · Mirage", the brand alone for a page without a title of its own. */
export function pageTitle(title: string | undefined | null): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** og:locale of each language (language_TERRITORY, as Open Graph writes it). */
export const OG_LOCALES: Record<Language, string> = {
  en: 'en_US',
  fr: 'fr_FR',
  de: 'de_DE',
  es: 'es_ES',
  it: 'it_IT',
  ru: 'ru_RU',
  zh: 'zh_CN',
  ja: 'ja_JP',
};

/** The meta of the not-found page: any path the app has no route for, and /404. */
export const NOT_FOUND_META: RouteMeta = hidden('pages:not_found.meta_title');

/**
 * The meta of a page: its route's, or the not-found page's for a path without a route and for a legal
 * document that does not exist (the server answers both with status 404).
 */
export function routeMetaOf(match: SpaRouteMatch | null): RouteMeta {
  if (!match) return NOT_FOUND_META;
  if (match.route === '/legal/:doc' && !isLegalDoc(match.params.doc)) return NOT_FOUND_META;
  return ROUTE_META[match.route];
}

/**
 * The values a route's strings take: {{username}} from a `username-id` slug (/gallery/…, /profile/…),
 * {{doc}} from a legal document's name. The key itself may hold {{doc}} (see ROUTE_META).
 */
export function metaValues(match: SpaRouteMatch | null): Record<string, string> {
  const params = match?.params ?? {};
  const values: Record<string, string> = {};
  if (params.slug !== undefined) values.username = params.slug.replace(/-\d+$/, '');
  if (params.username !== undefined) values.username = params.username;
  if (params.doc !== undefined) values.doc = params.doc;
  return values;
}

/** A key with its {{name}} placeholders filled (for keys that depend on the route, like a legal doc's). */
export function fillKey(key: MessageKey, values: Record<string, string>): MessageKey {
  return key.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole) as MessageKey;
}

/**
 * The public pages of the site map (sitemap-pages.xml): the indexable pages a visitor reaches without an
 * account and that exist without a parameter (images, galleries and profiles are listed by their own
 * site maps or found through links).
 */
export const SITEMAP_PATHS: readonly string[] = [
  '/',
  '/explore',
  '/create',
  '/tickets',
  '/guide',
  '/about',
  '/provenance',
  '/leaderboard',
  '/ai-hentai-generator',
  '/ai-realistic-generator',
  ...LEGAL_DOCS.map((doc) => `/legal/${doc}`),
];

// ---- Language versions -------------------------------------------------------------------------------

/**
 * `?lang=<code>`: any page in a chosen language. It gives each language version its own address, which
 * the hreflang alternates name, and overrides the language cookie (the web app stores it there as the
 * visitor's choice).
 */
export const LANGUAGE_PARAM = 'lang';

/** The language a query string asks for (`?lang=fr`), or null when it names none of the 8. */
export function requestedLanguage(search: string | URLSearchParams): Language | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(LANGUAGE_PARAM)?.toLowerCase();
  return isLanguage(value) ? value : null;
}

/**
 * The language of a visit (spec §1, with the address first): `?lang=`, else the language cookie, else the
 * browser's languages, else English.
 */
export function visitLanguage(
  requested: Language | null,
  cookieValue: string | undefined | null,
  browserLanguages: readonly string[],
): Language {
  return requested ?? pickLanguage(cookieValue, browserLanguages);
}

/**
 * The address of a page without its query: the route's pattern with the path's parameters, so that
 * `/Explore/` and `/explore` are one page (the router matches letters in any case and ignores a
 * trailing slash). Parameters keep their value, escaped. A profile's other address (/profile/{id}/{username})
 * is its canonical one (/profile/{username}-{id}).
 */
export function canonicalPath(match: SpaRouteMatch): string {
  if (match.route === '/') return '/';
  if (match.route === '/profile/:id/:username') {
    const { id = '', username = '' } = match.params;
    return `/profile/${encodeURIComponent(`${username}-${id}`)}`;
  }
  return match.route
    .split('/')
    .map((part) => (part.startsWith(':') ? encodeURIComponent(match.params[part.slice(1)] ?? '') : part))
    .join('/');
}

/**
 * The address of one language version of a page: English, the default, has none of its own — the bare
 * address serves it to crawlers (which send no language) and is the x-default; every other language adds
 * `?lang=<code>`. `site` is the public origin without a trailing slash.
 */
export function languageUrl(site: string, path: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? `${site}${path}` : `${site}${path}?${LANGUAGE_PARAM}=${language}`;
}

export interface LanguageAlternate {
  /** A language code, or `x-default` for the address that picks the visitor's language itself. */
  hreflang: Language | 'x-default';
  href: string;
}

/** The hreflang alternates of a page: its 8 language versions and the x-default (the bare address). */
export function languageAlternates(site: string, path: string): LanguageAlternate[] {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: languageUrl(site, path, language) })),
    { hreflang: 'x-default' as const, href: `${site}${path}` },
  ];
}

/**
 * The canonical address of a page: its own language version (Google: each language version names itself,
 * the alternates link them), without any other query parameter (tracking, board context, tabs). A page
 * asked without `?lang=` is the bare address, whatever language it was shown in.
 */
export function canonicalUrl(site: string, path: string, requested: Language | null): string {
  return languageUrl(site, path, requested ?? DEFAULT_LANGUAGE);
}
