import { completePromptTags, convertPromptToTags } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { AssistantService } from './service.ts';

/** `/api/tasks/tags` and `/api/tasks/nl_convert` (docs/product/assistant.md): signed-in users only. */
export function registerAssistantRoutes(fastify: FastifyInstance, deps: { assistant: AssistantService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    completePromptTags.path,
    { config: { auth: 'user' }, schema: schemaOf(completePromptTags) },
    async (request) => deps.assistant.completeTags(userIdOf(request), request.body.input),
  );

  app.post(
    convertPromptToTags.path,
    { config: { auth: 'user' }, schema: schemaOf(convertPromptToTags) },
    async (request) => deps.assistant.convertToTags(userIdOf(request), request.body.input),
  );
}
