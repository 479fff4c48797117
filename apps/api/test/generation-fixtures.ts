import { randomUUID } from 'node:crypto';
import type { StoredJob } from '../src/db/schema/generation.ts';
import { post } from '../src/features/ledger/repository.ts';
import sharp from 'sharp';
import type { TestContext } from './harness.ts';

/** A resolved job like the task service builds, with neutral values. */
export function sampleJob(id: string, overrides: Partial<StoredJob> = {}): StoredJob {
  return {
    id,
    type: 'txt2img',
    seed: 42,
    prompt: 'a lighthouse at dusk',
    negative_prompt: 'blurry',
    checkpoint: 'mirage-anime.safetensors',
    loras: [],
    width: 64,
    height: 88,
    hires: null,
    steps: 4,
    cfg: 5,
    sampler: 'euler',
    scheduler: 'normal',
    upscale: null,
    face_restore: false,
    watermark: false,
    source_image_url: null,
    mask_image_url: null,
    denoise: null,
    ...overrides,
  };
}

/** Debits `cost` tickets and queues a task in one transaction, as the task service does. */
export async function enqueuePaidTask(
  t: TestContext,
  userId: number,
  options: {
    cost?: number;
    lane?: 'fast' | 'normal' | 'eco';
    job?: Partial<StoredJob>;
    settings?: Record<string, unknown>;
    maxAttempts?: number;
  } = {},
) {
  const id = randomUUID();
  const cost = options.cost ?? 2;
  const job = sampleJob(id, options.job);
  return t.database.db.transaction().execute(async (trx) => {
    // A free task moves nothing (the ledger refuses a zero movement), as in the task service.
    if (cost > 0) {
      const ref = { type: 'task' as const, id };
      await post(
        trx,
        [{ userId, currency: 'tickets', delta: -cost, reason: 'task_debit', ref }],
        `debit:${id}`,
      );
    }
    return t.services.queue.enqueue(
      trx,
      {
        id,
        user_id: userId,
        type: job.type,
        lane: options.lane ?? 'normal',
        settings: {
          format: 'Portrait',
          quality: 'Standard',
          style_id: 1,
          style_lib: 'anime_modern',
          render: 'hentai',
          ...options.settings,
        },
        job,
        checkpoint: job.checkpoint,
        pixels: job.width * job.height,
        signature: null,
        cost,
        paid_with: cost > 0 ? 'generation_token' : null,
        ...(options.maxAttempts ? { max_attempts: options.maxAttempts } : {}),
      },
      new Date(),
    );
  });
}

export async function pngOf(
  width: number,
  height: number,
  colour = { r: 40, g: 60, b: 120 },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A multipart body for /complete, built like the worker agent builds it. */
export function completeForm(
  png: Buffer,
  metadata: Record<string, unknown> = {},
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  form.append('image', new Blob([png], { type: 'image/png' }), 'result.png');
  return form;
}

/** A lease request of a preview worker that answers at once. */
export const previewLease = {
  engine: 'preview',
  models: { checkpoints: [], loras: [], upscalers: [] },
  max_pixels: 4_000_000,
  job_types: ['txt2img'],
  wait_seconds: 0,
};

/** The worker side of the protocol over HTTP, for tests that play a worker against `base`. */
export function workerCalls(base: string) {
  return {
    lease: async (token: string, body: Record<string, unknown> = previewLease) => {
      const response = await fetch(`${base}/api/worker/lease`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { job?: { id: string } | null } };
    },
    /** `extra` adds form fields, e.g. `{ lease: JSON }` to ask for the next job. */
    complete: async (token: string, taskId: string, png: Buffer, extra: Record<string, string> = {}) => {
      const response = await fetch(`${base}/api/worker/jobs/${taskId}/complete`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: completeForm(png, { seed: 42 }, extra),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}
