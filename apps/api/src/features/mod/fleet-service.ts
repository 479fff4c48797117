import { workerPresence } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { SerialKeyService } from '../serial-key/index.ts';
import { newWorkerToken, type WorkerAuth, type WorkerRepository } from '../worker/index.ts';
import type { StaffActor } from './actor.ts';
import { appendAudit } from './audit-repository.ts';
import type { ModOperationsRepository } from './operations-repository.ts';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** A worker's leases, from the task feature (composed in services.ts). */
export interface WorkerLeases {
  /** The tasks it holds a lease on now, read in `trx`. */
  heldBy(workerId: number, trx: DB): Promise<string[]>;
  /** Puts them back now, as an expired lease goes back (task/lifecycle.ts releaseLeasesOf). */
  release(workerId: number): Promise<number>;
}

/**
 * The console's keys and workers areas (docs/product/moderation-console.md#serial-key-batches and
 * #workers), admins only: the serial-key feature's batches and revocation, worker tokens and the workers'
 * live status. Each change and its audit entry commit together.
 */
export function createModFleetService(deps: {
  db: DB;
  repository: ModOperationsRepository;
  serialKeys: SerialKeyService;
  workers: WorkerRepository;
  workerAuth: WorkerAuth;
  /** The task feature's leases: what a worker holds, and releasing them (the reaper's unit). */
  leases: WorkerLeases;
  now: () => Date;
}) {
  const { db, repository, now } = deps;
  return {
    async batches() {
      const rows = await deps.serialKeys.batches();
      return rows
        .map((batch) => ({
          id: batch.id,
          reseller: batch.reseller,
          tickets: batch.tickets,
          pro_days: batch.pro_days,
          minted: batch.key_count,
          redeemed: batch.redeemed,
          revoked: batch.revoked,
          note: batch.note,
          created_at: iso(batch.created_at),
          revoked_at: isoOrNull(batch.revoked_at),
        }))
        .reverse();
    },

    /** Revokes a batch; false (and no audit entry) when it was revoked already. */
    async revokeBatch(actor: StaffActor, batchId: number, note: string): Promise<boolean> {
      const exists = (await deps.serialKeys.batches()).some((batch) => batch.id === batchId);
      if (!exists) throw new AppError('not_found');
      return db.transaction().execute(async (trx) => {
        const at = now();
        const revoked = await deps.serialKeys.revokeBatch(batchId, trx);
        if (!revoked) return false;
        await appendAudit(trx, {
          actor,
          action: 'key_batch_revoked',
          target: { type: 'key_batch', id: batchId },
          note,
          at,
        });
        return true;
      });
    },

    async workersNow() {
      const [workers, jobs] = await Promise.all([repository.listWorkers(), repository.leasedJobs()]);
      const at = now();
      return workers.map((worker) => {
        const job = jobs.find((candidate) => candidate.worker_id === worker.id);
        return {
          id: worker.id,
          name: worker.name,
          engine: worker.engine,
          capabilities: (worker.capabilities ?? null) as Record<string, unknown> | null,
          presence: workerPresence({ ...worker, lease_expires_at: job?.lease_expires_at ?? null }, at),
          last_seen_at: isoOrNull(worker.last_seen_at),
          jobs_done: worker.jobs_done,
          jobs_failed: worker.jobs_failed,
          created_at: iso(worker.created_at),
          job:
            job && job.lease_expires_at
              ? {
                  task_id: job.id,
                  type: job.type,
                  progress_step: job.progress_step,
                  progress_max: job.progress_max,
                  lease_expires_at: iso(job.lease_expires_at),
                }
              : null,
        };
      });
    },

    /** A new token for the worker `name` (created if new; a revoked one is enabled again). */
    async issueToken(actor: StaffActor, name: string, note: string | undefined) {
      const { token, hash } = newWorkerToken();
      const result = await db.transaction().execute(async (trx) => {
        const replaced = (await repository.workerNamed(trx, name)) !== undefined;
        const worker = await deps.workers.upsertToken(name, hash, trx);
        await appendAudit(trx, {
          actor,
          action: 'worker_token_issued',
          target: { type: 'worker', id: worker.id },
          note: note ?? null,
          detail: { name, replaced },
          at: now(),
        });
        return { id: worker.id, name: worker.name, replaced };
      });
      deps.workerAuth.forget();
      return { ...result, token };
    },

    /**
     * Disables a worker's token, then releases the jobs it holds at once (queued again by the reaper's
     * rules; nothing is refunded or charged again) rather than when their leases run out: its reports are
     * refused from now on, so its user would wait for nothing. The audit entry names the jobs it held.
     * A revoke of a revoked worker changes nothing but still releases what it holds (a lease taken on
     * another instance whose token cache had not yet expired, or a release cut short).
     */
    async revokeWorker(actor: StaffActor, workerId: number, note: string): Promise<boolean> {
      const changed = await db.transaction().execute(async (trx) => {
        const worker = await repository.lockWorker(trx, workerId);
        if (!worker) throw new AppError('not_found');
        if (worker.disabled) return false;
        await deps.workers.setDisabled(worker.name, true, trx);
        await appendAudit(trx, {
          actor,
          action: 'worker_revoked',
          target: { type: 'worker', id: workerId },
          note,
          detail: { name: worker.name, released_tasks: await deps.leases.heldBy(workerId, trx) },
          at: now(),
        });
        return true;
      });
      deps.workerAuth.forget();
      await deps.leases.release(workerId);
      return changed;
    },
  };
}
export type ModFleetService = ReturnType<typeof createModFleetService>;
