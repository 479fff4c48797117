import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS, MAX_RESULT_PIXELS, canView } from '@mirage/domain';
import sharp from 'sharp';
import { imageKeys } from './post-process.ts';
import type { ImageRepository } from './repository.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { AppError } from '../../errors.ts';
import { answeredNotModified, etagOf } from '../../http/conditional.ts';
import { escapeHtml } from '../../http/html.ts';

/**
 * Sharing metadata of the image viewer (docs/product/image-viewer.md#sharing: "sharing metadata uses the
 * image address; social image 1200x630"). When the SPA's index.html is served for /image/{uuid} of a public
 * image, its title and description are the image's, with Open Graph and Twitter card tags pointing at a
 * 1200x630 JPEG rendered from the stored WebP (GET /images/{uuid}-social.jpg). A private or unknown image
 * gets the generic page: neither its prompt nor its picture ever leaves the server (invariant 4).
 */

export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;
const SOCIAL_QUALITY = 80;
/** Rendered social images kept in memory (~60-120 kB each). */
const SOCIAL_CACHE_SIZE = 64;
/** Words of the prompt in the description: enough to say what the image is, short enough for a card. */
const DESCRIPTION_CHARS = 150;
const TITLE_CHARS = 70;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VIEWER_PATH = /^\/image\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/;

export interface ShareMetaDeps {
  images: Pick<ImageRepository, 'findByUuid'>;
  store: ObjectStore;
  /** The public address (config PUBLIC_URL); without it, the request's own origin. */
  publicUrl?: string;
}

export interface ShareMeta {
  title: string;
  description: string;
  url: string;
  image: string;
  imageAlt: string;
}

/** The first words of a text, cut at a word boundary, at most `max` characters (with "…" when cut). */
export function firstWords(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** The uuid of a viewer address (/image/{uuid}), or null for any other path. */
export function viewerUuid(pathname: string): string | null {
  return VIEWER_PATH.exec(pathname)?.[1] ?? null;
}

/** The metadata of a public image, from its stored row (neutral words around the prompt's first words). */
export function shareMetaOf(image: { uuid: string; prompt: string }, origin: string): ShareMeta {
  const subject = firstWords(image.prompt, DESCRIPTION_CHARS);
  const title = subject ? `${firstWords(image.prompt, TITLE_CHARS)} · Mirage` : 'An image on Mirage';
  return {
    title,
    description: subject ? `${subject} — an image made with Mirage.` : 'An image made with Mirage.',
    url: `${origin}/image/${image.uuid}`,
    image: `${origin}/images/${image.uuid}-social.jpg`,
    imageAlt: subject || 'An image made with Mirage',
  };
}

/** index.html with the image's title, description, Open Graph and Twitter card tags. */
export function injectShareMeta(html: string, meta: ShareMeta): string {
  const text = escapeHtml;
  const tags = [
    `<link rel="canonical" href="${text(meta.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Mirage" />`,
    `<meta property="og:title" content="${text(meta.title)}" />`,
    `<meta property="og:description" content="${text(meta.description)}" />`,
    `<meta property="og:url" content="${text(meta.url)}" />`,
    `<meta property="og:image" content="${text(meta.image)}" />`,
    `<meta property="og:image:type" content="image/jpeg" />`,
    `<meta property="og:image:width" content="${SOCIAL_WIDTH}" />`,
    `<meta property="og:image:height" content="${SOCIAL_HEIGHT}" />`,
    `<meta property="og:image:alt" content="${text(meta.imageAlt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${text(meta.title)}" />`,
    `<meta name="twitter:description" content="${text(meta.description)}" />`,
    `<meta name="twitter:image" content="${text(meta.image)}" />`,
  ].join('\n    ');
  let page = html.replace(/<title>[^<]*<\/title>/i, () => `<title>${text(meta.title)}</title>`);
  const description = `<meta name="description" content="${text(meta.description)}" />`;
  const existing = /<meta\s+name="description"[^>]*>/i;
  page = existing.test(page)
    ? page.replace(existing, () => description)
    : page.replace(/<\/head>/i, () => `    ${description}\n  </head>`);
  return page.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}

/** A small least-recently-used cache (Map keeps insertion order). */
function lruCache<V>(size: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > size) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * Cover-crops an image to 1200x630 (the part that draws the eye) as a JPEG, quality 80. The source is
 * the stored WebP of a worker's result: decoding is capped at the largest result size all the same.
 */
export async function renderSocialImage(source: Buffer): Promise<Buffer> {
  return sharp(source, { limitInputPixels: MAX_RESULT_PIXELS })
    .resize(SOCIAL_WIDTH, SOCIAL_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#0c0a12' })
    .jpeg({ quality: SOCIAL_QUALITY, mozjpeg: true })
    .toBuffer();
}

function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/**
 * Registers GET /images/{uuid}-social.jpg and returns the page renderer the SPA fallback uses for
 * /image/{uuid}: the injected index.html for a public image, or null (serve the generic page).
 */
export function registerShareMeta(app: FastifyInstance, deps: ShareMetaDeps) {
  const cache = lruCache<Buffer>(SOCIAL_CACHE_SIZE);
  const rendering = new Map<string, Promise<Buffer | null>>();

  // The card and its picture are the same for everybody (crawlers have no session), so they exist only
  // for an image that anybody may see: a private image has none, not even for its owner.
  const publicImage = async (uuid: string) => {
    if (!UUID.test(uuid)) return null;
    const image = await deps.images.findByUuid(uuid);
    return image && canView(ANONYMOUS, image) ? image : null;
  };

  /** One render per image at a time; the result stays in the cache. */
  const socialImage = (uuid: string): Promise<Buffer | null> => {
    const cached = cache.get(uuid);
    if (cached) return Promise.resolve(cached);
    let pending = rendering.get(uuid);
    if (!pending) {
      pending = (async () => {
        const source = await deps.store.get(imageKeys(uuid).webp);
        if (!source) return null;
        const jpeg = await renderSocialImage(source);
        cache.set(uuid, jpeg);
        return jpeg;
      })().finally(() => rendering.delete(uuid));
      rendering.set(uuid, pending);
    }
    return pending;
  };

  app.get<{ Params: { uuid: string } }>(
    '/images/:uuid-social.jpg',
    { config: { auth: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      // Checked on every request, cached or not: an image made private or deleted stops at once.
      const image = await publicImage(request.params.uuid);
      if (!image) throw new AppError('image_not_found');
      const jpeg = await socialImage(image.uuid).catch((error: unknown) => {
        request.log.warn({ err: error, uuid: image.uuid }, 'social image render failed');
        return null;
      });
      if (!jpeg) throw new AppError('image_not_found');
      reply.header('content-type', 'image/jpeg');
      reply.header('cache-control', 'public, max-age=86400');
      if (answeredNotModified(request, reply, etagOf(jpeg))) return reply;
      return reply.send(jpeg);
    },
  );

  return {
    /** `indexHtml` for a viewer address of a public image, or null for the generic page. */
    async pageFor(request: FastifyRequest, pathname: string, indexHtml: string): Promise<string | null> {
      const uuid = viewerUuid(pathname);
      if (!uuid) return null;
      const image = await publicImage(uuid).catch(() => null);
      if (!image) return null;
      return injectShareMeta(indexHtml, shareMetaOf(image, originOf(request, deps.publicUrl)));
    },
  };
}
export type ShareMetaPages = ReturnType<typeof registerShareMeta>;
