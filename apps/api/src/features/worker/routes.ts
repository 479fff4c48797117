import fastifyMultipart from '@fastify/multipart';
import {
  completeJob,
  completionMetadata,
  COMPLETION_IMAGE_MAX_BYTES,
  failJob,
  getJobMask,
  getJobSource,
  getWorkerStatus,
  leaseBody,
  leaseJob,
  reportJobProgress,
} from '@mirage/contract';
import type { WorkerJob } from '@mirage/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TaskRow } from '../../db/schema/generation.ts';
import { AppError } from '../../errors.ts';
import { jobKind, type TaskLifecycle } from '../task/index.ts';
import type { WorkerDispatcher } from './dispatcher.ts';
import { schemaOf } from '../../http/contract.ts';
import { multipartParts } from '../../http/multipart.ts';
import { authenticatedWorker } from '../../http/route-auth.ts';

export interface WorkerRouteDeps {
  dispatcher: WorkerDispatcher;
  lifecycle: TaskLifecycle;
}

/** A JSON field's value: the plugin has parsed it when its part said Content-Type: application/json. */
function fieldJson(part: { mimetype: string; value: unknown }): unknown {
  return part.mimetype === 'application/json' ? part.value : parseJson(String(part.value));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Turns a leased task row into the fully resolved job a worker runs: its kind's (task/kinds). */
export function toWorkerJob(task: TaskRow): WorkerJob {
  return jobKind(task.type).toWorkerJob(task);
}

/**
 * Aborts when the worker hangs up before its answer is sent, so that a long poll stops waiting and a
 * task leased meanwhile goes back to the queue instead of to nobody. The response's `close` says it
 * (the request's own `close` already fired once its body was read).
 */
function hangUpSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  if (response.destroyed) controller.abort();
  else response.once('close', () => !response.writableFinished && controller.abort());
  return controller.signal;
}

/**
 * The worker protocol (docs/architecture.md; its contract: packages/contract/src/worker.ts): lease (long
 * poll), progress, complete (multipart PNG), fail, the source image, and the operator's status view.
 */
export async function registerWorkerRoutes(fastify: FastifyInstance, deps: WorkerRouteDeps): Promise<void> {
  await fastify.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: COMPLETION_IMAGE_MAX_BYTES, files: 1, fields: 4 },
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      leaseJob.path,
      { config: { auth: 'worker' }, schema: schemaOf(leaseJob) },
      async (request, reply) => {
        const worker = authenticatedWorker(request);
        // A shutting-down instance: the agent backs off and asks again, through the balancer, elsewhere.
        if (deps.dispatcher.draining) throw new AppError('service_unavailable');
        const task = await deps.dispatcher.lease(worker, request.body, hangUpSignal(reply));
        return { job: task ? toWorkerJob(task) : null };
      },
    );

    app.post(
      reportJobProgress.path,
      { config: { auth: 'worker' }, schema: schemaOf(reportJobProgress) },
      async (request) => {
        const worker = authenticatedWorker(request);
        const { step, max, preview_jpeg: preview } = request.body;
        return deps.lifecycle.progress(request.params.id, worker, {
          step,
          max,
          preview: preview ? Buffer.from(preview, 'base64') : null,
        });
      },
    );

    // An optional `lease` field (a lease request, answered without waiting) asks for the worker's next
    // job in the same answer: a busy worker then makes one request per job instead of two. The body is
    // multipart, read here part by part (the contract documents it as completeJob's handlerBody).
    app.post(
      completeJob.path,
      { config: { auth: 'worker' }, schema: schemaOf(completeJob) },
      async (request, reply) => {
        const worker = authenticatedWorker(request);
        let png: Buffer | undefined;
        let metadata: z.output<typeof completionMetadata> = {};
        let nextLease: z.output<typeof leaseBody> | undefined;
        for await (const part of multipartParts(request)) {
          if (part.type === 'file' && part.fieldname === 'image') png = await part.toBuffer();
          else if (part.type === 'field' && part.fieldname === 'metadata') {
            const parsed = completionMetadata.safeParse(fieldJson(part));
            if (!parsed.success) throw new AppError('validation_error', { field: 'metadata' });
            metadata = parsed.data;
          } else if (part.type === 'field' && part.fieldname === 'lease') {
            const parsed = leaseBody.safeParse(fieldJson(part));
            if (!parsed.success) throw new AppError('validation_error', { field: 'lease' });
            nextLease = parsed.data;
          }
        }
        if (!png) throw new AppError('validation_error', { field: 'image' });
        const result = await deps.lifecycle.complete(request.params.id, worker, png, metadata);
        if (!nextLease) return result;
        // The result is stored whatever happens next: a failed lease only means the worker asks again.
        const next = await deps.dispatcher
          .lease(worker, { ...nextLease, wait_seconds: 0 }, hangUpSignal(reply))
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'lease after complete failed');
            return undefined;
          });
        return { ...result, next_job: next ? toWorkerJob(next) : null };
      },
    );

    app.post(failJob.path, { config: { auth: 'worker' }, schema: schemaOf(failJob) }, async (request) => {
      const worker = authenticatedWorker(request);
      return deps.lifecycle.fail(request.params.id, worker, request.body.retryable, request.body.message);
    });

    app.get(
      getJobSource.path,
      { config: { auth: 'worker' }, schema: schemaOf(getJobSource) },
      async (request, reply) => {
        const worker = authenticatedWorker(request);
        const png = await deps.lifecycle.sourceImage(request.params.id, worker);
        reply.header('content-type', 'image/png');
        return reply.send(png);
      },
    );

    app.get(
      getJobMask.path,
      { config: { auth: 'worker' }, schema: schemaOf(getJobMask) },
      async (request, reply) => {
        const worker = authenticatedWorker(request);
        const png = await deps.lifecycle.maskImage(request.params.id, worker);
        reply.header('content-type', 'image/png');
        return reply.send(png);
      },
    );

    app.get(
      getWorkerStatus.path,
      { config: { auth: 'operator' }, schema: schemaOf(getWorkerStatus) },
      async () => deps.dispatcher.status(),
    );
  });
}
