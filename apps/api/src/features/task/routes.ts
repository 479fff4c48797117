import { fastLaneQuery, txt2imgBody } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdOf } from '../../http/route-auth.ts';
import type { ImageRepository } from '../image/repository.ts';
import type { LiveStreams } from '../live/stream.ts';
import { registerTaskMonitor } from './monitor.ts';
import type { QueueRepository } from './queue-repository.ts';
import type { TaskService } from './service.ts';
import { toTaskView, type createThroughputEstimator } from './view.ts';

export interface TaskRouteDeps {
  tasks: TaskService;
  queue: QueueRepository;
  images: ImageRepository;
  estimate: ReturnType<typeof createThroughputEstimator>;
  /** The live streams of this instance (features/live): the monitor is one of them. */
  live: LiveStreams;
}

/**
 * `/api/tasks` (docs/product/generation.md#tasks): txt2img, upscale and the live monitor stream (monitor.ts).
 * Returns how the user's tasks are shown on a live stream (GET /api/events sends them too).
 */
export function registerTaskRoutes(fastify: FastifyInstance, deps: TaskRouteDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const viewOf = async (userId: number, taskIds?: Set<string>) => {
    const rows = (await deps.tasks.tasksOf(userId)).filter((task) => !taskIds || taskIds.has(task.id));
    return Promise.all(
      rows.map(async (task) => {
        const image = task.image_id ? await deps.images.findById(task.image_id) : undefined;
        return toTaskView(task, { queue: deps.queue, estimate: deps.estimate, image });
      }),
    );
  };

  app.post(
    '/api/tasks/txt2img',
    { config: { auth: 'user' }, schema: { body: txt2imgBody, querystring: fastLaneQuery } },
    async (request) => {
      return deps.tasks.createTxt2img(userIdOf(request), request.body, request.query.fastlane);
    },
  );

  app.post(
    '/api/tasks/:uuid/upscale',
    {
      config: { auth: 'user' },
      schema: {
        params: z.object({ uuid: z.uuid({ error: 'image_not_found' }) }),
        querystring: fastLaneQuery,
      },
    },
    async (request) => {
      return deps.tasks.createUpscale(userIdOf(request), request.params.uuid, request.query.fastlane);
    },
  );

  registerTaskMonitor(fastify, { live: deps.live, taskViews: viewOf });
  return { taskViews: viewOf };
}
