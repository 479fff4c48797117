import { ENGINES, TASK_LANES, type ChildSafetyReason, type JobType, type TaskLane } from '@mirage/domain';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The API's Prometheus metrics (docs/architecture/metrics.md), one registry per app: each buildApp (tests
 * build many in one process) gets its own, so nothing is a global singleton. Features receive the small
 * recording functions they need through their deps (`Pick<AppMetrics, ...>`), never prom-client itself,
 * and every label value is bounded here (engines, lanes, job types and reasons are catalogues).
 *
 * Two kinds of numbers:
 * - per instance: counters and histograms recorded by the code path that saw the event, AFTER its
 *   transaction committed (a rolled-back transaction counts nothing); sum them over instances.
 * - global, read from PostgreSQL at scrape time (queue depth, recent ledger movements): every instance
 *   reports the same value, so aggregate them with max(), never sum().
 */

/** The seconds between enqueue and lease: a second-scale queue, with room for a backlog of an hour. */
const WAIT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];
/** One job on an engine: the preview renders in well under a second, a GPU upscale in minutes. */
const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600];

/** The window of the ledger gauges (`mirage_ledger_*_last_5m`). */
export const LEDGER_WINDOW_MS = 5 * 60_000;

export type AttemptOutcome = 'done' | 'failed';
export type EndCause = 'failure' | 'expiry';
/** Which check refused a prompt: the child-safety policy, or the moderation rules' forbidden words. */
export type RefusalCheck = 'child_safety' | 'rules';
export type RefusalReason = ChildSafetyReason | 'forbidden_words';

/** What the scrape-time gauges read from the database (repositories, wired by services.ts). */
export interface ScrapeSources {
  queue: () => Promise<{ lane: TaskLane; queued: number; oldest: Date | null }[]>;
  ledger: (since: Date) => Promise<{ reason: string; currency: string; movements: number; amount: number }[]>;
  now: () => Date;
  warn: (error: unknown, source: string) => void;
}

/** An engine name as a label: one of the catalogue's, else `unknown` (a worker row not touched yet). */
function engineLabel(engine: string | null | undefined): string {
  return engine && (ENGINES as readonly string[]).includes(engine) ? engine : 'unknown';
}

const seconds = (from: Date | null | undefined, to: Date) =>
  from ? Math.max(0, (to.getTime() - from.getTime()) / 1000) : undefined;

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: ScrapeSources | undefined;

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });

  const collectFailures = new Counter({
    name: 'mirage_metrics_collect_failures_total',
    help: 'Scrape-time database reads that failed (their gauges are left out of that scrape)',
    labelNames: ['source'] as const,
    registers,
  });
  /** Runs a scrape-time read; on failure the gauge is emptied (stale, not wrong) and the scrape goes on. */
  async function readInto(
    gauges: { reset: () => void }[],
    source: string,
    read: (s: ScrapeSources) => Promise<void>,
  ) {
    for (const gauge of gauges) gauge.reset();
    if (!sources) return;
    try {
      await read(sources);
    } catch (error) {
      for (const gauge of gauges) gauge.reset();
      collectFailures.inc({ source });
      sources.warn(error, source);
    }
  }

  // Queue depth: one grouped count over the queued rows (the partial index task_queue holds exactly
  // them), read at scrape time so that it is right whichever instance enqueued or leased.
  const queueOldest = new Gauge({
    name: 'mirage_queue_oldest_age_seconds',
    help: 'Age of the oldest queued task per lane, in seconds (global: the same on every instance)',
    labelNames: ['lane'] as const,
    registers,
  });
  new Gauge({
    name: 'mirage_queue_depth',
    help: 'Queued tasks per lane (global, read from the database at scrape time: aggregate with max)',
    labelNames: ['lane'] as const,
    registers,
    async collect() {
      await readInto([this, queueOldest], 'queue', async ({ queue, now }) => {
        const rows = await queue();
        const at = now();
        for (const lane of TASK_LANES) {
          const row = rows.find((candidate) => candidate.lane === lane);
          this.set({ lane }, row?.queued ?? 0);
          queueOldest.set({ lane }, seconds(row?.oldest, at) ?? 0);
        }
      });
    },
  });

  // Decision (ledger movements): a counter incremented next to `post` would count postings whose
  // transaction later rolls back (an overdraft in a later leg, a refused step after the debit), and post
  // runs inside a dozen features' transactions, none of which has a commit hook. The ledger is the
  // truth and append-only, so these gauges read it: the committed entries of the last 5 minutes by
  // reason and currency, walked backwards along the primary key from the newest entry (cost: the
  // window's rows, not the table's; ledger/stats-repository.ts). An entry whose transaction started
  // before the window and committed inside it is missed at the window's edge: a rate, not an audit.
  const ledgerAmount = new Gauge({
    name: 'mirage_ledger_amount_last_5m',
    help: 'Signed sum of ledger movements in the last 5 minutes, by reason and currency (global: use max)',
    labelNames: ['reason', 'currency'] as const,
    registers,
  });
  new Gauge({
    name: 'mirage_ledger_movements_last_5m',
    help: 'Committed ledger entries in the last 5 minutes, by reason and currency (global: use max)',
    labelNames: ['reason', 'currency'] as const,
    registers,
    async collect() {
      await readInto([this, ledgerAmount], 'ledger', async ({ ledger, now }) => {
        for (const row of await ledger(new Date(now().getTime() - LEDGER_WINDOW_MS))) {
          const labels = { reason: row.reason, currency: row.currency };
          this.set(labels, row.movements);
          ledgerAmount.set(labels, row.amount);
        }
      });
    },
  });

  const tasksCreated = new Counter({
    name: 'mirage_tasks_created_total',
    help: 'Tasks created (debited and queued, committed), by job type and lane',
    labelNames: ['job_type', 'lane'] as const,
    registers,
  });
  const queueWait = new Histogram({
    name: 'mirage_queue_wait_seconds',
    help: "Seconds from a task's creation to its first lease, by lane and job type",
    labelNames: ['lane', 'job_type'] as const,
    buckets: WAIT_BUCKETS,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'mirage_job_duration_seconds',
    help: 'Seconds from lease to the end of an attempt reported by its worker, by engine, job type and outcome',
    labelNames: ['engine', 'job_type', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const taskFailures = new Counter({
    name: 'mirage_task_failures_total',
    help: "Tasks that ended failed, by job type and cause (the worker's failure, or an expired last lease)",
    labelNames: ['job_type', 'cause'] as const,
    registers,
  });
  const taskRetries = new Counter({
    name: 'mirage_task_retries_total',
    help: 'Attempts that ended without a result and queued the task again, by job type and cause',
    labelNames: ['job_type', 'cause'] as const,
    registers,
  });
  const taskRefunds = new Counter({
    name: 'mirage_task_refunds_total',
    help: 'Refunds of failed or expired tasks, by job type and currency',
    labelNames: ['job_type', 'currency'] as const,
    registers,
  });
  const ordersCreated = new Counter({
    name: 'mirage_payment_orders_total',
    help: 'Orders created (a checkout opened), by provider',
    labelNames: ['provider'] as const,
    registers,
  });
  const notifications = new Counter({
    name: 'mirage_payment_notifications_total',
    help: "Payment providers' notifications, by provider, event kind and what the settlement did",
    labelNames: ['provider', 'kind', 'outcome'] as const,
    registers,
  });
  const refusals = new Counter({
    name: 'mirage_prompt_refusals_total',
    help: 'Prompts refused by moderation, by where (task, assistant), which check and reason',
    labelNames: ['source', 'check', 'reason'] as const,
    registers,
  });
  const liveStreams = new Gauge({
    name: 'mirage_live_streams_open',
    help: 'Live (SSE) streams open on this instance, by route',
    labelNames: ['route'] as const,
    registers,
  });

  return {
    registry,

    /** Wires the scrape-time gauges to the database (services.ts); until then they are absent. */
    readAtScrape(from: ScrapeSources): void {
      sources = from;
    },

    httpRequest(method: string, route: string, status: number, durationSeconds: number): void {
      http.observe({ method, route, status: String(status) }, durationSeconds);
    },

    /** After the creating transaction committed. */
    taskCreated(task: { type: JobType; lane: TaskLane }): void {
      tasksCreated.inc({ job_type: task.type, lane: task.lane });
    },

    /**
     * A lease handed to a worker. Only a first attempt is a queue wait: a retried task's creation time
     * also covers its earlier attempts (the task row keeps no re-queue time).
     */
    taskLeased(task: {
      type: JobType;
      lane: TaskLane;
      attempts: number;
      created_at: Date;
      started_at: Date | null;
    }): void {
      const wait = task.attempts === 1 ? seconds(task.created_at, task.started_at ?? new Date()) : undefined;
      if (wait !== undefined) queueWait.observe({ lane: task.lane, job_type: task.type }, wait);
    },

    /** An attempt its worker ended (a result stored, or a failure reported), after the commit. */
    attemptEnded(
      task: { type: JobType; started_at: Date | null },
      engine: string | null,
      outcome: AttemptOutcome,
      at: Date,
    ): void {
      const duration = seconds(task.started_at, at);
      if (duration === undefined) return;
      jobDuration.observe({ engine: engineLabel(engine), job_type: task.type, outcome }, duration);
    },

    /** A task that ended without a result (failed or expired), after the commit; `refund` when paid. */
    taskFailed(type: JobType, cause: EndCause, refund: { currency: string } | null): void {
      taskFailures.inc({ job_type: type, cause });
      if (refund) taskRefunds.inc({ job_type: type, currency: refund.currency });
    },

    taskRetried(type: JobType, cause: EndCause): void {
      taskRetries.inc({ job_type: type, cause });
    },

    orderCreated(provider: string): void {
      ordersCreated.inc({ provider });
    },

    /** A verified notification, after its settlement committed (`rejected`: its signature was not). */
    paymentNotification(provider: string, kind: string, outcome: string): void {
      notifications.inc({ provider, kind, outcome });
    },

    promptRefused(source: 'task' | 'assistant', check: RefusalCheck, reason: RefusalReason): void {
      refusals.inc({ source, check, reason });
    },

    /** A live stream opened on this instance; the returned function is its close (call it once). */
    liveStreamOpened(route: string): () => void {
      liveStreams.inc({ route });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        liveStreams.dec({ route });
      };
    },
  };
}

export type AppMetrics = ReturnType<typeof createMetrics>;
