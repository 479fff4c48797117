import { currencyOfBalance, EVENT_DEDUPE_KEY, TASK_STATE, isTerminal } from '@mirage/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { TaskRecord, WorkerRow } from '../../db/schema/generation.ts';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';
import type { AppMetrics } from '../../http/metrics-registry.ts';
import { lockImage } from '../image/index.ts';
import { post } from '../ledger/index.ts';
import { appendEvent } from '../outbox/index.ts';
import type { WorkerRepository } from '../worker/index.ts';
import { completeWithNewImage, type NewImageCompletion } from './completion-repository.ts';
import { deleteTaskMask } from './mask-repository.ts';
import type { QueueRepository } from './queue-repository.ts';

export interface CompletionDeps {
  db: DB;
  queue: QueueRepository;
  workers: WorkerRepository;
  notifier: Notifier;
  now: () => Date;
  /** Recorded after each unit commits (http/metrics-registry.ts): a rolled-back end counts nothing. */
  metrics: Pick<AppMetrics, 'attemptEnded' | 'taskFailed' | 'taskRetried'>;
}

/** How a task that did not finish ends: a worker's failure, or a lease that ran out (the reaper). */
export type EndCause = 'failure' | 'expiry';

/**
 * Where every task ends, one unit per outcome — done, failed, expired — each writing the task, its image,
 * its tags, the refund and the outbox event (`task.done`, `task.failed`, `task.expired`) together: in one
 * statement (done with a new image) or one transaction (the others). A task ends once: every unit runs
 * under the task's row lock and a guard that it is not finished yet, and the event's dedupe key is the
 * task's (EVENT_DEDUPE_KEY.taskEnded), so a repeated call writes nothing twice.
 */
export function createTaskCompletion(deps: CompletionDeps) {
  const { db, queue, now } = deps;

  const changed = (trx: DB, task: Pick<TaskRecord, 'user_id' | 'id'>) =>
    deps.notifier.notify(trx, CHANNEL.taskChanged, `${task.user_id}:${task.id}`);

  /**
   * Refunds the task's cost to the balance it was paid from, once (ledger key and flag); the currency
   * when it was paid (null: free), `already` when an earlier end refunded it.
   */
  async function refund(
    trx: Transaction<Database>,
    task: TaskRecord,
  ): Promise<{ currency: string; already: boolean } | null> {
    if (!task.paid_with || task.cost <= 0) return null;
    const currency = currencyOfBalance(task.paid_with);
    if (task.refunded) return { currency, already: true };
    await post(
      trx,
      [
        {
          userId: task.user_id,
          currency,
          delta: task.cost,
          reason: 'task_refund',
          ref: { type: 'task', id: task.id },
        },
      ],
      `refund:${task.id}`,
    );
    await queue.markRefunded(trx, task.id);
    return { currency, already: false };
  }

  /** The failed and expired units: the task fails, is refunded, and its end is recorded. */
  async function endUnfinished(
    trx: Transaction<Database>,
    locked: TaskRecord,
    cause: EndCause,
    message: string,
  ) {
    await queue.markFailed(trx, locked.id, message, now());
    await deleteTaskMask(trx, locked.id);
    const refunded = await refund(trx, locked);
    const payload = { taskId: locked.id, userId: locked.user_id, jobType: locked.type, refunded: !!refunded };
    await appendEvent(
      trx,
      cause === 'failure' ? { type: 'task.failed', payload } : { type: 'task.expired', payload },
      { dedupeKey: EVENT_DEDUPE_KEY.taskEnded(locked.id) },
    );
    return refunded && !refunded.already ? { currency: refunded.currency } : null;
  }

  return {
    /**
     * Done, with a new image (txt2img, inpaint, style conversion): one statement
     * (completion-repository.ts). Undefined when the guard failed: the lease was lost or the task is
     * finished already, and nothing was written.
     */
    async doneWithNewImage(
      task: TaskRecord,
      worker: WorkerRow,
      result: Pick<NewImageCompletion, 'image' | 'tags'>,
    ): Promise<{ id: number; uuid: string } | undefined> {
      const stored = await completeWithNewImage(db, {
        taskId: task.id,
        workerId: worker.id,
        image: result.image,
        tags: result.tags,
        now: now(),
        notification: { channel: CHANNEL.taskChanged, payload: `${task.user_id}:${task.id}` },
        event: { taskId: task.id, userId: task.user_id, jobType: task.type },
      });
      if (stored) deps.metrics.attemptEnded(task, worker.engine, 'done', now());
      return stored;
    },

    /**
     * Done, on the task's source image (an upscale adds files to it): `applyToImage` changes the image
     * row in the same transaction. The image row is locked before the task row, in the order an image
     * deletion takes them (the image, then its tasks' source_image_id set to null), so the two never
     * deadlock. 'gone': the image was deleted meanwhile; 'lost': the lease was lost or the task finished.
     */
    async doneOnSourceImage(
      task: TaskRecord,
      worker: WorkerRow,
      imageId: number,
      applyToImage: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<'stored' | 'gone' | 'lost'> {
      const outcome = await db.transaction().execute(async (trx) => {
        if (!(await lockImage(trx, imageId))) return 'gone' as const;
        const locked = await queue.lockTask(trx, task.id);
        if (!locked || isTerminal(locked.state) || locked.worker_id !== worker.id) return 'lost' as const;
        await applyToImage(trx);
        await queue.markDone(trx, locked.id, imageId, now());
        const busy = locked.started_at ? now().getTime() - locked.started_at.getTime() : 0;
        await deps.workers.countJob(trx, worker.id, 'done', busy);
        await appendEvent(
          trx,
          {
            type: 'task.done',
            payload: { taskId: locked.id, userId: locked.user_id, jobType: locked.type, imageId },
          },
          { dedupeKey: EVENT_DEDUPE_KEY.taskEnded(locked.id) },
        );
        await changed(trx, locked);
        return 'stored' as const;
      });
      if (outcome === 'stored') deps.metrics.attemptEnded(task, worker.engine, 'done', now());
      return outcome;
    },

    /**
     * An attempt ends without a result. While attempts remain and the cause is retryable the task is
     * queued again (no end: no event); else it ends — failed (the worker's failure or a result refused
     * for the last time) or expired (the reaper: its lease ran out on the last attempt). With `holder`,
     * only while that worker still holds the lease (checked on the locked row: the reaper may have given
     * the task to another worker meanwhile); `leaseOf` checks the same by the worker's id alone (a revoked
     * worker's lease, released by the console: no attempt duration is recorded, as for an expiry).
     */
    async endAttempt(
      task: Pick<TaskRecord, 'id'>,
      attempt: {
        retryable: boolean;
        message: string;
        cause: EndCause;
        holder?: WorkerRow;
        leaseOf?: number;
      },
    ): Promise<void> {
      const ended = await db.transaction().execute(async (trx) => {
        const locked = await queue.lockTask(trx, task.id);
        if (!locked || isTerminal(locked.state) || locked.state === TASK_STATE.Queue) return undefined;
        const holderId = attempt.holder?.id ?? attempt.leaseOf;
        if (holderId !== undefined && (locked.worker_id !== holderId || locked.lease_expires_at === null)) {
          return undefined;
        }
        let refund: { currency: string } | null | undefined;
        if (attempt.retryable && locked.attempts < locked.max_attempts) {
          await queue.requeue(trx, locked.id, attempt.message);
          await deps.notifier.notify(trx, CHANNEL.taskQueued, locked.id);
        } else {
          refund = await endUnfinished(trx, locked, attempt.cause, attempt.message);
        }
        if (locked.worker_id) await deps.workers.countJob(trx, locked.worker_id, 'failed', 0);
        await changed(trx, locked);
        return { locked, refund };
      });
      if (!ended) return;
      // Committed: the attempt's duration (a worker's report; an expired lease's is only the lease
      // time, not a job's), then the task's end or its retry.
      const { locked, refund } = ended;
      if (attempt.holder) deps.metrics.attemptEnded(locked, attempt.holder.engine, 'failed', now());
      if (refund === undefined) deps.metrics.taskRetried(locked.type, attempt.cause);
      else deps.metrics.taskFailed(locked.type, attempt.cause, refund);
    },
  };
}
export type TaskCompletion = ReturnType<typeof createTaskCompletion>;
