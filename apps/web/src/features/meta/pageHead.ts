import {
  canonicalPath,
  canonicalUrl,
  DEFAULT_LANGUAGE,
  fillKey,
  isLanguage,
  languageAlternates,
  metaValues,
  OG_LOCALES,
  pageTitle,
  requestedLanguage,
  routeMetaOf,
  spaRouteOf,
  type Language,
  type LanguageAlternate,
} from '@mirage/domain';

/**
 * What a page's head says (docs/product/routes.md#search-engines), from the route meta
 * (packages/domain/src/route-meta.ts) and what the page itself knows better (its own title, a description,
 * a picture): the same table the server writes its pages' heads from (apps/api/src/http/seo.ts), so the
 * page a crawler reads without scripts and the page the app shows say the same.
 */

export interface SocialPicture {
  /** An absolute address, or one on the site ("/images/….jpg"). */
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface PageMetaInput {
  /** The page's own title, without the brand; default: its route's. */
  title?: string;
  /** Default: its route's description. */
  description?: string;
  /** Kept out of search results; a route the meta marks noindex is, whatever the page says. */
  noindex?: boolean;
  /** The picture of the page's sharing card. */
  image?: SocialPicture;
}

export interface PageHeadModel {
  title: string;
  description: string;
  noindex: boolean;
  canonical: string | null;
  alternates: LanguageAlternate[];
  ogType: 'website' | 'profile';
  ogLocale: string;
  image: (SocialPicture & { url: string }) | null;
}

/** A string by its `namespace:key` (i18next's `t`). */
export type Translate = (key: string, values?: Record<string, string>) => string;

export function pageHead(
  input: PageMetaInput,
  where: { pathname: string; search: string; origin: string; language: string },
  t: Translate,
): PageHeadModel {
  const match = spaRouteOf(where.pathname);
  const meta = routeMetaOf(match);
  const values = metaValues(match);
  const language: Language = isLanguage(where.language) ? where.language : DEFAULT_LANGUAGE;
  const noindex = Boolean(input.noindex) || meta.noindex || match === null;
  const path = match ? canonicalPath(match) : null;
  const indexed = !noindex && path !== null;
  const image = input.image
    ? { ...input.image, url: new URL(input.image.url, where.origin).toString() }
    : null;
  return {
    title: pageTitle(input.title ?? t(fillKey(meta.title, values), values)),
    description: input.description ?? t(fillKey(meta.description, values), values),
    noindex,
    canonical: indexed ? canonicalUrl(where.origin, path, requestedLanguage(where.search)) : null,
    alternates: indexed ? languageAlternates(where.origin, path) : [],
    ogType: meta.ogType,
    ogLocale: OG_LOCALES[language],
    image,
  };
}
