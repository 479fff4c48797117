/**
 * AI Horde client adapter (docs/engines.md#ai-horde): the worker asks a Horde instance for each job
 * instead of rendering it, as a requester, with the operator's API key.
 *
 * One job is one async request: POST /v2/generate/async (the job's checkpoint mapped to a Horde model,
 * sizes rounded to multiples of 64), then GET /v2/generate/check/{id} about once a second (slower when the
 * Horde announces a long wait) with the queue reported as progress, then GET /v2/generate/status/{id}
 * exactly once when check says done (the Horde rate-limits status to ~10 a minute), then the image
 * downloaded from its r2 URL and brought to the job's exact size as PNG. A request that is given up
 * (abort, timeout, fault, no worker able to serve it) is cancelled with DELETE /v2/generate/status/{id},
 * so that it does not go on spending the operator's kudos.
 */
import { resultSize, type JobType, type WorkerJob } from '@mirage/domain';
import type { Engine, EngineCapabilities, EngineIo, EngineProgress, EngineResult } from './engine.ts';
import { EngineError, assertJobType, samplingSteps, sleep, throwIfAborted } from './engine.ts';
import { HordeHttp, type HordeTimer } from './horde-http.ts';
import { decodeInline, finalPng, maskWebp, sourceWebp } from './horde-image.ts';
import type { HordeModelMap } from './horde-models.ts';
import type { HordeGeneration } from './horde-protocol.ts';
import {
  HORDE_ANONYMOUS_KEY,
  HORDE_DEFAULT_URL,
  generateRequest,
  nextPollMs,
  parseAsyncAnswer,
  parseCheck,
  parseStatus,
  resultSeed,
  waitStep,
} from './horde-protocol.ts';

/**
 * No 'upscale': the Horde upscales only what it renders (post-processing), it has no call that upscales
 * an image of ours without re-rendering it.
 */
const JOB_TYPES: JobType[] = ['txt2img', 'inpaint', 'style_convert'];

export interface HordeEngineOptions {
  /** Our checkpoint file -> Horde model name (HORDE_MODELS). Its keys are the checkpoints we declare. */
  models: HordeModelMap;
  /** API root of the instance (default https://aihorde.net/api). */
  baseUrl?: string;
  /** Requester key (default the anonymous 0000000000). */
  apiKey?: string;
  /** `name:version:contact`, how the Horde tells clients apart. */
  clientAgent?: string;
  /** Requests are marked nsfw, so that workers that censor do not take them (default true). */
  nsfw?: boolean;
  /** Only the Horde's trusted workers may serve our requests (default false). */
  trustedWorkers?: boolean;
  /** Largest final width*height declared (default 1024*1024: above, the Horde wants kudos upfront). */
  maxPixels?: number;
  /** Check interval (default 1 s), stretched up to maxPollIntervalMs (5 s) when the wait is long. */
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  /** Timeout of one API call (default 30 s) and of the result download (default 60 s). */
  requestTimeoutMs?: number;
  downloadTimeoutMs?: number;
  /** A request not done after this long is cancelled, retryably (default 20 min, the Horde's expiry). */
  generationTimeoutMs?: number;
  /** How long `is_possible: false` is tolerated before the request is cancelled (default 2 min). */
  impossibleTimeoutMs?: number;
  /** Retries of a call on 429, 5xx or network errors (default 4), first backoff (1 s, doubling). */
  retries?: number;
  backoffMs?: number;
  /** Longest single wait between retries, Retry-After included (default 60 s). */
  maxRetryWaitMs?: number;
  /** The last progress is sent again this often, so that long waits keep the lease (default 10 s). */
  heartbeatMs?: number;
  /** Clock and sleep (tests make time virtual). */
  timer?: HordeTimer;
  log?: (message: string) => void;
}

type Settings = Required<Omit<HordeEngineOptions, 'models'>>;

export class HordeEngine implements Engine {
  readonly name = 'horde' as const;
  private readonly o: Settings;
  private readonly models: HordeModelMap;
  private readonly http: HordeHttp;
  /** LoRA names already logged as not sent. */
  private readonly unsentLoras = new Set<string>();

  constructor(options: HordeEngineOptions) {
    const { models, ...rest } = options;
    this.models = models;
    this.o = {
      baseUrl: HORDE_DEFAULT_URL,
      apiKey: HORDE_ANONYMOUS_KEY,
      clientAgent: 'mirage-worker:0:unknown',
      nsfw: true,
      trustedWorkers: false,
      maxPixels: 1024 * 1024,
      pollIntervalMs: 1000,
      maxPollIntervalMs: 5000,
      requestTimeoutMs: 30_000,
      downloadTimeoutMs: 60_000,
      generationTimeoutMs: 20 * 60_000,
      impossibleTimeoutMs: 2 * 60_000,
      retries: 4,
      backoffMs: 1000,
      maxRetryWaitMs: 60_000,
      heartbeatMs: 10_000,
      timer: { now: () => Date.now(), sleep },
      log: (m) => console.warn(m),
      ...rest,
    };
    this.http = new HordeHttp(this.o);
  }

  capabilities(): Promise<EngineCapabilities> {
    // Nothing to ask the Horde: what we can run is what the model map names.
    return Promise.resolve({
      checkpoints: Object.keys(this.models),
      loras: [],
      upscalers: [],
      maxPixels: this.o.maxPixels,
      jobTypes: [...JOB_TYPES],
    });
  }

  async run(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    assertJobType(job, JOB_TYPES, this.name);
    throwIfAborted(io.signal);
    const model = Object.hasOwn(this.models, job.checkpoint) ? this.models[job.checkpoint] : undefined;
    if (!model) throw new EngineError(`AI Horde: no Horde model is mapped to ${job.checkpoint}`, false);
    const final = resultSize(job);
    if (final.width * final.height > this.o.maxPixels) {
      throw new EngineError(`AI Horde: ${final.width}x${final.height} exceeds this worker's limit`, false);
    }
    const body = await this.requestBody(job, io, model);
    this.noteUnsentLoras(job);

    const max = Math.max(1, samplingSteps(job));
    let last: EngineProgress = { step: 0, max };
    const report = (p: EngineProgress) => {
      last = p.step < last.step ? { ...p, step: last.step } : p; // estimates can grow: never go back
      io.onProgress(last);
    };
    // Progress is what extends the lease: it must keep coming through long queues and retry waits.
    const heartbeat = setInterval(() => io.onProgress(last), this.o.heartbeatMs);
    try {
      report(last);
      const started = this.o.timer.now();
      const answer = await this.http.json('POST', '/v2/generate/async', io.signal, body);
      const { id, notes } = parseAsyncAnswer(answer);
      for (const note of notes) this.o.log(`horde: job ${job.id} (request ${id}): ${note}`);
      let generation: HordeGeneration;
      try {
        await this.waitUntilDone(id, job, io, started, report);
        generation = await this.generation(id, io.signal);
      } catch (err) {
        await this.cancel(id);
        throw err;
      }
      assertUncensored(generation, id);
      const image = /^https?:\/\//i.test(generation.img)
        ? await this.http.download(generation.img, io.signal)
        : decodeInline(generation.img);
      throwIfAborted(io.signal);
      // img2img and inpaint results are stretched back exactly as the Horde stretched the source.
      const fit = job.type === 'txt2img' ? 'cover' : 'fill';
      const { png } = await finalPng(image, final.width, final.height, fit);
      report({ step: max, max });
      return { png, ...final, seed: resultSeed(generation, job), model: generation.model ?? model };
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** The request body; img2img and inpaint sources (and the mask) go as base64 WebP. */
  private async requestBody(job: WorkerJob, io: EngineIo, model: string) {
    const context = { model, nsfw: this.o.nsfw, trustedWorkers: this.o.trustedWorkers };
    if (job.type === 'txt2img') return generateRequest(job, context);
    if (!io.sourceImage) throw new EngineError(`${job.type} job without a source image`, false);
    if (job.denoise === null) throw new EngineError(`${job.type} job without a denoise`, false);
    if (job.type === 'inpaint' && !io.maskImage) throw new EngineError('inpaint job without a mask', false);
    const [sourceImage, sourceMask] = await Promise.all([
      sourceWebp(io.sourceImage),
      job.type === 'inpaint' && io.maskImage ? maskWebp(io.maskImage) : undefined,
    ]);
    return generateRequest(job, { ...context, sourceImage, ...(sourceMask ? { sourceMask } : {}) });
  }

  /**
   * Checks until done. Faulted: retryable, since a faulted request is one the Horde's workers failed
   * (they crashed or timed out, twice or more), not one it refused; the API bounds the attempts.
   * `is_possible: false` for impossibleTimeoutMs: not retryable, since no worker of the Horde can serve
   * this model, size or option now, another attempt would wait on the same Horde for nothing, and the
   * user is better served by a refund now. Past generationTimeoutMs: retryable (a slow queue).
   */
  private async waitUntilDone(
    id: string,
    job: WorkerJob,
    io: EngineIo,
    started: number,
    report: (p: EngineProgress) => void,
  ): Promise<void> {
    let impossibleSince: number | null = null;
    for (let delay = this.o.pollIntervalMs; ;) {
      await this.o.timer.sleep(delay, io.signal);
      const check = parseCheck(await this.http.json('GET', `/v2/generate/check/${id}`, io.signal));
      const now = this.o.timer.now();
      if (check.faulted)
        throw new EngineError(`AI Horde request ${id} faulted (its workers failed it)`, true);
      if (check.done) return;
      report(waitStep(job, now - started, check));
      impossibleSince = check.isPossible ? null : (impossibleSince ?? now);
      if (impossibleSince !== null && now - impossibleSince >= this.o.impossibleTimeoutMs) {
        throw new EngineError(
          `AI Horde: no worker can serve request ${id} (model ${this.models[job.checkpoint]}, ` +
            `${Math.round((now - impossibleSince) / 1000)} s without one)`,
          false,
        );
      }
      if (now - started >= this.o.generationTimeoutMs) {
        throw new EngineError(
          `AI Horde request ${id}: not done after ${this.o.generationTimeoutMs} ms`,
          true,
        );
      }
      delay = nextPollMs(check, this.o.pollIntervalMs, this.o.maxPollIntervalMs);
    }
  }

  /** The first generation of a done request: status is read once (the Horde allows ~10 a minute). */
  private async generation(id: string, signal: AbortSignal): Promise<HordeGeneration> {
    const status = parseStatus(await this.http.json('GET', `/v2/generate/status/${id}`, signal));
    const generation = status.generations[0];
    if (!generation) {
      const why = status.faulted ? 'faulted' : 'finished without an image';
      throw new EngineError(`AI Horde request ${id} ${why}`, true);
    }
    return generation;
  }

  /** Best effort, once, with its own short deadline: the job's signal may be the reason we cancel. */
  private async cancel(id: string): Promise<void> {
    await this.http
      .json('DELETE', `/v2/generate/status/${id}`, AbortSignal.timeout(5000), undefined, 0)
      .catch((err: unknown) => this.o.log(`horde: cancelling request ${id} failed: ${String(err)}`));
  }

  /**
   * Our LoRAs are our own files; the Horde knows LoRAs by CivitAI ids. They are not sent, and the job
   * renders with the mapped model alone (said once per LoRA in the log).
   */
  private noteUnsentLoras(job: WorkerJob): void {
    for (const lora of job.loras) {
      if (this.unsentLoras.has(lora.name)) continue;
      this.unsentLoras.add(lora.name);
      this.o.log(`horde: LoRA ${lora.name} is not sent to the AI Horde; jobs render without it`);
    }
  }
}

/**
 * Censored: not retryable. We ask for nsfw with censor_nsfw off, so what still censors is a worker's
 * safety filter (CSAM) or a worker that may not show nsfw; the image is then a placeholder that must
 * never reach the user, and the same prompt would most likely be censored again: fail and refund now.
 */
function assertUncensored(generation: HordeGeneration, id: string): void {
  if (!generation.censored) return;
  const reason = generation.metadata.filter((m) => m.startsWith('censorship')).join(', ');
  throw new EngineError(
    `AI Horde censored the image of request ${id} (${reason || 'no reason given'})`,
    false,
  );
}
