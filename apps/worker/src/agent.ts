import type { LeaseRequest, WorkerJob } from '@mirage/domain';
import { ApiAnswerError, type ApiClient } from './api-client.ts';
import { EngineError, isImg2Img, type Engine, type EngineIo, type EngineProgress } from './engines/engine.ts';

export interface AgentLog {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
}

export interface AgentOptions {
  api: ApiClient;
  engine: Engine;
  log: AgentLog;
  /** Long-poll wait of one lease request, seconds (the API caps it at 30). */
  leaseWaitSeconds?: number;
  /** Progress is sent at most this often (the last step always goes out). */
  progressIntervalMs?: number;
  /** Backoff after an API or network failure: doubles from min to max. */
  backoff?: { minMs: number; maxMs: number };
  /** How long `stop()` lets a running job finish before giving it back to the queue. */
  gracefulMs?: number;
}

const PREVIEW_INTERVAL_MS = 1500;

/**
 * The lease loop of a worker agent: lease a job, run it on the engine while reporting progress (which
 * also extends the lease), then complete or fail it. Survives API outages with backoff; on stop it lets
 * the current job finish for a while, then gives it back as retryable so another worker takes it.
 */
export function createAgent(options: AgentOptions) {
  const { api, engine, log } = options;
  const progressInterval = options.progressIntervalMs ?? 500;
  const backoff = options.backoff ?? { minMs: 500, maxMs: 15_000 };
  let stopping = false;
  /** Set when a stop's graceful time is over: a job still to run is given back at once. */
  let graceOver = false;
  let leaseAbort: AbortController | null = null;
  let jobAbort: AbortController | null = null;
  let loop: Promise<void> | null = null;
  let delay = backoff.minMs;
  let jobsDone = 0;

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Retries network failures with backoff; `attempts` bounds it (results are retried until delivered). */
  async function retrying<T>(what: string, action: () => Promise<T>, attempts = Infinity): Promise<T> {
    for (let wait = backoff.minMs, attempt = 1; ; wait = Math.min(wait * 2, backoff.maxMs), attempt++) {
      try {
        return await action();
      } catch (error) {
        if (error instanceof ApiAnswerError || attempt >= attempts) throw error;
        log.warn(`${what} failed; retrying`, { error: String(error), retryInMs: wait });
        await sleep(wait);
      }
    }
  }

  /**
   * The job's source image and mask, downloaded with the same retrying. A job whose type needs one that
   * the job lacks is broken on the server's side: it fails without retry, before any download.
   */
  async function downloadFiles(job: WorkerJob): Promise<Pick<EngineIo, 'sourceImage' | 'maskImage'>> {
    const source = job.source_image_url;
    const mask = job.mask_image_url;
    if (isImg2Img(job) && !source) throw new EngineError(`${job.type} job without a source image`, false);
    if (job.type === 'inpaint' && !mask) throw new EngineError('inpaint job without a mask', false);
    const download = (what: string, url: string) => retrying(`download ${what}`, () => api.download(url), 5);
    return {
      sourceImage: source ? await download('source', source) : undefined,
      maskImage: mask ? await download('mask', mask) : undefined,
    };
  }

  /**
   * Runs one job and delivers its outcome. With `nextLease`, the completion also asks for the next job,
   * which is returned (null: lease normally). Only the first delivery attempt asks: a retry after a
   * lost answer would lease a second job while the first waits for the reaper.
   */
  async function runJob(job: WorkerJob, nextLease: LeaseRequest | undefined): Promise<WorkerJob | null> {
    jobAbort = new AbortController();
    if (graceOver) jobAbort.abort();
    const signal = jobAbort.signal;
    let lastSent = 0;
    let lastPreview = 0;
    let pending: Promise<void> = Promise.resolve();
    const onProgress = (progress: EngineProgress) => {
      const now = Date.now();
      const last = progress.step >= progress.max;
      if (!last && now - lastSent < progressInterval) return;
      lastSent = now;
      const withPreview = progress.previewJpeg && now - lastPreview >= PREVIEW_INTERVAL_MS;
      if (withPreview) lastPreview = now;
      const report = {
        step: progress.step,
        max: progress.max,
        ...(withPreview ? { previewJpeg: progress.previewJpeg } : {}),
      };
      pending = pending
        .then(async () => {
          await api.progress(job.id, report);
        })
        .catch((error: unknown) => {
          // The lease went to someone else (we were too slow, or the job was reaped): stop working on it.
          if (error instanceof ApiAnswerError && error.code === 'task_lease_lost') jobAbort?.abort();
        });
    };
    try {
      const files = await downloadFiles(job);
      const result = await engine.run(job, { onProgress, signal, ...files });
      await pending;
      let askNext = nextLease !== undefined && !stopping;
      const answer = await retrying('complete', () => {
        const asked = askNext ? nextLease : undefined;
        askNext = false;
        return api.complete(job.id, result.png, { seed: result.seed, model: result.model }, asked);
      });
      jobsDone += 1;
      log.info('job done', { job: job.id, type: job.type, width: result.width, height: result.height });
      return answer.next_job ?? null;
    } catch (error) {
      await pending;
      if (error instanceof ApiAnswerError) {
        log.warn('job dropped by the API', { job: job.id, code: error.code });
        return null;
      }
      const retryable = stopping || signal.aborted || !(error instanceof EngineError) || error.retryable;
      const message = stopping
        ? 'worker shutting down'
        : error instanceof Error
          ? error.message
          : String(error);
      log.warn('job failed', { job: job.id, retryable, message });
      await retrying('fail', () => api.fail(job.id, retryable, message)).catch(() => undefined);
      return null;
    } finally {
      jobAbort = null;
    }
  }

  async function run(): Promise<void> {
    const capabilities = await retrying('engine capabilities', () => engine.capabilities());
    const request = {
      engine: engine.name,
      models: {
        checkpoints: capabilities.checkpoints,
        loras: capabilities.loras,
        upscalers: capabilities.upscalers,
      },
      max_pixels: capabilities.maxPixels,
      job_types: capabilities.jobTypes,
      wait_seconds: options.leaseWaitSeconds ?? 25,
    };
    let next: WorkerJob | null = null;
    // A job handed over with the last completion is ours like a leased one: it runs even when a stop
    // came meanwhile (within the graceful time, as the job before it).
    while (!stopping || next) {
      if (next) {
        const job: WorkerJob = next;
        next = await runJob(job, request);
        continue;
      }
      leaseAbort = new AbortController();
      let job: WorkerJob | null = null;
      try {
        job = await api.lease(request, leaseAbort.signal);
        delay = backoff.minMs;
      } catch (error) {
        if (stopping) break;
        log.warn('lease failed; backing off', { error: String(error), retryInMs: delay });
        await sleep(delay);
        delay = Math.min(delay * 2, backoff.maxMs);
        continue;
      } finally {
        leaseAbort = null;
      }
      if (job) next = await runJob(job, request);
    }
  }

  return {
    start() {
      loop ??= run();
      return loop;
    },
    /** Stops leasing; lets the running job finish within gracefulMs, else gives it back. */
    async stop() {
      stopping = true;
      leaseAbort?.abort();
      const timer = setTimeout(() => {
        graceOver = true;
        jobAbort?.abort();
      }, options.gracefulMs ?? 60_000);
      await loop;
      clearTimeout(timer);
    },
    get jobsDone() {
      return jobsDone;
    },
  };
}
