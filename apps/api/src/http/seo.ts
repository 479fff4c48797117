import {
  acceptedLanguages,
  canonicalPath,
  canonicalUrl,
  COOKIE,
  fillKey,
  languageAlternates,
  metaValues,
  OG_LOCALES,
  pageTitle,
  requestedLanguage,
  routeMetaOf,
  SITE_NAME,
  visitLanguage,
  type Language,
  type LanguageAlternate,
  type SpaRouteMatch,
} from '@mirage/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './html.ts';
import type { SiteText } from './seo-text.ts';

/**
 * The head of every page the server sends (docs/product/routes.md#search-engines): title, description,
 * robots, canonical address, the hreflang alternates of the 8 languages, Open Graph and Twitter card tags,
 * in the visitor's language — written from the route meta (packages/domain/src/route-meta.ts), the same
 * table the web's PageMeta reads, so a crawler that runs no JavaScript gets what a browser shows. Every
 * tag written carries `data-route-meta`: the web app removes them when its own PageMeta takes over the
 * head (they describe the first address only, and the app changes address without reloading).
 */

export interface SocialImage {
  url: string;
  alt: string;
  width: number;
  height: number;
  type: string;
}

/** Everything the head says about one page. */
export interface PageHead {
  language: Language;
  /** The whole document title ("Explore · Mirage"). */
  title: string;
  description: string;
  noindex: boolean;
  /** The page's own address; absent on a noindex page (it has no version to prefer). */
  canonical?: string;
  /** The language versions; empty on a noindex page. */
  alternates: LanguageAlternate[];
  ogType: 'website' | 'profile';
  image?: SocialImage;
}

/** The language the visitor gets (`?lang=`, cookie, browser, English) and the one the address asked for. */
export function requestLanguages(request: FastifyRequest): {
  language: Language;
  requested: Language | null;
} {
  const mark = request.url.indexOf('?');
  const requested = requestedLanguage(mark === -1 ? '' : request.url.slice(mark + 1));
  const language = visitLanguage(
    requested,
    request.cookies[COOKIE.language],
    acceptedLanguages(request.headers['accept-language']),
  );
  return { language, requested };
}

/**
 * The head of a route's page from its route meta. `match` null: the not-found page. `site`: the public
 * origin without a trailing slash.
 */
export function routeHead(
  text: SiteText,
  site: string,
  match: SpaRouteMatch | null,
  languages: { language: Language; requested: Language | null },
): PageHead {
  const meta = routeMetaOf(match);
  const { language, requested } = languages;
  const values = metaValues(match);
  const title = text.message(language, fillKey(meta.title, values), values);
  const description =
    text.message(language, fillKey(meta.description, values), values) ??
    text.message(language, 'pages:seo.default') ??
    '';
  const head: PageHead = {
    language,
    title: pageTitle(title),
    description,
    noindex: meta.noindex,
    alternates: [],
    ogType: meta.ogType,
  };
  if (meta.noindex || !match) return head;
  const path = canonicalPath(match);
  return {
    ...head,
    canonical: canonicalUrl(site, path, requested),
    alternates: languageAlternates(site, path),
  };
}

/** The tags of a head, each marked `data-route-meta` (the title is written in place, not here). */
export function headTags(head: PageHead): string[] {
  const a = escapeHtml;
  const mark = 'data-route-meta';
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${a(value)}" ${mark}>`;
  const tags = [meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${a(head.canonical)}" ${mark}>`);
  for (const alternate of head.alternates) {
    tags.push(`<link rel="alternate" hreflang="${alternate.hreflang}" href="${a(alternate.href)}" ${mark}>`);
  }
  // Social cards: shared links of indexable pages only (a noindex page is one visitor's, or a mistake).
  if (head.noindex) return tags;
  tags.push(
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', OG_LOCALES[head.language]),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
  );
  if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:type', head.image.type),
      meta('property', 'og:image:width', String(head.image.width)),
      meta('property', 'og:image:height', String(head.image.height)),
      meta('property', 'og:image:alt', head.image.alt),
    );
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image.url));
  return tags;
}

/**
 * index.html with a page's head: `<html lang>`, the title in place, the build's own description replaced,
 * the other tags at the end of the head.
 */
export function withHead(html: string, head: PageHead): string {
  let page = html.replace(/<html lang="[^"]*"/, () => `<html lang="${head.language}"`);
  page = page.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(head.title)}</title>`);
  page = page.replace(/[ \t]*<meta\s+name="description"[^>]*>\r?\n?/gi, '');
  const headEnd = page.lastIndexOf('</head>');
  if (headEnd === -1) return page;
  return `${page.slice(0, headEnd)}${headTags(head).join('\n')}\n${page.slice(headEnd)}`;
}

/** Adds a request header to the answer's Vary list (keeping what other parts put there). */
export function varyOn(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((item) => item.toLowerCase() === header.toLowerCase())) return;
  reply.header('vary', [...list, header].join(', '));
}
