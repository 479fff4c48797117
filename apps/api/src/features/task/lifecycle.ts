import { isTerminal, jobPixels, resultProblem, TASK_STATE, type ResultProblem } from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.ts';
import type { TaskRecord, WorkerRow } from '../../db/schema/generation.ts';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';
import { AppError } from '../../errors.ts';
import type { AppMetrics } from '../../http/metrics-registry.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import {
  imageKeys,
  type ImageProcessor,
  type ImageRepository,
  type ImageSafetyService,
  InvalidImageError,
  pngSize,
} from '../image/index.ts';
import type { WorkerRepository } from '../worker/index.ts';
import { createTaskCompletion } from './completion.ts';
import {
  jobKind,
  type CompletionAnswer,
  type CompletionContext,
  type ResultMetadata,
} from './kinds/index.ts';
import type { LeasedTaskCache } from './leased-tasks.ts';
import { findTaskMask } from './mask-repository.ts';
import type { QueueRepository } from './queue-repository.ts';

export interface LifecycleDeps {
  db: DB;
  queue: QueueRepository;
  images: ImageRepository;
  workers: WorkerRepository;
  store: ObjectStore;
  processor: ImageProcessor;
  /** The image-side safety check every new image waits for (features/image/safety). */
  safety: Pick<ImageSafetyService, 'initialState' | 'checkSoon'>;
  /** Tasks this instance leased, so `complete` usually needs no query to load its task. */
  leased: LeasedTaskCache;
  notifier: Notifier;
  now: () => Date;
  leaseMs: number;
  log: FastifyBaseLogger;
  /** Job durations, failures, retries and refunds, recorded by the completion units (completion.ts). */
  metrics: Pick<AppMetrics, 'attemptEnded' | 'taskFailed' | 'taskRetried'>;
}

/** What `complete` stores about the image besides the file. */
export type CompletionMetadata = ResultMetadata;

/**
 * What happens to a leased task: progress, completion (checked, post-processed, then stored by its kind
 * through the done unit, idempotent), failure (re-queue while attempts remain, else fail and refund
 * exactly once) and the reaper for dead workers. Every end goes through the completion units
 * (completion.ts).
 */
export function createTaskLifecycle(deps: LifecycleDeps) {
  const { db, queue, now } = deps;
  const completion = createTaskCompletion({
    db,
    queue,
    workers: deps.workers,
    notifier: deps.notifier,
    now,
    metrics: deps.metrics,
  });

  const changed = (trx: DB, task: Pick<TaskRecord, 'user_id' | 'id'>) =>
    deps.notifier.notify(trx, CHANNEL.taskChanged, `${task.user_id}:${task.id}`);

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
    await completion.endAttempt(task, {
      retryable: true,
      message: `invalid result: ${problem.reason}`,
      cause: 'failure',
      holder: worker,
    });
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
    options: { uuid: string; watermark: boolean; variant?: 'upscaled'; source?: string },
  ) {
    try {
      return await deps.processor.process(png, { ...options, maxPixels: jobPixels(task.job) });
    } catch (error) {
      if (error instanceof InvalidImageError) return refuseResult(task, worker, { reason: 'format' });
      throw error;
    }
  }

  /**
   * The task's source image is gone (its owner deleted it): no retry can bring it back, so the task
   * fails now and is refunded (not retryable).
   */
  async function sourceGone(task: TaskRecord, worker: WorkerRow): Promise<never> {
    await completion.endAttempt(task, {
      retryable: false,
      message: 'source image deleted',
      cause: 'failure',
      holder: worker,
    });
    throw new AppError('image_not_found');
  }

  async function existingResult(task: TaskRecord): Promise<CompletionAnswer> {
    const image = task.image_id ? await deps.images.findById(task.image_id) : undefined;
    return { image_uuid: image?.uuid ?? null, duplicate: true };
  }

  /** Lost a race (reaped or completed meanwhile): the winner's answer when it was this worker. */
  async function answerAfterLostRace(taskId: string, worker: WorkerRow): Promise<CompletionAnswer> {
    const again = await loadTask(taskId);
    if (again.state === TASK_STATE.Done && again.image_id && again.worker_id === worker.id) {
      return existingResult(again);
    }
    throw new AppError('task_lease_lost');
  }

  const context: CompletionContext = {
    completion,
    images: deps.images,
    store: deps.store,
    safety: deps.safety,
    processResult,
    sourceGone,
    answerAfterLostRace,
    now,
  };

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

    /** An inpaint task's mask, for the worker holding its lease (GET /api/worker/jobs/:id/mask). */
    async maskImage(taskId: string, worker: WorkerRow): Promise<Buffer> {
      const task = await loadTask(taskId);
      if (task.worker_id !== worker.id || task.lease_expires_at === null)
        throw new AppError('task_lease_lost');
      const png = await findTaskMask(db, taskId);
      if (!png) throw new AppError('not_found');
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
    async complete(
      taskId: string,
      worker: WorkerRow,
      png: Buffer,
      metadata: CompletionMetadata,
    ): Promise<CompletionAnswer> {
      const task = deps.leased.take(taskId, worker.id, now()) ?? (await loadTask(taskId));
      if (task.worker_id !== worker.id) throw new AppError('task_lease_lost');
      if (task.state === TASK_STATE.Done && task.image_id) return existingResult(task);
      if (isTerminal(task.state) || task.lease_expires_at === null) throw new AppError('task_lease_lost');
      const kind = jobKind(task.type);
      await checkResult(task, worker, png, metadata);
      return kind.complete(context, task, worker, png, metadata);
    },

    /**
     * The worker gives its job up. Only the worker that holds (or last held) the task learns its state:
     * another one gets task_lease_lost, finished task or not (abuse findings L8).
     */
    async fail(taskId: string, worker: WorkerRow, retryable: boolean, message: string) {
      const task = await loadTask(taskId);
      if (task.worker_id !== worker.id) throw new AppError('task_lease_lost');
      deps.leased.forget(taskId);
      if (isTerminal(task.state)) return { state: task.state };
      await completion.endAttempt(task, {
        retryable,
        message: message.slice(0, 500),
        cause: 'failure',
        holder: worker,
      });
      const after = await loadTask(taskId);
      return { state: after.state };
    },

    /** Expired leases (the worker died or hung) go back to the queue, or fail and refund at the end. */
    async reapExpiredLeases(): Promise<number> {
      const ids = await queue.expiredLeases(now());
      for (const id of ids) {
        const task = await queue.find(id);
        if (task?.lease_expires_at && task.lease_expires_at.getTime() < now().getTime()) {
          await completion.endAttempt(task, { retryable: true, message: 'lease expired', cause: 'expiry' });
        }
      }
      return ids.length;
    },

    /**
     * A revoked worker's leases go back now, as if they had run out (the reaper's unit and rules: queued
     * again in their place while attempts remain), rather than when they expire: its user does not wait
     * for a worker that will never answer. Only while that worker still holds each one.
     */
    async releaseLeasesOf(workerId: number): Promise<number> {
      const ids = await queue.leasedBy(workerId);
      for (const id of ids) {
        deps.leased.forget(id);
        await completion.endAttempt(
          { id },
          { retryable: true, message: 'worker revoked', cause: 'expiry', leaseOf: workerId },
        );
      }
      return ids.length;
    },
  };
}
export type TaskLifecycle = ReturnType<typeof createTaskLifecycle>;
