import {
  getBoosterPreview,
  getModifierImage,
  getPresets,
  getRandomPreset,
  getStylePreview,
  listBannedWords,
  listModerationRules,
  listModifiers,
  listStyles,
  setPresetFavorite,
} from '@mirage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { answeredNotModified, etagOf } from '../../http/conditional.ts';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf, viewerIdWhenAsked } from '../../http/route-auth.ts';
import type { CataloguePreviews } from './previews.ts';
import type { PreviewKind } from './repository.ts';
import type { CatalogueService } from './service.ts';

export interface CatalogueRouteDeps {
  catalogue: CatalogueService;
  previews: CataloguePreviews;
}

/** Catalogue calls that answer the same to everyone may be cached by browsers and proxies for 5 minutes. */
const SHARED_CACHE = 'public, max-age=300';
/**
 * Previews depend only on the style's or booster's lib and change only with the catalogue: a day, then a
 * revalidation by their ETag (a 304 unless the picture was painted again).
 */
const PREVIEW_CACHE = 'public, max-age=86400';
const PREVIEW_FILE = /^([a-z0-9_]{1,64})\.webp$/;

/** Sends a preview's bytes (a day's caching and an ETag of the bytes), or 304 when the client has them. */
function sendPreview(request: FastifyRequest, reply: FastifyReply, image: Buffer): FastifyReply {
  reply.header('cache-control', PREVIEW_CACHE).type('image/webp');
  if (answeredNotModified(request, reply, etagOf(image))) return reply;
  return reply.send(image);
}

/**
 * Styles, boosters, presets and moderation words (docs/product/api.md#generation: config, preset,
 * settings/modifiers), and the style and booster previews (main.ts starts the previews' seed-time run).
 */
export function registerCatalogueRoutes(fastify: FastifyInstance, deps: CatalogueRouteDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { catalogue, previews } = deps;

  const shared = (reply: FastifyReply) => reply.header('cache-control', SHARED_CACHE);

  app.get(listStyles.path, { config: { auth: 'none' }, schema: schemaOf(listStyles) }, async (_, reply) => {
    shared(reply);
    return catalogue.styles();
  });

  app.get(
    listModifiers.path,
    { config: { auth: 'none' }, schema: schemaOf(listModifiers) },
    async (_, reply) => {
      shared(reply);
      return catalogue.modifiers();
    },
  );

  app.get(
    listBannedWords.path,
    { config: { auth: 'none' }, schema: schemaOf(listBannedWords) },
    async (_, reply) => {
      shared(reply);
      return { words: await catalogue.bannedWords() };
    },
  );

  // Added call: the full rule list (suggestions, negative-prompt rules) so the web mirrors moderation.
  app.get(
    listModerationRules.path,
    { config: { auth: 'none' }, schema: schemaOf(listModerationRules) },
    async (_, reply) => {
      shared(reply);
      return { rules: await catalogue.moderationRules() };
    },
  );

  app.get(
    getPresets.path,
    {
      // A guest's presets for a stale cookie: the list only adds the user's favourite marks.
      config: { auth: 'optional-stale-as-guest' },
      schema: schemaOf(getPresets),
    },
    async (request, reply) => {
      // The favourites make the answer personal: never stored (a shared computer's cache included).
      reply.header('cache-control', 'private, no-store');
      return { presets: await catalogue.presets(await viewerIdWhenAsked(request)) };
    },
  );

  app.get(
    getRandomPreset.path,
    { config: { auth: 'none' }, schema: schemaOf(getRandomPreset) },
    async (_, reply) => {
      reply.header('cache-control', 'no-store');
      return catalogue.randomPreset();
    },
  );

  app.put(
    setPresetFavorite.path,
    { config: { auth: 'user' }, schema: schemaOf(setPresetFavorite) },
    async (request) => {
      const favorite = await catalogue.setPresetFavorite(
        userIdOf(request),
        request.params.id,
        request.body?.favorite,
      );
      return { favorite };
    },
  );

  // Painted by the preview renderer at seed time (or on first request) and kept in the object store.
  const previewOperations = { style: getStylePreview, booster: getBoosterPreview } as const;
  for (const kind of ['style', 'booster'] as const satisfies PreviewKind[]) {
    const op = previewOperations[kind];
    app.get(op.path, { config: { auth: 'none' }, schema: schemaOf(op) }, async (request, reply) => {
      const lib = PREVIEW_FILE.exec(request.params.file)?.[1];
      const image = lib === undefined ? undefined : await previews.get(kind, lib);
      if (!image) throw new AppError('not_found', { resource: `${kind}_preview` });
      return sendPreview(request, reply, image);
    });
  }
  // docs/product/image-viewer.md#files: modifier previews at /image/modifiers/{lib}.webp, {lib}_r.webp for
  // the realistic look.
  app.get(
    getModifierImage.path,
    { config: { auth: 'none' }, schema: schemaOf(getModifierImage) },
    async (request, reply) => {
      const image = await previews.modifier(request.params.file);
      if (!image) throw new AppError('not_found', { resource: 'modifier_preview' });
      return sendPreview(request, reply, image);
    },
  );
}
