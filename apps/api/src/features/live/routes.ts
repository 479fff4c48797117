import { streamEvents } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import { schemaOf } from '../../http/contract.ts';
import type { LiveStreams, LiveTopic, TaskViewReader } from './stream.ts';

const EVERY_TOPIC: ReadonlySet<LiveTopic> = new Set(['tasks', 'balance', 'notification', 'player']);

/**
 * GET /api/events: the signed-in user's one live stream (task changes, balance changes, notifications;
 * names and shapes in packages/domain live-stream.ts). A guest is refused like any signed-in call.
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  deps: { live: LiveStreams; taskViews: TaskViewReader },
): void {
  app.get(streamEvents.path, { config: { auth: 'user' }, schema: schemaOf(streamEvents) }, (request, reply) =>
    deps.live.open(request, reply, { topics: EVERY_TOPIC, taskViews: deps.taskViews }),
  );
}
