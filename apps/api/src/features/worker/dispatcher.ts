import type { LeaseRequest } from '@mirage/domain';
import type { TaskRow, WorkerRow } from '../../db/schema/generation.ts';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';
import type { AppMetrics } from '../../http/metrics-registry.ts';
import { isJobKindName, type LeasedTaskCache, type QueueRepository } from '../task/index.ts';
import type { WorkerRepository } from './repository.ts';

export interface DispatcherDeps {
  queue: QueueRepository;
  workers: WorkerRepository;
  notifier: Notifier;
  /** Leased tasks are remembered here for their `complete` (leased-tasks.ts). */
  leased: LeasedTaskCache;
  now: () => Date;
  leaseMs: number;
  /**
   * A waiting worker re-checks at least this often even without a notification (a missed NOTIFY, the
   * clock); 1 s by default. Tests lengthen it to show that the notification alone wakes the worker.
   */
  recheckMs?: number;
  /**
   * Aborts when this instance starts shutting down (lifecycle.ts): waiting leases end at once with no
   * job, and nothing more is leased here, so that the workers ask another instance.
   */
  draining?: AbortSignal;
  /** The queue wait of each task handed out (http/metrics-registry.ts). */
  metrics: Pick<AppMetrics, 'taskLeased'>;
}

const DEFAULT_RECHECK_MS = 1000;

/**
 * Hands queued tasks to workers. A lease request long-polls: it tries at once, then sleeps until a
 * `task_queued` notification (from any API instance) or the re-check timer, until its wait is over or
 * the worker hangs up.
 */
export function createWorkerDispatcher(deps: DispatcherDeps) {
  const recheckMs = deps.recheckMs ?? DEFAULT_RECHECK_MS;
  const waiters = new Set<() => void>();
  // last_seen_at is for the operator view: once every 15 s per worker is enough, not a write per lease.
  const lastTouch = new Map<number, number>();
  deps.notifier.subscribe(CHANNEL.taskQueued, () => {
    for (const wake of [...waiters]) wake();
  });

  async function tryLease(worker: WorkerRow, request: LeaseRequest): Promise<TaskRow | undefined> {
    // Only registered job kinds are handed out: a worker may declare kinds this API does not run yet.
    const jobTypes = request.job_types.filter(isJobKindName);
    if (jobTypes.length === 0) return undefined;
    return deps.queue.leaseNext(
      worker.id,
      { jobTypes, checkpoints: request.models.checkpoints, maxPixels: request.max_pixels },
      deps.now(),
      deps.leaseMs,
    );
  }

  return {
    /**
     * A task for the worker, or undefined when none came within its wait. `hungUp` aborts when the worker
     * hangs up: the wait ends at once, and a task leased meanwhile goes straight back to the queue.
     */
    async lease(
      worker: WorkerRow,
      request: LeaseRequest,
      hungUp?: AbortSignal,
    ): Promise<TaskRow | undefined> {
      // The row is the auth cache's (worker/service.ts, up to 10 s old): its engine is kept the declared
      // one, so that this worker's completions name their engine in /metrics at once.
      worker.engine = request.engine;
      if (Date.now() - (lastTouch.get(worker.id) ?? 0) > 15_000) {
        lastTouch.set(worker.id, Date.now());
        await deps.workers.touch(worker.id, {
          engine: request.engine,
          capabilities: { ...request.models, max_pixels: request.max_pixels, job_types: request.job_types },
          at: deps.now(),
        });
      }
      const deadline = Date.now() + (request.wait_seconds ?? 0) * 1000;
      for (;;) {
        if (deps.draining?.aborted) return undefined;
        const task = await tryLease(worker, request);
        if (task) {
          if (!hungUp?.aborted) {
            deps.leased.remember(task);
            deps.metrics.taskLeased(task);
            return task;
          }
          // The worker hung up while we leased: put the task straight back.
          await deps.queue.releaseLease(task.id);
          return undefined;
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0 || hungUp?.aborted) return undefined;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            hungUp?.removeEventListener('abort', wake);
            deps.draining?.removeEventListener('abort', wake);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(recheckMs, remaining));
          waiters.add(wake);
          hungUp?.addEventListener('abort', wake);
          deps.draining?.addEventListener('abort', wake);
        });
      }
    },

    /** The operator's view (getWorkerStatus): the known workers and how many tasks are queued and running. */
    async status() {
      const workers = (await deps.workers.list()).map((worker) => ({
        ...worker,
        last_seen_at: worker.last_seen_at?.toISOString() ?? null,
        created_at: worker.created_at.toISOString(),
      }));
      return { workers, queue: await deps.queue.counts() };
    },

    /** Whether this instance is shutting down: a new lease request is refused (503) rather than answered. */
    get draining(): boolean {
      return deps.draining?.aborted ?? false;
    },

    /** How many lease requests are asleep waiting for a task (tests wait for a worker to be waiting). */
    waitingLeases(): number {
      return waiters.size;
    },
  };
}
export type WorkerDispatcher = ReturnType<typeof createWorkerDispatcher>;
