import { createInpaint, createStyleConvert, createTxt2img, createUpscale } from '@mirage/contract';
import { MASK_MAX_BYTES } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
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

const INPAINT_BODY_LIMIT = Math.ceil((MASK_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * `/api/tasks` (docs/product/generation.md#tasks): txt2img, upscale, the two tweaks and the live monitor
 * stream (monitor.ts).
 */
export function registerTaskRoutes(fastify: FastifyInstance, deps: TaskRouteDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    createTxt2img.path,
    { config: { auth: 'user' }, schema: schemaOf(createTxt2img) },
    async (request) => {
      return deps.tasks.createTxt2img(userIdOf(request), request.body, request.query.fastlane);
    },
  );

  app.post(
    createUpscale.path,
    { config: { auth: 'user' }, schema: schemaOf(createUpscale) },
    async (request) => {
      return deps.tasks.createUpscale(userIdOf(request), request.params.uuid, request.query.fastlane);
    },
  );

  app.post(
    createInpaint.path,
    // The mask travels in the body as base64 (4/3 of its bytes): room for the largest mask and the rest.
    { config: { auth: 'user' }, schema: schemaOf(createInpaint), bodyLimit: INPAINT_BODY_LIMIT },
    async (request) => {
      return deps.tasks.createInpaint(userIdOf(request), request.body, request.query.fastlane);
    },
  );

  app.post(
    createStyleConvert.path,
    { config: { auth: 'user' }, schema: schemaOf(createStyleConvert) },
    async (request) => {
      return deps.tasks.createStyleConvert(userIdOf(request), request.body, request.query.fastlane);
    },
  );

  registerTaskMonitor(fastify, { live: deps.live, taskViews: deps.taskViews });
}
