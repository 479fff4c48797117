import { TASK_STATE, TERMINAL_STATES, type JobType, type TaskLane, type TaskState } from '@mirage/domain';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import type { TaskRecord, TaskRow, TaskTable } from '../../db/schema/generation.ts';

/** What a worker can run: jobs needing other checkpoints or more pixels are not offered to it. */
export interface LeaseFilter {
  jobTypes: JobType[];
  /** Empty: any checkpoint (the preview engine renders every style). */
  checkpoints: string[];
  maxPixels: number;
}

/**
 * Priority by lane with ageing: a task's place is its enqueue time shifted by its lane, so a fast-lane
 * task overtakes normal tasks queued up to 2 minutes before it, and an eco task waits behind normal
 * tasks queued up to 5 minutes after it — but never longer, so no lane starves.
 */
export const LANE_SHIFT_MS: Record<TaskLane, number> = { fast: -120_000, normal: 0, eco: 300_000 };

export function queueKey(lane: TaskLane, enqueuedAt: Date): Date {
  return new Date(enqueuedAt.getTime() + LANE_SHIFT_MS[lane]);
}

/** Every task column but the preview: state changes never need the preview's bytes. */
const RECORD_COLUMNS = [
  'id',
  'user_id',
  'type',
  'state',
  'lane',
  'queue_key',
  'settings',
  'job',
  'checkpoint',
  'pixels',
  'signature',
  'cost',
  'paid_with',
  'refunded',
  'attempts',
  'max_attempts',
  'worker_id',
  'lease_expires_at',
  'started_at',
  'progress_step',
  'progress_max',
  'error',
  'source_image_id',
  'image_id',
  'created_at',
  'finished_at',
] as const satisfies readonly (keyof TaskRecord)[];

export type NewTask = Omit<Insertable<TaskTable>, 'state' | 'queue_key' | 'settings' | 'job'> & {
  settings: Record<string, unknown>;
  job: TaskTable['job']['__select__'];
};

export interface QueueOptions {
  /** The state a leased task shows, by job type: the job kinds' (task/kinds/index.ts LEASED_STATES). */
  leasedStates: Readonly<Partial<Record<JobType, TaskState>>>;
}

/**
 * The queue is the task table itself: queued rows have state 0 and are ordered by queue_key. A lease
 * takes the first row with FOR UPDATE SKIP LOCKED, so concurrent workers never get the same task.
 */
export function createQueueRepository(db: DB, options: QueueOptions) {
  // Constants of the statement's text (so that it stays one prepared statement): a leased task's state
  // by its type. Only registered kinds are leased (the dispatcher's filter), so there is no ELSE.
  const leasedState = sql<number>`case task.type ${sql.join(
    Object.entries(options.leasedStates).map(
      ([type, state]) => sql`when ${sql.lit(type)} then ${sql.lit(state)}`,
    ),
    sql` `,
  )} end`;
  return {
    /** Inserts a queued task in the caller's transaction (the one that debits its cost). */
    async enqueue(trx: Transaction<Database>, task: NewTask, now: Date): Promise<TaskRow> {
      return trx
        .insertInto('task')
        .values({
          ...task,
          state: TASK_STATE.Queue,
          queue_key: queueKey(task.lane, now),
          settings: JSON.stringify(task.settings),
          job: JSON.stringify(task.job),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async leaseNext(
      workerId: number,
      filter: LeaseFilter,
      now: Date,
      leaseMs: number,
    ): Promise<TaskRow | undefined> {
      // One statement (one round trip, its own transaction): lease_candidate (migration 0006) walks the
      // queue in order, locking the first free row and skipping rows other workers are leasing right now;
      // the update takes it. A scalar subquery, so that it runs once, not once per row.
      const candidate = sql<
        string | null
      >`(select lease_candidate(${sql.val(filter.jobTypes)}::text[], ${filter.maxPixels}::bigint, ${sql.val(filter.checkpoints)}::text[]))`;
      return db
        .updateTable('task')
        .set({
          state: leasedState,
          worker_id: workerId,
          lease_expires_at: new Date(now.getTime() + leaseMs),
          started_at: now,
          attempts: sql`task.attempts + 1`,
          progress_step: 0,
          progress_max: 0,
          preview: null,
        })
        .where('task.id', '=', candidate)
        .returningAll('task')
        .modifyEnd(prepared('lease_next'))
        .executeTakeFirst();
    },

    /** Progress from the worker holding the lease; extends the lease. Undefined when it lost the lease. */
    async recordProgress(
      taskId: string,
      workerId: number,
      progress: { step: number; max: number; preview: Buffer | null },
      leaseUntil: Date,
    ): Promise<{ user_id: number; lease_expires_at: Date | null } | undefined> {
      return db
        .updateTable('task')
        .set({
          progress_step: progress.step,
          progress_max: progress.max,
          ...(progress.preview ? { preview: progress.preview } : {}),
          lease_expires_at: leaseUntil,
        })
        .where('id', '=', taskId)
        .where('worker_id', '=', workerId)
        .where('lease_expires_at', 'is not', null)
        .returning(['user_id', 'lease_expires_at'])
        .executeTakeFirst();
    },

    /** Undoes a lease that never reached its worker (it does not count as an attempt). */
    async releaseLease(taskId: string) {
      await db
        .updateTable('task')
        .set({
          state: TASK_STATE.Queue,
          worker_id: null,
          lease_expires_at: null,
          started_at: null,
          attempts: sql`greatest(attempts - 1, 0)`,
        })
        .where('id', '=', taskId)
        .execute();
    },

    /** Locks the task row for a state change (complete, fail, reap). */
    async lockTask(trx: Transaction<Database>, taskId: string): Promise<TaskRecord | undefined> {
      return trx
        .selectFrom('task')
        .select(RECORD_COLUMNS)
        .where('id', '=', taskId)
        .forUpdate()
        .executeTakeFirst();
    },

    async find(taskId: string): Promise<TaskRecord | undefined> {
      return db.selectFrom('task').select(RECORD_COLUMNS).where('id', '=', taskId).executeTakeFirst();
    },

    async requeue(trx: Transaction<Database>, taskId: string, error: string) {
      await trx
        .updateTable('task')
        .set({
          state: TASK_STATE.Queue,
          worker_id: null,
          lease_expires_at: null,
          error,
          progress_step: 0,
          progress_max: 0,
          preview: null,
        })
        .where('id', '=', taskId)
        .execute();
    },

    async markFailed(trx: Transaction<Database>, taskId: string, error: string, now: Date) {
      await trx
        .updateTable('task')
        .set({ state: TASK_STATE.Fail, lease_expires_at: null, error, finished_at: now, preview: null })
        .where('id', '=', taskId)
        .execute();
    },

    async markDone(trx: Transaction<Database>, taskId: string, imageId: number, now: Date) {
      await trx
        .updateTable('task')
        .set({
          state: TASK_STATE.Done,
          lease_expires_at: null,
          image_id: imageId,
          finished_at: now,
          preview: null,
          error: null,
        })
        .where('id', '=', taskId)
        .execute();
    },

    async markRefunded(trx: Transaction<Database>, taskId: string) {
      await trx.updateTable('task').set({ refunded: true }).where('id', '=', taskId).execute();
    },

    /**
     * The tasks a worker holds a lease on now (a revoked worker's are released at once). `executor`: a
     * transaction that reads them with its own change.
     */
    async leasedBy(workerId: number, executor: DB = db): Promise<string[]> {
      const rows = await executor
        .selectFrom('task')
        .select('id')
        .where('worker_id', '=', workerId)
        .where('lease_expires_at', 'is not', null)
        .where('state', 'not in', [TASK_STATE.Queue, ...TERMINAL_STATES])
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async expiredLeases(now: Date, limit = 100): Promise<string[]> {
      const rows = await db
        .selectFrom('task')
        .select('id')
        .where('lease_expires_at', '<', now)
        .where('state', 'not in', [TASK_STATE.Queue, ...TERMINAL_STATES])
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Queue position (1 = next) and the number of queued tasks, for one queued task. */
    async position(taskId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('task as t')
        .select((eb) =>
          eb
            .selectFrom('task as q')
            .select(eb.fn.countAll<number>().as('ahead'))
            .where('q.state', '=', TASK_STATE.Queue)
            .whereRef('q.queue_key', '<=', 't.queue_key')
            .as('position'),
        )
        .where('t.id', '=', taskId)
        .where('t.state', '=', TASK_STATE.Queue)
        .executeTakeFirst();
      return row?.position === undefined || row.position === null ? undefined : Number(row.position);
    },

    /** How many tasks are queued and how many are leased (the operator's worker view). */
    async counts(): Promise<{ queued: number; running: number }> {
      const row = await db
        .selectFrom('task')
        .select([
          sql<number>`count(*) filter (where state = ${sql.lit(TASK_STATE.Queue)})`.as('queued'),
          sql<number>`count(*) filter (where state not in (${sql.join([TASK_STATE.Queue, ...TERMINAL_STATES].map((state) => sql.lit(state)))}))`.as(
            'running',
          ),
        ])
        .executeTakeFirstOrThrow();
      return { queued: Number(row.queued), running: Number(row.running) };
    },

    /**
     * Queued tasks per lane and the oldest one's creation (the /metrics queue gauges, read at every
     * scrape): the partial index task_queue holds exactly the queued rows, so this reads the queue only.
     */
    async depthByLane(): Promise<{ lane: TaskLane; queued: number; oldest: Date | null }[]> {
      const rows = await db
        .selectFrom('task')
        .select(['lane', sql<number>`count(*)`.as('queued'), sql<Date | null>`min(created_at)`.as('oldest')])
        .where('state', '=', TASK_STATE.Queue)
        .groupBy('lane')
        .execute();
      return rows.map((row) => ({
        lane: row.lane,
        queued: Number(row.queued),
        oldest: row.oldest === null ? null : new Date(row.oldest),
      }));
    },

    /** Tasks finished in the last window, for the ETA of queued tasks. */
    async recentThroughput(since: Date): Promise<{ done: number; busyMs: number }> {
      const row = await db
        .selectFrom('task')
        .select([
          sql<number>`count(*)`.as('done'),
          sql<number>`coalesce(sum(extract(epoch from (finished_at - started_at)) * 1000), 0)`.as('busy_ms'),
        ])
        .where('state', '=', TASK_STATE.Done)
        .where('finished_at', '>=', since)
        .executeTakeFirstOrThrow();
      return { done: Number(row.done), busyMs: Number(row.busy_ms) };
    },
  };
}
export type QueueRepository = ReturnType<typeof createQueueRepository>;
