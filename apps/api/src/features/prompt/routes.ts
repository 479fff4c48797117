import {
  PROMPT_TARGETS,
  idValue,
  promptListBody,
  promptPageQuery,
  publishPromptBody,
  savePromptBody,
  subscribePromptBody,
} from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdOf } from '../../http/route-auth.ts';
import type { PromptService } from './service.ts';

/** A saved prompt's id in the path; anything that is not one is a prompt that does not exist. */
const promptIdParams = z.object({ id: idValue('bigint', { coerce: true, error: 'not_found' }) });
const targetParams = z.object({ target: z.enum(PROMPT_TARGETS) });

const tagView = z.object({ id: z.number(), name: z.string() });
const promptView = z.object({
  id: z.number(),
  lib: z.string(),
  pos_tags: z.array(tagView),
  opt_tags: z.array(tagView),
  neg_tags: z.array(tagView),
  styles: z.array(z.number()),
  public: z.boolean(),
  user_id: z.number(),
  username: z.string(),
  is_subscribed: z.boolean(),
  is_subscribable: z.boolean(),
  subscriber_count: z.number(),
  created_at: z.string(),
});
const promptPage = z.object({
  items: z.array(promptView),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});

/**
 * `/api/prompt` (docs/product/collections-and-prompts.md#saved-prompts): save, list (mine, community,
 * subscribed), delete, publish and subscribe.
 * Every call needs a signed-in user.
 */
export function registerPromptRoutes(fastify: FastifyInstance, deps: { prompts: PromptService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { prompts } = deps;

  app.post(
    '/api/prompt/save',
    {
      config: { auth: 'user' },
      schema: { body: savePromptBody, response: { 200: z.object({ id: z.number() }) } },
    },
    async (request) => prompts.save(userIdOf(request), request.body),
  );

  app.post(
    '/api/prompt/:target',
    {
      config: { auth: 'user' },
      schema: {
        params: targetParams,
        querystring: promptPageQuery,
        body: promptListBody.nullish(),
        response: { 200: promptPage },
      },
    },
    async (request) =>
      prompts.list(
        userIdOf(request),
        request.params.target,
        request.query,
        request.body ?? promptListBody.parse({}),
      ),
  );

  app.delete(
    '/api/prompt/:id',
    { config: { auth: 'user' }, schema: { params: promptIdParams } },
    async (request) => {
      await prompts.remove(userIdOf(request), request.params.id);
      return { ok: true };
    },
  );

  app.post(
    '/api/prompt/:id/publish',
    { config: { auth: 'user' }, schema: { params: promptIdParams, body: publishPromptBody.nullish() } },
    async (request) => prompts.publish(userIdOf(request), request.params.id, request.body?.public ?? true),
  );

  app.post(
    '/api/prompt/:id/subscribe',
    { config: { auth: 'user' }, schema: { params: promptIdParams, body: subscribePromptBody.nullish() } },
    async (request) =>
      prompts.subscribe(userIdOf(request), request.params.id, request.body?.subscribe ?? true),
  );
}
