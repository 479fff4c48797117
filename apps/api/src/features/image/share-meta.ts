import type { FastifyInstance } from 'fastify';
import { ANONYMOUS, MAX_RESULT_PIXELS, canView } from '@mirage/domain';
import sharp from 'sharp';
import { imageXmp } from './marking/marker.ts';
import { imageKeys } from './post-process.ts';
import type { ImageRepository } from './repository.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { AppError } from '../../errors.ts';
import { answeredNotModified, etagOf } from '../../http/conditional.ts';

/**
 * Sharing metadata of the image viewer (docs/product/image-viewer.md#sharing: "sharing metadata uses the
 * image address; social image 1200x630"). The page of /image/{uuid} of a listed public image
 * (apps/api/src/http/seo-page.ts) takes its title and description from `shareMetaOf`, with Open Graph and
 * Twitter card tags pointing at a 1200x630 JPEG rendered from the stored WebP (GET /images/{uuid}-social.jpg,
 * registered here). A private or unknown image gets the generic page: neither its prompt nor its picture
 * ever leaves the server (invariant 4).
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

export interface ShareMetaDeps {
  images: Pick<ImageRepository, 'findByUuid'>;
  store: ObjectStore;
  /** PUBLIC_URL: the social image's XMP names the image's page there, like its other files. */
  publicUrl: string;
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

/** Whether a text is an image's uuid as the site writes it (lower-case hex). */
export function isImageUuid(value: string): boolean {
  return UUID.test(value);
}

/** The words around a prompt in an image's card, in the page's language (pages:seo.image_* of packages/i18n). */
export interface ShareWords {
  /** The title of an image without a prompt ("An image on Mirage"). */
  untitled: string;
  /** The description with the prompt's first words ("{{subject}} — an AI-generated image made with Mirage.": the disclosure of issue 18 travels with every share). */
  described: (subject: string) => string;
  /** The description of an image without a prompt ("An AI-generated image made with Mirage."). */
  plain: string;
}

export const ENGLISH_SHARE_WORDS: ShareWords = {
  untitled: 'An image on Mirage',
  described: (subject) => `${subject} — an AI-generated image made with Mirage.`,
  plain: 'An AI-generated image made with Mirage.',
};

/** The metadata of a public image, from its stored row (neutral words around the prompt's first words). */
export function shareMetaOf(
  image: { uuid: string; prompt: string },
  origin: string,
  words: ShareWords = ENGLISH_SHARE_WORDS,
): ShareMeta {
  const subject = firstWords(image.prompt, DESCRIPTION_CHARS);
  const title = subject ? `${firstWords(image.prompt, TITLE_CHARS)} · Mirage` : words.untitled;
  return {
    title,
    description: subject ? words.described(subject) : words.plain,
    url: `${origin}/image/${image.uuid}`,
    image: `${origin}/images/${image.uuid}-social.jpg`,
    imageAlt: subject || words.untitled,
  };
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
 * Cover-crops an image to 1200x630 (the part that draws the eye) as a JPEG, quality 80, marked as
 * AI-generated like every file of the image (`xmp`: marking/xmp.ts; it travels with every share). The
 * source is the stored WebP of a worker's result: decoding is capped at the largest result size all the same.
 */
export async function renderSocialImage(source: Buffer, xmp: string): Promise<Buffer> {
  return sharp(source, { limitInputPixels: MAX_RESULT_PIXELS })
    .resize(SOCIAL_WIDTH, SOCIAL_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#0c0a12' })
    .jpeg({ quality: SOCIAL_QUALITY, mozjpeg: true })
    .withXmp(xmp)
    .toBuffer();
}

/**
 * Registers GET /images/{uuid}-social.jpg. The page of /image/{uuid} carries the card's tags
 * (apps/api/src/http/seo-page.ts, from shareMetaOf).
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
        const jpeg = await renderSocialImage(source, imageXmp(deps.publicUrl, uuid));
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
}
