import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { TaskRecord, WorkerRow } from '../../db/schema/generation.ts';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';
import { AppError } from '../../errors.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { imageKeys, InvalidImageError, pngSize, upscaledKeys } from '../image/post-process.ts';
import type { ImageProcessor } from '../image/processor.ts';
import { lockImage, markUpscaled, type ImageRepository } from '../image/repository.ts';
import { applyMovement } from '../ledger/repository.ts';
import type { WorkerRepository } from '../worker/repository.ts';
import type { LeasedTaskCache } from './leased-tasks.ts';
import type { QueueRepository } from './queue-repository.ts';
import { FINISHED_STATES, TASK_STATE } from './states.ts';
import { imageTags } from '../tag/image-tags.ts';
import { promptTags, resultProblem, resultSize, type ResultProblem } from '@mirage/domain';

export interface LifecycleDeps {
  db: DB;
  queue: QueueRepository;
  images: ImageRepository;
  workers: WorkerRepository;
  store: ObjectStore;
  processor: ImageProcessor;
  /** Tasks this instance leased, so `complete` usually needs no query to load its task. */
  leased: LeasedTaskCache;
  notifier: Notifier;
  now: () => Date;
  leaseMs: number;
  log: FastifyBaseLogger;
}

const TERMINAL = new Set<number>(FINISHED_STATES);

/** What `complete` stores about the image besides the file. */
export interface CompletionMetadata {
  seed?: number;
  model?: string;
}

/**
 * What happens to a leased task: progress, completion (post-processing + image row, idempotent), failure
 * (re-queue while attempts remain, else fail and refund exactly once), and the reaper for dead workers.
 */
export function createTaskLifecycle(deps: LifecycleDeps) {
  const { db, queue, now } = deps;

  const changed = (trx: DB, task: Pick<TaskRecord, 'user_id' | 'id'>) =>
    deps.notifier.notify(trx, CHANNEL.taskChanged, `${task.user_id}:${task.id}`);

  /** Refund the task's cost to the balance it was paid from, once (ledger idempotency key + flag). */
  async function refund(trx: Transaction<Database>, task: TaskRecord) {
    if (task.refunded || !task.paid_with || task.cost <= 0) return;
    await applyMovement(trx, {
      userId: task.user_id,
      balance: task.paid_with,
      delta: task.cost,
      reason: 'task_refund',
      idempotencyKey: `refund:${task.id}`,
    });
    await queue.markRefunded(trx, task.id);
  }

  /**
   * Re-queue while attempts remain (and the failure is retryable), else fail and refund. With `holder`,
   * only while that worker still holds the lease (checked on the locked row: the reaper may have given
   * the task to another worker meanwhile).
   */
  async function giveBack(task: TaskRecord, retryable: boolean, message: string, holder?: WorkerRow) {
    await db.transaction().execute(async (trx) => {
      const locked = await queue.lockTask(trx, task.id);
      if (!locked || TERMINAL.has(locked.state) || locked.state === TASK_STATE.Queue) return;
      if (holder && (locked.worker_id !== holder.id || locked.lease_expires_at === null)) return;
      if (retryable && locked.attempts < locked.max_attempts) {
        await queue.requeue(trx, locked.id, message);
        await deps.notifier.notify(trx, CHANNEL.taskQueued, locked.id);
      } else {
        await queue.markFailed(trx, locked.id, message, now());
        await refund(trx, locked);
      }
      if (locked.worker_id) await deps.workers.countJob(trx, locked.worker_id, 'failed', 0);
      await changed(trx, locked);
    });
  }

  async function loadTask(taskId: string): Promise<TaskRecord> {
    const task = await queue.find(taskId);
    if (!task) throw new AppError('not_found');
    return task;
  }

  /**
   * Decision: a result that does not fit its job ends the attempt as a retryable failure, then answers
   * 422 invalid_result. Refusing the upload alone would leave the task leased and idle until its lease
   * ran out (LEASE_SECONDS): the worker agent drops a job on any 4xx answer without calling `fail`.
   * Ended, the task is queued again at once for another attempt (another worker, or this one fixed), and
   * the attempt counter bounds the retries: after the last one the task fails and is refunded exactly
   * once, like any failure. The same upload sent again then answers task_lease_lost.
   */
  async function refuseResult(task: TaskRecord, worker: WorkerRow, problem: ResultProblem): Promise<never> {
    await giveBack(task, true, `invalid result: ${problem.reason}`, worker);
    throw new AppError('invalid_result', { ...problem });
  }

  /**
   * Checks a result against its job before anything decodes it (abuse findings M6): the size comes
   * from the PNG header (pngSize reads 24 bytes), so a 16000x16000 "bomb" is refused in microseconds.
   */
  async function checkResult(task: TaskRecord, worker: WorkerRow, png: Buffer, metadata: CompletionMetadata) {
    const problem = resultProblem(task.job, pngSize(png), metadata);
    if (problem) await refuseResult(task, worker, problem);
  }

  /**
   * Post-processes a checked result. Decoding is capped at the job's own size (sharp's
   * limitInputPixels), and a PNG whose header is right but whose data is not is an invalid result too.
   */
  async function processResult(
    task: TaskRecord,
    worker: WorkerRow,
    png: Buffer,
    options: { uuid: string; watermark: boolean; variant?: 'upscaled' },
  ) {
    const { width, height } = resultSize(task.job);
    try {
      return await deps.processor.process(png, { ...options, maxPixels: width * height });
    } catch (error) {
      if (error instanceof InvalidImageError) return refuseResult(task, worker, { reason: 'format' });
      throw error;
    }
  }

  /**
   * The owner deleted the image while it was being upscaled: there is nothing left to add the ×2 files
   * to, and no retry can bring it back, so the task fails now and is refunded (giveBack, not retryable).
   */
  async function sourceGone(task: TaskRecord, worker: WorkerRow): Promise<never> {
    await giveBack(task, false, 'source image deleted', worker);
    throw new AppError('image_not_found');
  }

  /**
   * An upscale adds the ×2 files to the source image and marks it upscaled (once). The image row is
   * locked before the task row, in the order an image deletion takes them (the image, then its tasks'
   * source_image_id set to null), so the two never deadlock; an image deleted meanwhile fails the task.
   */
  async function completeUpscale(task: TaskRecord, worker: WorkerRow, png: Buffer) {
    const source = task.source_image_id ? await deps.images.findById(task.source_image_id) : undefined;
    if (!source) return sourceGone(task, worker);
    await processResult(task, worker, png, {
      uuid: source.uuid,
      watermark: source.watermarked,
      variant: 'upscaled',
    });
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await lockImage(trx, source.id))) return 'gone' as const;
      const locked = await queue.lockTask(trx, task.id);
      if (!locked || TERMINAL.has(locked.state) || locked.worker_id !== worker.id) return 'lost' as const;
      await markUpscaled(trx, source.id);
      await queue.markDone(trx, locked.id, source.id, now());
      const busy = locked.started_at ? now().getTime() - locked.started_at.getTime() : 0;
      await deps.workers.countJob(trx, worker.id, 'done', busy);
      await changed(trx, locked);
      return 'stored' as const;
    });
    if (outcome === 'gone') {
      await Promise.all(Object.values(upscaledKeys(source.uuid)).map((key) => deps.store.delete(key)));
      return sourceGone(task, worker);
    }
    if (outcome === 'lost') {
      const again = await loadTask(task.id);
      if (again.state === TASK_STATE.Done && again.worker_id === worker.id) {
        return { image_uuid: source.uuid, duplicate: true };
      }
      throw new AppError('task_lease_lost');
    }
    return { image_uuid: source.uuid, duplicate: false };
  }

  return {
    /** The source PNG of an upscale (or img2img) job, for the worker that holds its lease only. */
    async sourceImage(taskId: string, worker: WorkerRow): Promise<Buffer> {
      const task = await loadTask(taskId);
      if (task.worker_id !== worker.id || task.lease_expires_at === null || !task.source_image_id) {
        throw new AppError('task_lease_lost');
      }
      const image = await deps.images.findById(task.source_image_id);
      const png = image ? await deps.store.get(imageKeys(image.uuid).png) : null;
      if (!png) throw new AppError('image_not_found');
      return png;
    },

    async progress(
      taskId: string,
      worker: WorkerRow,
      report: { step: number; max: number; preview: Buffer | null },
    ) {
      const task = await queue.recordProgress(
        taskId,
        worker.id,
        report,
        new Date(now().getTime() + deps.leaseMs),
      );
      if (!task) throw new AppError('task_lease_lost');
      await changed(db, { id: taskId, user_id: task.user_id });
      return { lease_expires_at: task.lease_expires_at?.toISOString() ?? null };
    },

    /**
     * Stores a checked result once: the worker that finished a task and sends its result again gets the
     * same image back. Any other worker gets the answer of a lease it does not hold, finished task or
     * not (abuse findings L8: it must not learn the image, which may be private).
     */
    async complete(taskId: string, worker: WorkerRow, png: Buffer, metadata: CompletionMetadata) {
      const task = deps.leased.take(taskId, worker.id, now()) ?? (await loadTask(taskId));
      if (task.worker_id !== worker.id) throw new AppError('task_lease_lost');
      if (task.state === TASK_STATE.Done && task.image_id) return this.existingResult(task);
      if (TERMINAL.has(task.state) || task.lease_expires_at === null) throw new AppError('task_lease_lost');
      await checkResult(task, worker, png, metadata);
      if (task.type === 'upscale') return completeUpscale(task, worker, png);
      const uuid = randomUUID();
      const processed = await processResult(task, worker, png, { uuid, watermark: task.job.watermark });
      // The task's settings and job never change after enqueue, so the row loaded above is enough.
      const settings = task.settings;
      const stored = await queue.completeWithImage(
        taskId,
        worker.id,
        {
          uuid,
          user_id: task.user_id,
          style_id: typeof settings.style_id === 'number' ? settings.style_id : null,
          gen_type: task.type,
          render: typeof settings.render === 'string' ? settings.render : null,
          format: typeof settings.format === 'string' ? settings.format : '',
          quality: typeof settings.quality === 'string' ? settings.quality : '',
          seed: metadata.seed ?? task.job.seed,
          width: processed.width,
          height: processed.height,
          prompt: task.job.prompt,
          neg_prompt: task.job.negative_prompt,
          gen_data: JSON.stringify({ ...settings, seed: task.job.seed, model: metadata.model ?? null }),
          signature: task.signature,
          is_private: settings.private === true,
          watermarked: task.job.watermark,
          upscaled: task.job.upscale !== null,
          blurhash: processed.blurhash,
          tags: promptTags(task.job.prompt).join(', '),
        },
        imageTags(task.job.prompt, settings, task.type),
        now(),
        { channel: CHANNEL.taskChanged, payload: `${task.user_id}:${task.id}` },
      );
      if (!stored) {
        // Lost a race (reaped or completed meanwhile): drop our files, answer like the winner.
        await Promise.all(Object.values(imageKeys(uuid)).map((key) => deps.store.delete(key)));
        const again = await loadTask(taskId);
        if (again.state === TASK_STATE.Done && again.image_id && again.worker_id === worker.id) {
          return this.existingResult(again);
        }
        throw new AppError('task_lease_lost');
      }
      return { image_uuid: stored.uuid, duplicate: false };
    },

    async existingResult(task: TaskRecord) {
      const image = task.image_id ? await deps.images.findById(task.image_id) : undefined;
      return { image_uuid: image?.uuid ?? null, duplicate: true };
    },

    /**
     * The worker gives its job up. Only the worker that holds (or last held) the task learns its state:
     * another one gets task_lease_lost, finished task or not (abuse findings L8).
     */
    async fail(taskId: string, worker: WorkerRow, retryable: boolean, message: string) {
      const task = await loadTask(taskId);
      if (task.worker_id !== worker.id) throw new AppError('task_lease_lost');
      deps.leased.forget(taskId);
      if (TERMINAL.has(task.state)) return { state: task.state };
      await giveBack(task, retryable, message.slice(0, 500), worker);
      const after = await loadTask(taskId);
      return { state: after.state };
    },

    /** Expired leases (the worker died or hung) go back to the queue, or fail and refund at the end. */
    async reapExpiredLeases(): Promise<number> {
      const ids = await queue.expiredLeases(now());
      for (const id of ids) {
        const task = await queue.find(id);
        if (task?.lease_expires_at && task.lease_expires_at.getTime() < now().getTime()) {
          await giveBack(task, true, 'lease expired');
        }
      }
      return ids.length;
    },
  };
}
export type TaskLifecycle = ReturnType<typeof createTaskLifecycle>;
