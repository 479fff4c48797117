import { idValue, safeText } from '@mirage/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../errors.ts';
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
/** Previews depend only on the style's or booster's lib. */
const PREVIEW_CACHE = 'public, max-age=86400';

const styleRender = z.enum(['hentai', 'realistic']);
const styleSchema = z.object({
  id: z.number(),
  lib: z.string(),
  preview: z.string(),
  render: styleRender,
  is_free: z.boolean(),
  is_new: z.boolean(),
  pipeline: z.string(),
  txt2img: z.boolean(),
});
const modifierCategorySchema = z.object({
  id: z.number(),
  lib: z.string(),
  modifiers: z.array(
    z.object({
      id: z.number(),
      lib: z.string(),
      weight: z.number().int().min(0).max(100),
      render: z.enum(['hentai', 'realistic', 'both']),
      tags: z.array(z.string()),
      /** URL of the booster's WebP preview (256x352). */
      preview: z.string(),
      is_new: z.boolean(),
      incompatible_styles: z.array(z.number()),
    }),
  ),
});
const presetSchema = z.object({
  id: z.number(),
  lib: z.string(),
  value: z.string(),
  neg_prompt: z.string(),
  favorite: z.boolean(),
});
const ruleSchema = z.object({
  id: z.number(),
  words: z.array(z.string()),
  suggestions: z.array(z.string()),
  type: z.number().int(),
  applies_to: z.enum(['positive', 'negative', 'all']),
});
/** A preset's id in the path; a well-formed one beyond the column names no preset. */
const presetIdParams = z.object({
  id: idValue('integer', { coerce: true, beyondColumn: 'preset_not_found' }),
});
const favoriteBody = z.object({ favorite: z.boolean().optional() }).strict().nullish();
const PREVIEW_FILE = /^([a-z0-9_]{1,64})\.webp$/;

/**
 * Styles, boosters, presets and moderation words (docs/product/api.md#generation: config, preset,
 * settings/modifiers), and the style and booster previews (main.ts starts the previews' seed-time run).
 */
export function registerCatalogueRoutes(fastify: FastifyInstance, deps: CatalogueRouteDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { catalogue, previews } = deps;

  const shared = (reply: FastifyReply) => reply.header('cache-control', SHARED_CACHE);

  app.get(
    '/api/config/styles',
    { config: { auth: 'none' }, schema: { response: { 200: z.array(styleSchema) } } },
    async (_, reply) => {
      shared(reply);
      return catalogue.styles();
    },
  );

  app.get(
    '/api/settings/modifiers',
    { config: { auth: 'none' }, schema: { response: { 200: z.array(modifierCategorySchema) } } },
    async (_, reply) => {
      shared(reply);
      return catalogue.modifiers();
    },
  );

  app.get(
    '/api/config/banned_words',
    { config: { auth: 'none' }, schema: { response: { 200: z.object({ words: z.array(z.string()) }) } } },
    async (_, reply) => {
      shared(reply);
      return { words: await catalogue.bannedWords() };
    },
  );

  // Added call: the full rule list (suggestions, negative-prompt rules) so the web mirrors moderation.
  app.get(
    '/api/config/moderation_rules',
    { config: { auth: 'none' }, schema: { response: { 200: z.object({ rules: z.array(ruleSchema) }) } } },
    async (_, reply) => {
      shared(reply);
      return { rules: await catalogue.moderationRules() };
    },
  );

  app.get(
    '/api/preset',
    {
      // A guest's presets for a stale cookie: the list only adds the user's favourite marks.
      config: { auth: 'optional-stale-as-guest' },
      schema: { response: { 200: z.object({ presets: z.record(z.string(), z.array(presetSchema)) }) } },
    },
    async (request, reply) => {
      // The favourites make the answer personal: never stored (a shared computer's cache included).
      reply.header('cache-control', 'private, no-store');
      return { presets: await catalogue.presets(await viewerIdWhenAsked(request)) };
    },
  );

  app.get(
    '/api/preset/random',
    {
      config: { auth: 'none' },
      schema: {
        response: { 200: z.object({ id: z.number(), prompt: z.string(), neg_prompt: z.string() }) },
      },
    },
    async (_, reply) => {
      reply.header('cache-control', 'no-store');
      return catalogue.randomPreset();
    },
  );

  app.put(
    '/api/preset/:id/favorite',
    {
      config: { auth: 'user' },
      schema: {
        params: presetIdParams,
        body: favoriteBody,
        response: { 200: z.object({ favorite: z.boolean() }) },
      },
    },
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
  for (const kind of ['style', 'booster'] as const satisfies PreviewKind[]) {
    app.get(
      `/api/catalogue/preview/${kind}/:file`,
      { config: { auth: 'none' }, schema: { params: z.object({ file: safeText() }) } },
      async (request, reply) => {
        const lib = PREVIEW_FILE.exec(request.params.file)?.[1];
        const image = lib === undefined ? undefined : await previews.get(kind, lib);
        if (!image) return reply.status(404).send(errorBody('not_found', { resource: `${kind}_preview` }));
        return reply.header('cache-control', PREVIEW_CACHE).type('image/webp').send(image);
      },
    );
  }
  // docs/product/image-viewer.md#files: modifier previews at /image/modifiers/{lib}.webp, {lib}_r.webp for
  // the realistic look (a file route like /images/…, so not in the API documentation).
  app.get(
    '/image/modifiers/:file',
    { config: { auth: 'none' }, schema: { params: z.object({ file: safeText() }), hide: true } },
    async (request, reply) => {
      const image = await previews.modifier(request.params.file);
      if (!image) return reply.status(404).send(errorBody('not_found', { resource: 'modifier_preview' }));
      return reply.header('cache-control', PREVIEW_CACHE).type('image/webp').send(image);
    },
  );
}
