import {
  deletePrompt,
  listPrompts,
  publishPrompt,
  savePrompt,
  sameType,
  subscribePrompt,
  type Same,
  type savedPrompt,
} from '@mirage/contract';
import { promptListBody } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { PromptService, PromptView } from './service.ts';

// The lists answer the service's views: the contract's schema must describe exactly that.
sameType<Same<z.output<typeof savedPrompt>, PromptView>>();

/**
 * `/api/prompt` (docs/product/collections-and-prompts.md#saved-prompts): save, list (mine, community,
 * subscribed), delete, publish and subscribe.
 * Every call needs a signed-in user.
 */
export function registerPromptRoutes(fastify: FastifyInstance, deps: { prompts: PromptService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { prompts } = deps;

  app.post(savePrompt.path, { config: { auth: 'user' }, schema: schemaOf(savePrompt) }, async (request) =>
    prompts.save(userIdOf(request), request.body),
  );

  app.post(listPrompts.path, { config: { auth: 'user' }, schema: schemaOf(listPrompts) }, async (request) =>
    prompts.list(
      userIdOf(request),
      request.params.target,
      request.query,
      request.body ?? promptListBody.parse({}),
    ),
  );

  // The same path as the list: here `target` is the prompt's id.
  app.delete(
    deletePrompt.path,
    { config: { auth: 'user' }, schema: schemaOf(deletePrompt) },
    async (request) => {
      await prompts.remove(userIdOf(request), request.params.target);
      return { ok: true as const };
    },
  );

  app.post(
    publishPrompt.path,
    { config: { auth: 'user' }, schema: schemaOf(publishPrompt) },
    async (request) => prompts.publish(userIdOf(request), request.params.id, request.body?.public ?? true),
  );

  app.post(
    subscribePrompt.path,
    { config: { auth: 'user' }, schema: schemaOf(subscribePrompt) },
    async (request) =>
      prompts.subscribe(userIdOf(request), request.params.id, request.body?.subscribe ?? true),
  );
}
