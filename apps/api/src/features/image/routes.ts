import { getImageFile } from '@mirage/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ANONYMOUS, canView } from '@mirage/domain';
import { AppError } from '../../errors.ts';
import { answeredNotModified, etagOf } from '../../http/conditional.ts';
import { schemaOf } from '../../http/contract.ts';
import { viewerIdWhenAsked } from '../../http/route-auth.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { imageKeys, upscaledKeys } from './post-process.ts';
import type { ImageRepository } from './repository.ts';

/**
 * Decision (finding L6): a public file may be cached for a day, not a year, and is not `immutable`. An
 * image can be made private (or deleted) at any time, and no cache can be told to forget it: a year
 * kept it in browsers and CDNs long after; a day bounds that, while a gallery scrolled again within the
 * day is still served from the cache. Private files are never stored anywhere.
 */
const PUBLIC_FILE_CACHE = 'public, max-age=86400';
const PRIVATE_FILE_CACHE = 'private, no-store';

const FILE_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-min|-upscaled)?\.(webp|png)$/;

/**
 * Image files (docs/product/image-viewer.md#files: {uuid}.png, {uuid}.webp, {uuid}-min.webp). A private image
 * is served to its owner only; anyone else gets the same 404 as for an image that does not exist (invariant
 * 4).
 */
export function registerImageFileRoutes(
  fastify: FastifyInstance,
  deps: {
    images: ImageRepository;
    store: ObjectStore;
    /**
     * The owner account of this browser's guest trial session, if any (features/guest): a guest sees its
     * own private image through the same route, and nobody else does.
     */
    guestOwner?: (request: FastifyRequest) => Promise<number | undefined>;
    /** The user of a files host read token (`?token=`, GET /api/config/b2_token), or null. */
    readTokenUser?: (token: string | undefined) => Promise<number | null>;
    /**
     * The site's origin when the files have a host of their own (FILES_PUBLIC_URL): its pages load them
     * from another origin, so the answers allow that (CORP cross-origin, and CORS for the site, whose
     * download button fetches the PNG).
     */
    siteOriginWhenFilesHosted?: string | undefined;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Tried last: a session cookie or the worker's file token already settle most requests. A read token
  // makes its user the viewer for this one file, so it opens that user's files and no one else's.
  const readTokenViewer = async (request: { query: { token?: string | undefined } }) =>
    deps.readTokenUser ? await deps.readTokenUser(request.query.token) : ANONYMOUS;
  app.get(
    getImageFile.path,
    { config: { auth: 'optional-stale-as-guest' }, schema: schemaOf(getImageFile) },
    async (request, reply) => {
      const match = FILE_PATTERN.exec(request.params.file);
      if (!match) throw new AppError('image_not_found');
      const [, uuid, suffix, extension] = match;
      if (suffix === '-min' && extension === 'png') throw new AppError('image_not_found');
      const image = await deps.images.findByUuid(uuid!);
      if (!image) throw new AppError('image_not_found');
      // A file anybody may see needs no session lookup, and may be cached publicly (canView); a stale
      // session reads as a visitor ('optional-stale-as-guest': an <img> cannot sign anybody out). A curated
      // image (the guide's and promo pages' pictures, migration 0018) is private to the curator so that no
      // gallery lists it, but its files are there for every page to show.
      const anybodys = canView(ANONYMOUS, image) || image.curated;
      if (!anybodys) {
        if (
          !canView(await viewerIdWhenAsked(request), image) &&
          !(deps.guestOwner && canView((await deps.guestOwner(request)) ?? ANONYMOUS, image)) &&
          !(request.query.token && canView(await readTokenViewer(request), image))
        ) {
          throw new AppError('image_not_found');
        }
      }
      if (suffix === '-upscaled' && !image.upscaled) throw new AppError('image_not_found');
      const keys =
        suffix === '-upscaled' ? { ...upscaledKeys(image.uuid), thumbnail: '' } : imageKeys(image.uuid);
      const key = extension === 'png' ? keys.png : suffix === '-min' ? keys.thumbnail : keys.webp;
      const body = await deps.store.get(key);
      if (!body) throw new AppError('image_not_found');
      reply.header('content-type', extension === 'png' ? 'image/png' : 'image/webp');
      reply.header('cache-control', anybodys ? PUBLIC_FILE_CACHE : PRIVATE_FILE_CACHE);
      if (deps.siteOriginWhenFilesHosted) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
        reply.header('access-control-allow-origin', deps.siteOriginWhenFilesHosted);
      }
      // An ETag of the stored bytes: once the day is over, a browser revalidates with a 304 instead of
      // downloading the file again. Checked after the privacy check, so a 304 says nothing to a stranger.
      if (answeredNotModified(request, reply, etagOf(body))) return reply;
      // The whole stored file, sent as it is (no Range).
      return reply.send(body);
    },
  );
}
