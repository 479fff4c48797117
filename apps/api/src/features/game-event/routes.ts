import {
  claimGameEventImage,
  consumeGameEvent,
  getGameEvent,
  getGameEventForVisitor,
} from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { GameEventService } from './service.ts';

/**
 * /api/event (spec §7): GET the current event, GET visitor, POST {uuid} (consume), POST
 * {eventUuid}/{imageUuid} (token reward). "Visitor" is read as the signed-out visitor's view: the same event
 * without a player's state, so the landing page can show it too.
 */
export function registerGameEventRoutes(fastify: FastifyInstance, deps: { gameEvents: GameEventService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { gameEvents } = deps;
  const user = { auth: 'user' } as const;

  app.get(
    getGameEventForVisitor.path,
    { config: { auth: 'none' }, schema: schemaOf(getGameEventForVisitor) },
    async () => gameEvents.forVisitor(),
  );

  app.get(getGameEvent.path, { config: user, schema: schemaOf(getGameEvent) }, async (request) =>
    gameEvents.forPlayer(userIdOf(request)),
  );

  app.post(consumeGameEvent.path, { config: user, schema: schemaOf(consumeGameEvent) }, async (request) =>
    gameEvents.consume(userIdOf(request), request.params.uuid),
  );

  app.post(
    claimGameEventImage.path,
    { config: user, schema: schemaOf(claimGameEventImage) },
    async (request) =>
      gameEvents.claim(userIdOf(request), request.params.eventUuid, request.params.imageUuid),
  );
}
