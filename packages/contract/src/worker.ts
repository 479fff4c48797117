import {
  ENGINES,
  JOB_TYPES,
  SEED_MAX,
  SEED_MIN,
  safeText,
  type FailReport,
  type LeaseRequest,
  type ProgressReport,
  type ResultMetadata,
  type WorkerJob,
} from '@mirage/domain';
import { z } from 'zod';
import { fileBytes, operation, sameType, type Same } from './define.ts';

/**
 * The worker protocol (docs/architecture.md, docs/engines.md): a GPU worker, authenticated by its token,
 * long-polls for a job, reports progress (which extends its lease), then completes it with the image or
 * gives it up. A job is fully resolved on the server: the worker needs no catalogue, plan or pricing.
 */

/** Largest result image a completion may carry (@fastify/multipart's fileSize limit in the route). */
export const COMPLETION_IMAGE_MAX_BYTES = 40 * 1024 * 1024;
/** Longest a lease request waits for a job, in seconds; and how long it waits when it does not say. */
export const LEASE_WAIT_MAX_SECONDS = 30;
export const LEASE_WAIT_DEFAULT_SECONDS = 25;

const modelName = safeText().max(200);

export const leaseBody = z
  .object({
    engine: z.enum(ENGINES).describe('The engine the worker drives'),
    models: z
      .object({
        checkpoints: z.array(modelName).max(1000),
        loras: z.array(modelName).max(5000),
        upscalers: z.array(modelName).max(1000),
      })
      .default({ checkpoints: [], loras: [], upscalers: [] })
      .describe(
        "The engine's model files: only jobs whose checkpoint is among `checkpoints` are offered " +
          '(an empty list: any, as the built-in preview engine renders every style)',
      ),
    max_pixels: z
      .number()
      .int()
      .positive()
      .max(64_000_000)
      .describe('The largest result (width × height, after hires and upscale) the worker can render'),
    job_types: z
      .array(z.enum(JOB_TYPES))
      .min(1)
      .describe('The kinds of job the worker runs; kinds this API does not run yet are never offered'),
    wait_seconds: z
      .number()
      .min(0)
      .max(LEASE_WAIT_MAX_SECONDS)
      .default(LEASE_WAIT_DEFAULT_SECONDS)
      .describe(
        'Long poll: how long to wait for a job when none is queued before answering `{"job": null}`; ' +
          '0 answers at once',
      ),
  })
  .meta({ id: 'LeaseRequest' });
// The worker agent builds the domain's LeaseRequest (defaults filled in once parsed).
sameType<Same<z.output<typeof leaseBody>, Required<LeaseRequest>>>();

export const progressBody = z.object({
  step: z.number().int().min(0).max(10_000).describe('Sampling steps done'),
  max: z.number().int().min(0).max(10_000).describe('Sampling steps in all'),
  preview_jpeg: safeText()
    .max(400_000)
    .optional()
    .describe('A small JPEG of the image so far, base64 without a data: prefix (about 100 kB at most)'),
});
sameType<Same<z.output<typeof progressBody>, ProgressReport>>();

export const failBody = z.object({
  retryable: z
    .boolean()
    .describe(
      'true: the job is queued again for another attempt (after the last attempt the task fails and is ' +
        'refunded); false: the task fails and is refunded now',
    ),
  message: safeText()
    .max(2000)
    .default('')
    .describe('Why, for the operator (the first 500 characters are kept)'),
});
sameType<Same<z.output<typeof failBody>, FailReport>>();

export const jobParams = z.object({
  id: z.uuid({ error: 'not_found' }).describe("The job's id (WorkerJob.id)"),
});

export const completionMetadata = z
  .object({
    seed: z
      .number()
      .int()
      .min(SEED_MIN)
      .max(SEED_MAX)
      .optional()
      .describe("The seed the engine used, when it is not the job's"),
    model: safeText().max(200).optional().describe('The model file the engine used, as it names it'),
  })
  .meta({ id: 'CompletionMetadata' });
sameType<Same<z.output<typeof completionMetadata>, ResultMetadata>>();

const lora = z.object({
  name: z.string().describe('The engine\'s file name of the LoRA (e.g. "style.safetensors")'),
  weight: z.number().describe('Strength applied to model and CLIP, 0..2'),
});

/** The job a worker runs, fully resolved (packages/domain's WorkerJob). */
export const workerJob = z
  .object({
    id: z.uuid().describe("The task's id; also what makes complete and fail idempotent"),
    type: z.enum(JOB_TYPES),
    attempt: z
      .number()
      .int()
      .min(1)
      .describe(
        '1 for the first lease, one more at each re-lease after an expired lease or a retryable failure',
      ),
    seed: z.number().int(),
    prompt: z.string(),
    negative_prompt: z.string(),
    checkpoint: z.string().describe('The engine model file the style needs'),
    loras: z.array(lora),
    width: z.number().int().describe('First-pass width'),
    height: z.number().int().describe('First-pass height'),
    hires: z
      .object({
        factor: z.number().describe('Scale from the first-pass size to the final size'),
        width: z.number().int().describe('Final width (authoritative over factor rounding)'),
        height: z.number().int().describe('Final height'),
        steps: z.number().int(),
        denoise: z.number(),
      })
      .nullable()
      .describe('A second, larger pass, or null'),
    steps: z.number().int(),
    cfg: z.number().describe('Guidance scale'),
    sampler: z.string(),
    scheduler: z.string(),
    upscale: z
      .object({ factor: z.literal(2), model: z.string().describe('The upscaler model file') })
      .nullable()
      .describe('A model upscale doubling the final size, or null'),
    face_restore: z.boolean(),
    watermark: z.boolean().describe('Informational: the API adds the watermark itself after completion'),
    source_image_url: z
      .string()
      .nullable()
      .describe(
        'For upscale (and image-to-image) jobs: where to download the source PNG (getJobSource), a path ' +
          'relative to the API base the worker uses; null otherwise',
      ),
    mask_image_url: z
      .string()
      .nullable()
      .describe(
        'For inpaint jobs: where to download the mask (getJobMask), a PNG at the source size, white where ' +
          'the image is repainted and black where it is kept; null otherwise',
      ),
    denoise: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Image-to-image strength, 0..1 (inpaint and style conversion); null otherwise'),
    lease_expires_at: z.iso
      .datetime()
      .describe('When the lease ends unless a progress report extends it; then the job is queued again'),
  })
  .meta({ id: 'WorkerJob' });
// The API builds, and the worker's engines run, the domain's WorkerJob: this schema must describe exactly that.
sameType<Same<z.output<typeof workerJob>, WorkerJob>>();

const leaseAnswer = z
  .object({ job: workerJob.nullable().describe('null: no job came within wait_seconds; ask again') })
  .describe('A job leased to this worker, or `job: null` when none came within the wait');

export const leaseJob = operation('leaseJob', {
  tag: 'worker',
  summary: 'Lease the next job',
  description:
    'Hands the worker the next queued job it can run (its engine, models, size and job types), leased ' +
    'to it until `lease_expires_at`. When none is queued the request waits up to `wait_seconds` (a long ' +
    'poll, woken as soon as a task is queued) and then answers `{"job": null}`; a worker that hangs up ' +
    'stops the wait, and a job leased meanwhile goes back to the queue. An instance that is shutting ' +
    'down ends the waits with `{"job": null}` and refuses new leases with 503 `service_unavailable` ' +
    '(back off, then ask again: the load balancer sends the request to another instance). Worker token only.',
  body: leaseBody,
  responses: { 200: leaseAnswer },
  errors: ['service_unavailable'],
});

export const reportJobProgress = operation('reportJobProgress', {
  tag: 'worker',
  summary: "Report a job's progress",
  description:
    "Records the steps done (and a preview the job's owner sees) and extends the lease: a worker that " +
    'reports at least once per lease keeps its job. Only the worker holding the lease may report.',
  params: jobParams,
  body: progressBody,
  responses: {
    200: z
      .object({
        lease_expires_at: z.iso.datetime().nullable().describe('The lease now ends at this time'),
      })
      .describe('Progress recorded; the lease is extended'),
  },
  errors: ['not_found', 'task_lease_lost'],
});

/** The parts of a completion (multipart/form-data), as the document shows them. */
const completionForm = z
  .object({
    image: fileBytes
      .meta({ contentMediaType: 'image/png' })
      .describe(
        `The result, a file part: a PNG of exactly the job's result size (hires and upscale included), at ` +
          `most ${COMPLETION_IMAGE_MAX_BYTES / 1024 / 1024} MB. Its bytes decide, not its declared type: ` +
          'anything but a PNG is an invalid_result',
      ),
    // A property that is a named schema shows as a bare $ref: what the fields are is said below.
    metadata: completionMetadata.optional(),
    lease: leaseBody.optional(),
  })
  .describe(
    'multipart/form-data: the file part `image` (the PNG), and two optional fields, each a JSON text ' +
      '(with or without Content-Type: application/json): `metadata`, a CompletionMetadata, and `lease`, ' +
      'a LeaseRequest asking for the next job in the same answer (`next_job`), answered without waiting. ' +
      'Other fields are ignored; at most one file and four fields.',
  );

const completionAnswer = z
  .object({
    image_uuid: z.uuid().nullable().describe('The stored image'),
    duplicate: z
      .boolean()
      .describe('true: this worker had already completed the job; the first result is kept'),
    next_job: workerJob
      .nullable()
      .optional()
      .describe('Only when the completion carried `lease`: the next job, or null when none is queued'),
  })
  .describe('The result is stored (once, however often it is sent)');

export const completeJob = operation('completeJob', {
  tag: 'worker',
  summary: 'Complete a job with its image',
  description:
    'Uploads the result of a leased job as multipart/form-data. The PNG is checked against the job ' +
    '(its size, the seed and model reported) before it is decoded: a result that does not fit ends the ' +
    'attempt as a retryable failure (422 invalid_result). Sending the same result again answers the ' +
    'same image. Only the worker that holds (or completed) the job may complete it.',
  params: jobParams,
  handlerBody: { mediaType: 'multipart/form-data', schema: completionForm },
  responses: { 200: completionAnswer },
  errors: ['not_found', 'task_lease_lost', 'invalid_result', 'image_not_found'],
});

export const failJob = operation('failJob', {
  tag: 'worker',
  summary: 'Give a job up',
  description:
    'Ends the attempt: a retryable failure queues the job again until its last attempt, anything else ' +
    'fails the task and refunds its owner (exactly once). Only the worker that holds (or last held) ' +
    'the job learns its state.',
  params: jobParams,
  body: failBody,
  responses: {
    200: z
      .object({
        state: z
          .number()
          .int()
          .describe(
            'The task state now (docs/product/generation.md#tasks): 0 queued again, 8 failed, 9 done',
          ),
      })
      .describe('The attempt is over'),
  },
  errors: ['not_found', 'task_lease_lost'],
});

export const getJobSource = operation('getJobSource', {
  tag: 'worker',
  summary: "Download a job's source image",
  description:
    'The source PNG of an upscale (or image-to-image) job, at the `source_image_url` of its WorkerJob; ' +
    'for the worker holding the lease only. image_not_found: its owner deleted it meanwhile.',
  params: jobParams,
  responses: {
    200: {
      description: 'The source image',
      content: { 'image/png': { schema: fileBytes } },
    },
  },
  errors: ['not_found', 'task_lease_lost', 'image_not_found'],
});

export const getJobMask = operation('getJobMask', {
  tag: 'worker',
  summary: "Download an inpaint job's mask",
  description:
    'The mask of an inpaint job, at the `mask_image_url` of its WorkerJob: a greyscale PNG at the source ' +
    "image's size, white where the image is redrawn. For the worker holding the lease only.",
  params: jobParams,
  responses: {
    200: {
      description: 'The mask',
      content: { 'image/png': { schema: fileBytes } },
    },
  },
  errors: ['not_found', 'task_lease_lost'],
});

const workerRow = z.object({
  name: z.string(),
  engine: z.string().nullable().describe('The engine of its last lease request'),
  disabled: z.boolean(),
  jobs_done: z.number().int(),
  jobs_failed: z.number().int(),
  busy_ms: z.number().int().describe('Time spent on completed jobs'),
  last_seen_at: z.iso.datetime().nullable().describe('Its last lease request (updated every 15 s at most)'),
  created_at: z.iso.datetime(),
});

// Inline, not a component: a whole answer that is a bare $ref reads 'Default Response' in the document.
export const workerStatus = z
  .object({
    workers: z.array(workerRow).describe('Every worker with a token, by name'),
    queue: z.object({
      queued: z.number().int().describe('Tasks waiting for a worker'),
      running: z.number().int().describe('Tasks leased to a worker'),
    }),
  })
  .describe('The workers and the queue');

export const getWorkerStatus = operation('getWorkerStatus', {
  tag: 'worker',
  summary: 'See the workers and the queue',
  description:
    "The operator's view: every worker (its engine, jobs done and failed, when it last asked for work) " +
    'and how many tasks are queued and running. Operator token only.',
  responses: { 200: workerStatus },
  errors: [],
});

/** The parts of the completion the worker sends, typed (its client builds the form from these). */
export type CompletionMetadata = z.input<typeof completionMetadata>;

export const workerOperations = {
  leaseJob,
  reportJobProgress,
  completeJob,
  failJob,
  getJobSource,
  getJobMask,
  getWorkerStatus,
};
