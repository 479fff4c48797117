import fastifyMultipart from '@fastify/multipart';
import { ENGINES, JOB_TYPES, SEED_MAX, SEED_MIN, safeText, type WorkerJob } from '@mirage/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TaskRow } from '../../db/schema/generation.ts';
import { AppError } from '../../errors.ts';
import { jobKind, type TaskLifecycle } from '../task/index.ts';
import type { WorkerDispatcher } from './dispatcher.ts';
import { authenticatedWorker } from '../../http/route-auth.ts';

export interface WorkerRouteDeps {
  dispatcher: WorkerDispatcher;
  lifecycle: TaskLifecycle;
}

const leaseBody = z.object({
  engine: z.enum(ENGINES),
  models: z
    .object({
      checkpoints: z.array(safeText().max(200)).max(1000),
      loras: z.array(safeText().max(200)).max(5000),
      upscalers: z.array(safeText().max(200)).max(1000),
    })
    .default({ checkpoints: [], loras: [], upscalers: [] }),
  max_pixels: z.number().int().positive().max(64_000_000),
  job_types: z.array(z.enum(JOB_TYPES)).min(1),
  wait_seconds: z.number().min(0).max(30).default(25),
});
const progressBody = z.object({
  step: z.number().int().min(0).max(10_000),
  max: z.number().int().min(0).max(10_000),
  preview_jpeg: safeText().max(400_000).optional(),
});
const failBody = z.object({ retryable: z.boolean(), message: safeText().max(2000).default('') });
const taskParams = z.object({ id: z.uuid({ error: 'not_found' }) });
const completionMetadata = z.object({
  seed: z.number().int().min(SEED_MIN).max(SEED_MAX).optional(),
  model: safeText().max(200).optional(),
});

/**
 * The parts of a completion's multipart body, each file read whole (the plugin's limits: one file of
 * 40 MB at most). busboy's errors on a malformed body (cut short: "Unexpected end of form"; a boundary
 * other than the header's: "Part terminated early") carry no status and would answer 500, but they are
 * the sender's fault: 400. The plugin's errors (a file over the limit: 413; not multipart: 406) keep theirs.
 */
async function* completionParts(request: FastifyRequest) {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') await part.toBuffer();
      yield part;
    }
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode !== undefined) throw error;
    throw new AppError('validation_error', { reason: 'malformed_multipart' });
  }
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
 * The worker protocol (docs/architecture.md): lease (long poll), progress, complete (multipart PNG), fail.
 */
export async function registerWorkerRoutes(fastify: FastifyInstance, deps: WorkerRouteDeps): Promise<void> {
  await fastify.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: 40 * 1024 * 1024, files: 1, fields: 4 } });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/worker/lease',
      { config: { auth: 'worker' }, schema: { body: leaseBody } },
      async (request, reply) => {
        const worker = authenticatedWorker(request);
        const task = await deps.dispatcher.lease(worker, request.body, hangUpSignal(reply));
        return { job: task ? toWorkerJob(task) : null };
      },
    );

    app.post(
      '/api/worker/jobs/:id/progress',
      { config: { auth: 'worker' }, schema: { params: taskParams, body: progressBody } },
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
    // job in the same answer: a busy worker then makes one request per job instead of two.
    app.post(
      '/api/worker/jobs/:id/complete',
      { config: { auth: 'worker' }, schema: { params: taskParams } },
      async (request, reply) => {
        const worker = authenticatedWorker(request);
        let png: Buffer | undefined;
        let metadata: z.infer<typeof completionMetadata> = {};
        let nextLease: z.infer<typeof leaseBody> | undefined;
        for await (const part of completionParts(request)) {
          if (part.type === 'file' && part.fieldname === 'image') png = await part.toBuffer();
          else if (part.type === 'field' && part.fieldname === 'metadata') {
            const parsed = completionMetadata.safeParse(parseJson(String(part.value)));
            if (!parsed.success) throw new AppError('validation_error', { field: 'metadata' });
            metadata = parsed.data;
          } else if (part.type === 'field' && part.fieldname === 'lease') {
            const parsed = leaseBody.safeParse(parseJson(String(part.value)));
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

    app.post(
      '/api/worker/jobs/:id/fail',
      { config: { auth: 'worker' }, schema: { params: taskParams, body: failBody } },
      async (request) => {
        const worker = authenticatedWorker(request);
        return deps.lifecycle.fail(request.params.id, worker, request.body.retryable, request.body.message);
      },
    );

    app.get(
      '/api/worker/jobs/:id/source',
      { config: { auth: 'worker' }, schema: { params: taskParams, hide: true } },
      async (request, reply) => {
        const worker = authenticatedWorker(request);
        const png = await deps.lifecycle.sourceImage(request.params.id, worker);
        reply.header('content-type', 'image/png');
        return reply.send(png);
      },
    );

    app.get('/api/worker/status', { config: { auth: 'operator' }, schema: { hide: true } }, async () => {
      return deps.dispatcher.status();
    });
  });
}
