import { languageAlternates, LANGUAGES, languageUrl, SITEMAP_PATHS } from '@mirage/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SitemapRepository } from '../features/image/sitemap-repository.ts';
import { errorBody } from '../errors.ts';
import { answeredNotModified, etagOf } from './conditional.ts';

/**
 * The site map (sitemaps.org protocol 0.9; docs/product/routes.md#search-engines), named by robots.txt:
 *   - GET /sitemap.xml: the index, naming the files below;
 *   - GET /sitemap-pages.xml: the public pages (SITEMAP_PATHS), every language version with its hreflang
 *     alternates (xhtml:link), as Google asks for language versions in a site map;
 *   - GET /sitemap-images-{n}.xml, n from 1: the listed public images (features/image/sitemap-repository.ts),
 *     SITEMAP_IMAGES_PER_FILE a file, oldest first, each with its picture (image:image).
 * The same for everybody: cached an hour by browsers and shared caches, revalidated by ETag.
 */

/** Images a file: well under the protocol's 50,000 URLs and 50 MB, and quick to query. */
export const SITEMAP_IMAGES_PER_FILE = 10_000;
export const SITEMAP_CACHE = 'public, max-age=3600';
/** How long the number of listed images (a count over the whole table) is reused. */
export const COUNT_TTL_MS = 10 * 60_000;
/** How soon a file past the counted end may make the images be counted again (they may have grown). */
export const RECOUNT_MS = 60_000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text made safe for XML element content and attribute values. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** An instant as a W3C datetime, to the second (what <lastmod> takes). */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

/** How many image files the index names for this many listed images, `perFile` a file. */
export function imageFileCount(images: number, perFile = SITEMAP_IMAGES_PER_FILE): number {
  return Math.ceil(Math.max(0, images) / perFile);
}

export function sitemapIndexXml(site: string, imageFiles: number): string {
  const files = [
    `${site}/sitemap-pages.xml`,
    ...Array.from({ length: imageFiles }, (_, index) => `${site}/sitemap-images-${index + 1}.xml`),
  ];
  return [
    XML_HEAD,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `  <sitemap><loc>${escapeXml(file)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

export function pagesSitemapXml(site: string): string {
  const entries = SITEMAP_PATHS.flatMap((path) => {
    const alternates = languageAlternates(site, path).map(
      (alternate) =>
        `    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(alternate.href)}"/>`,
    );
    return LANGUAGES.map((language) =>
      [
        '  <url>',
        `    <loc>${escapeXml(languageUrl(site, path, language))}</loc>`,
        ...alternates,
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    XML_HEAD,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function imagesSitemapXml(
  site: string,
  images: readonly { uuid: string; created_at: Date }[],
): string {
  return [
    XML_HEAD,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...images.map((image) =>
      [
        '  <url>',
        `    <loc>${escapeXml(`${site}/image/${image.uuid}`)}</loc>`,
        `    <lastmod>${w3cDate(image.created_at)}</lastmod>`,
        `    <image:image><image:loc>${escapeXml(`${site}/images/${image.uuid}.webp`)}</image:loc></image:image>`,
        '  </url>',
      ].join('\n'),
    ),
    '</urlset>',
    '',
  ].join('\n');
}

/** A page number as the address writes it: 1, 2, … (no sign, no leading zero, no exponent). */
const FILE_NUMBER = /^[1-9][0-9]{0,8}$/;

export function registerSitemap(
  app: FastifyInstance,
  deps: {
    images: Pick<SitemapRepository, 'countListed' | 'listedPage'>;
    site: string;
    now?: () => number;
    /** Images a file (tests use a few). */
    perFile?: number;
  },
): void {
  const now = deps.now ?? Date.now;
  const perFile = deps.perFile ?? SITEMAP_IMAGES_PER_FILE;
  let counted: { value: number; at: number } | null = null;
  /**
   * The number of listed images: counted again once older than COUNT_TTL_MS, or older than RECOUNT_MS when
   * a file past its end is asked for (images arrived since; at most once a minute, whoever keeps asking).
   */
  const listedCount = async (atLeast = 0) => {
    const age = counted ? now() - counted.at : Infinity;
    if (!counted || age > COUNT_TTL_MS || (counted.value < atLeast && age > RECOUNT_MS)) {
      counted = { value: await deps.images.countListed(), at: now() };
    }
    return counted.value;
  };

  const send = (request: FastifyRequest, reply: FastifyReply, xml: string) => {
    reply.header('cache-control', SITEMAP_CACHE).type('application/xml; charset=utf-8');
    if (answeredNotModified(request, reply, etagOf(xml))) return reply;
    return reply.send(xml);
  };
  const options = { config: { auth: 'none' as const }, schema: { hide: true } };

  app.get('/sitemap.xml', options, async (request, reply) =>
    send(request, reply, sitemapIndexXml(deps.site, imageFileCount(await listedCount(), perFile))),
  );
  const pages = pagesSitemapXml(deps.site);
  app.get('/sitemap-pages.xml', options, (request, reply) => send(request, reply, pages));
  app.get<{ Params: { file: string } }>('/sitemap-images-:file.xml', options, async (request, reply) => {
    const { file } = request.params;
    const number = FILE_NUMBER.test(file) ? Number(file) : 0;
    // A file past the end is a 404 (as any file the site does not have), not an empty list.
    const first = (number - 1) * perFile;
    if (number < 1 || first >= (await listedCount(first + 1))) {
      return reply.status(404).send(errorBody('not_found', { path: request.url.split('?')[0] }));
    }
    const images = await deps.images.listedPage(first, perFile);
    return send(request, reply, imagesSitemapXml(deps.site, images));
  });
}
