import {
  fillKey,
  languageUrl,
  metaValues,
  NOT_FOUND_META,
  routeMetaOf,
  SITEMAP_PATHS,
  spaRouteOf,
  SITE_NAME,
  type Language,
  type SpaRoute,
  type SpaRouteMatch,
} from '@mirage/domain';
import { fillDocument, isLegalDoc, loadLegalDocument, type LegalValues } from '@mirage/domain/legal';
import type { FastifyRequest } from 'fastify';
import {
  isImageUuid,
  shareMetaOf,
  SOCIAL_HEIGHT,
  SOCIAL_WIDTH,
  type ShareWords,
} from '../features/image/share-meta.ts';
import type { ListedImage, SitemapRepository } from '../features/image/sitemap-repository.ts';
import {
  blocksOfDocument,
  blocksOfLegal,
  isBotRequest,
  renderBlocks,
  withRootContent,
  type TextBlock,
} from './bot-render.ts';
import { requestLanguages, routeHead, withHead, type PageHead } from './seo.ts';
import type { SiteText } from './seo-text.ts';

/**
 * The page the server sends for a path of the web app (docs/product/routes.md#search-engines): index.html
 * with the page's head (./seo.ts) in the visitor's language, and for a crawler the page's text inside
 * #root (./bot-render.ts). /image/{uuid} of a listed image (features/image/sitemap-repository.ts) is
 * that image's page, with its sharing card (features/image/share-meta.ts); any other image address is the
 * generic page, not indexed, the same for a private image as for a missing one.
 */

export interface SeoPageDeps {
  text: SiteText;
  /** The public origin (PUBLIC_URL) without a trailing slash: canonical and alternate addresses. */
  site: string;
  images?: Pick<SitemapRepository, 'listedImage'>;
  /** What the legal documents' placeholders read as (operator, contact, site). */
  legalValues?: LegalValues;
  /**
   * The values a long-form document's {{placeholders}} take in a language, as its page fills them
   * (the guide names prices and limits from the domain's tables).
   */
  documentValues?: Partial<
    Record<'guide' | 'about' | 'promo', (language: Language) => Record<string, string>>
  >;
}

export interface SeoPage {
  html: string;
  /** Not to be indexed: the X-Robots-Tag header says so too. */
  noindex: boolean;
  /** A page that exists: 200; otherwise the not-found page with status 404. */
  found: boolean;
}

/** The promo pages' documents may hold both pages' text under their names: each page reads its own. */
const PROMO_VARIANTS: Partial<Record<string, string[]>> = {
  '/ai-hentai-generator': ['realistic', 'ai-realistic-generator', 'ai_realistic_generator'],
  '/ai-realistic-generator': ['hentai', 'ai-hentai-generator', 'ai_hentai_generator'],
};

/** A document title without the brand after it: the page's heading. */
const withoutBrand = (title: string) => title.replace(new RegExp(` · ${SITE_NAME}$`), '');

export function seoPages(deps: SeoPageDeps) {
  const { text, site } = deps;
  const say = (language: Language, key: `${string}:${string}`, values?: Record<string, string>) =>
    text.message(language, key, values) ?? '';

  const shareWords = (language: Language): ShareWords => ({
    untitled: say(language, 'pages:seo.image_untitled'),
    described: (subject) => say(language, 'pages:seo.image_subject', { subject }),
    plain: say(language, 'pages:seo.image'),
  });

  /** The head of a listed image's page: the image's card in place of the route's generic words. */
  function imageHead(head: PageHead, image: ListedImage): PageHead {
    const card = shareMetaOf(image, site, shareWords(head.language));
    return {
      ...head,
      title: card.title,
      description: card.description,
      image: {
        url: card.image,
        alt: card.imageAlt,
        width: SOCIAL_WIDTH,
        height: SOCIAL_HEIGHT,
        type: 'image/jpeg',
      },
    };
  }

  /** Links to the public pages, as the app's menu and footer offer them, in the page's language. */
  function siteLinks(language: Language, requested: Language | null): TextBlock {
    const links = SITEMAP_PATHS.map((path) => {
      const match = spaRouteOf(path);
      const values = metaValues(match);
      const title = say(language, fillKey(routeMetaOf(match).title, values), values);
      return { href: requested ? languageUrl('', path, requested) : path, text: title };
    });
    return { kind: 'nav', links: links.filter((link) => link.text !== '') };
  }

  /** What a page's own text is made from. */
  interface PageFacts {
    match: SpaRouteMatch;
    head: PageHead;
    image: ListedImage | undefined;
    /** The page's title as its heading, and its description: the text of a page without its own. */
    summary: TextBlock[];
  }

  /** The pages whose text crawlers read (issue 14: landing, promo, guide, about, legal, image). */
  const OWN_TEXT: Partial<Record<SpaRoute, (page: PageFacts) => TextBlock[] | Promise<TextBlock[]>>> = {
    '/': ({ head, summary }) => [summary[0]!, ...blocksOfDocument(text.namespace(head.language, 'landing'))],
    '/home': (page) => OWN_TEXT['/']!(page),
    '/ai-hentai-generator': (page) => promoText(page),
    '/ai-realistic-generator': (page) => promoText(page),
    '/guide': (page) => documentText(page, 'guide'),
    '/about': (page) => documentText(page, 'about'),
    '/legal/:doc': async ({ match, summary }) => {
      const doc = match.params.doc;
      if (!isLegalDoc(doc) || !deps.legalValues) return summary;
      return blocksOfLegal(fillDocument(await loadLegalDocument(doc), deps.legalValues));
    },
    '/image/:uuid': ({ head, image, summary }) => {
      if (!image) return summary;
      const slug = `${image.username}-${image.user_id}`;
      return [
        summary[0]!,
        {
          kind: 'img',
          src: `/images/${image.uuid}.webp`,
          alt: head.image?.alt ?? '',
          width: image.width,
          height: image.height,
        },
        { kind: 'p', text: image.prompt },
        // The visible disclosure of issue 18: what crawlers and shared previews read says it too.
        { kind: 'p', text: say(head.language, 'pages:seo.image_ai_note') },
        {
          kind: 'link',
          href: `/gallery/${encodeURIComponent(slug)}`,
          text: say(head.language, 'pages:seo.image_by', { username: image.username }),
        },
      ];
    },
  };

  /** A promo page: the promo document (its own part, never the other page's), else the landing's strings. */
  function promoText({ match, head, summary }: PageFacts): TextBlock[] {
    const own = text.document(head.language, 'promo') ?? text.namespace(head.language, 'landing');
    const values = deps.documentValues?.promo?.(head.language);
    return [
      summary[0]!,
      ...blocksOfDocument(own, { skipKeys: new Set(PROMO_VARIANTS[match.route]), values }),
    ];
  }

  function documentText({ head, summary }: PageFacts, name: 'guide' | 'about'): TextBlock[] {
    const document = text.document(head.language, name);
    const values = deps.documentValues?.[name]?.(head.language);
    return document ? [summary[0]!, ...blocksOfDocument(document, { values })] : summary;
  }

  /** The text of a page for crawlers: its own where it has one, its title and description else. */
  async function pageBlocks(
    match: SpaRouteMatch | null,
    head: PageHead,
    image: ListedImage | undefined,
  ): Promise<TextBlock[]> {
    const { language } = head;
    if (!match || routeMetaOf(match) === NOT_FOUND_META) {
      return [
        { kind: 'h1', text: say(language, 'pages:not_found.title') },
        { kind: 'p', text: say(language, 'pages:not_found.text') },
        { kind: 'link', href: '/explore', text: say(language, 'pages:not_found.cta') },
      ];
    }
    const summary: TextBlock[] = [
      { kind: 'h1', text: withoutBrand(head.title) },
      { kind: 'p', text: head.description },
    ];
    return (await OWN_TEXT[match.route]?.({ match, head, image, summary })) ?? summary;
  }

  return {
    async page(request: FastifyRequest, match: SpaRouteMatch | null, indexHtml: string): Promise<SeoPage> {
      const languages = requestLanguages(request);
      const found = match !== null && routeMetaOf(match) !== NOT_FOUND_META;
      let head = routeHead(text, site, found ? match : null, languages);
      let image: ListedImage | undefined;
      if (found && match.route === '/image/:uuid') {
        const uuid = match.params.uuid ?? '';
        image = isImageUuid(uuid) ? await deps.images?.listedImage(uuid).catch(() => undefined) : undefined;
        // Any other image address is one page: generic, not indexed (a private image reads as a missing one).
        head = image
          ? imageHead(head, image)
          : { ...head, noindex: true, canonical: undefined, alternates: [] };
      }
      let html = withHead(indexHtml, head);
      if (isBotRequest(request.headers['user-agent'])) {
        const blocks = [
          ...(await pageBlocks(found ? match : null, head, image)),
          siteLinks(languages.language, languages.requested),
        ];
        html = withRootContent(html, renderBlocks(blocks));
      }
      return { html, noindex: head.noindex, found };
    },
  };
}

export type SeoPages = ReturnType<typeof seoPages>;
