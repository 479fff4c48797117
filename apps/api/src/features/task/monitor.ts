import { streamTaskMonitor } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import { schemaOf } from '../../http/contract.ts';
import type { LiveStreams, LiveTopic, TaskViewReader } from '../live/index.ts';

const TASKS_ONLY: ReadonlySet<LiveTopic> = new Set(['tasks']);

/**
 * GET /api/tasks/monitor, the signed-in user's tasks as they change
 * (docs/product/generation.md#live-task-stream): the user's live stream (features/live, also GET /api/events)
 * limited to `tasks` and `unauthorized`, in the same wire format.
 * It shares the per-user stream cap and heartbeat with /api/events.
 */
export function registerTaskMonitor(
  app: FastifyInstance,
  deps: { live: LiveStreams; taskViews: TaskViewReader },
): void {
  app.get(
    streamTaskMonitor.path,
    { config: { auth: 'user' }, schema: schemaOf(streamTaskMonitor) },
    (request, reply) => deps.live.open(request, reply, { topics: TASKS_ONLY, taskViews: deps.taskViews }),
  );
}
