import { fastLaneQuery, txt2imgBody } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdOf } from '../../http/route-auth.ts';
import type { LiveStreams } from '../live/index.ts';
import { registerTaskMonitor } from './monitor.ts';
import type { TaskService } from './service.ts';
import type { TaskViews } from './view.ts';

export interface TaskRouteDeps {
  tasks: TaskService;
  /** How the user's tasks are shown on a live stream (view.ts). */
  taskViews: TaskViews;
  /** The live streams of this instance (features/live): the monitor is one of them. */
  live: LiveStreams;
}

/** `/api/tasks` (docs/product/generation.md#tasks): txt2img, upscale and the live monitor stream (monitor.ts). */
export function registerTaskRoutes(fastify: FastifyInstance, deps: TaskRouteDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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

  registerTaskMonitor(fastify, { live: deps.live, taskViews: deps.taskViews });
}
