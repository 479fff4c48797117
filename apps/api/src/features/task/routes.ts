import { fastLaneQuery, txt2imgBody } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';
import { sessionToken } from '../../http/session-cookies.ts';
import type { ImageRepository } from '../image/repository.ts';
import type { SessionService } from '../session/service.ts';
import type { QueueRepository } from './queue-repository.ts';
import type { TaskService } from './service.ts';
import { toTaskView, type createThroughputEstimator } from './view.ts';

export interface TaskRouteDeps {
  tasks: TaskService;
  sessions: SessionService;
  notifier: Notifier;
  queue: QueueRepository;
  images: ImageRepository;
  estimate: ReturnType<typeof createThroughputEstimator>;
}

/** Heartbeat comments keep proxies from closing an idle stream; each one also re-checks the session. */
export const HEARTBEAT_MS = 15_000;
/** Changes arriving within this window are sent as one update. */
const COALESCE_MS = 100;

/** `/api/tasks` (spec §7): txt2img and the live monitor stream. */
export function registerTaskRoutes(fastify: FastifyInstance, deps: TaskRouteDeps): void {
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
    { schema: { body: txt2imgBody, querystring: fastLaneQuery } },
    async (request) => {
      const userId = await deps.sessions.resolve(sessionToken(request));
      return deps.tasks.createTxt2img(userId, request.body, request.query.fastlane);
    },
  );

  app.post(
    '/api/tasks/:uuid/upscale',
    {
      schema: {
        params: z.object({ uuid: z.uuid({ error: 'image_not_found' }) }),
        querystring: fastLaneQuery,
      },
    },
    async (request) => {
      const userId = await deps.sessions.resolve(sessionToken(request));
      return deps.tasks.createUpscale(userId, request.params.uuid, request.query.fastlane);
    },
  );

  /** The signed-in user's tasks as they change (spec §4): a snapshot, then updates; 401 event on logout. */
  app.get('/api/tasks/monitor', async (request, reply) => {
    const token = sessionToken(request);
    const userId = await deps.sessions.resolve(token);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) =>
      stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    stream.write('retry: 3000\n\n');
    send('tasks', await viewOf(userId));

    let pending = new Set<string>();
    let flushTimer: NodeJS.Timeout | undefined;
    const flush = async () => {
      flushTimer = undefined;
      const ids = pending;
      pending = new Set();
      send('tasks', await viewOf(userId, ids));
    };
    const unsubscribe = deps.notifier.subscribe(CHANNEL.taskChanged, (payload) => {
      const [owner, taskId] = payload.split(':');
      if (Number(owner) !== userId || !taskId) return;
      pending.add(taskId);
      flushTimer ??= setTimeout(() => void flush().catch(() => close()), COALESCE_MS);
    });
    const heartbeat = setInterval(() => {
      deps.sessions.resolve(token).then(
        () => stream.write(': heartbeat\n\n'),
        () => {
          send('unauthorized', { code: 'token_invalid' });
          close();
        },
      );
    }, HEARTBEAT_MS);
    let closed = false;
    function close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(flushTimer);
      stream.end();
    }
    request.raw.once('close', close);
  });
}
