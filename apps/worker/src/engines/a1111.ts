/**
 * AUTOMATIC1111 / Forge adapter (`--api`, docs/engines.md#a1111-and-forge-api).
 *
 * txt2img is one synchronous POST /sdapi/v1/txt2img (base size, hires fix to the final size, LoRAs as
 * `<lora:NAME:W>` prompt tokens, the checkpoint through override_settings); while it runs, GET
 * /sdapi/v1/progress is polled for steps and live previews. Forge silently renders with the loaded model
 * when the checkpoint is unknown, so `info.sd_model_name` is checked. A model upscale (job.upscale, or an
 * upscale job) goes through POST /sdapi/v1/extra-single-image. Abort sends POST /sdapi/v1/interrupt.
 *
 * Inpaint and style conversion are one POST /sdapi/v1/img2img (the source as init image, the mask for
 * inpaint, the job's strength as denoising_strength), with the same fields, progress and checks.
 */
import { resultSize, type JobType, type WorkerJob } from '@mirage/domain';
import type { Engine, EngineCapabilities, EngineIo, EngineProgress, EngineResult } from './engine.ts';
import { EngineError, assertJobType, img2imgInputs, isImg2Img, isRecord, samplingSteps } from './engine.ts';
import { sleep, throwIfAborted } from './engine.ts';
import { httpJson, httpRequest, joinUrl, longPostJson } from './http.ts';
import type { HttpOptions } from './http.ts';
import { exactPng, imageSize, toPreviewJpeg } from './image.ts';
import {
  a1111Error,
  checkCheckpoint,
  extrasRequest,
  img2imgRequest,
  img2imgSize,
  parseExtras,
  parseGeneration,
  progressImage,
  progressStep,
  sameProgress,
  txt2imgRequest,
} from './a1111-protocol.ts';

const JOB_TYPES: JobType[] = ['txt2img', 'upscale', 'inpaint', 'style_convert'];

export interface A1111EngineOptions {
  /** Where the web UI listens, e.g. http://127.0.0.1:7860. */
  baseUrl: string;
  /** `user:pass` of `--api-auth` (HTTP Basic). */
  auth?: string;
  /** Timeout of the small calls (progress, lists, interrupt; default 30 s). */
  requestTimeoutMs?: number;
  /** Timeout of one generation or upscale call, which blocks until done (default 20 min). */
  generationTimeoutMs?: number;
  /** Progress polling interval (default 500 ms). */
  pollIntervalMs?: number;
  /** hr_upscaler of the hires pass; a latent mode from /sdapi/v1/latent-upscale-modes (default "Latent"). */
  hrUpscaler?: string;
  /** Largest final width*height this worker accepts (default 4096*4096). */
  maxPixels?: number;
  log?: (message: string) => void;
}

export class A1111Engine implements Engine {
  readonly name = 'a1111' as const;
  private readonly o: Required<Omit<A1111EngineOptions, 'auth'>>;
  private readonly headers: Record<string, string>;

  constructor(options: A1111EngineOptions) {
    this.o = {
      requestTimeoutMs: 30_000,
      generationTimeoutMs: 20 * 60_000,
      pollIntervalMs: 500,
      hrUpscaler: 'Latent',
      maxPixels: 4096 * 4096,
      log: (m) => console.warn(m),
      ...options,
    };
    this.headers = options.auth
      ? { authorization: `Basic ${Buffer.from(options.auth).toString('base64')}` }
      : {};
  }

  private url(path: string): string {
    return joinUrl(this.o.baseUrl, path);
  }

  private http(what: string, extra: Partial<HttpOptions> = {}): HttpOptions {
    return { what: `A1111 ${what}`, timeoutMs: this.o.requestTimeoutMs, headers: this.headers, ...extra };
  }

  async capabilities(): Promise<EngineCapabilities> {
    const list = async (path: string) => {
      const body = await httpJson(this.url(path), this.http(`GET ${path}`));
      return Array.isArray(body) ? body.filter(isRecord) : [];
    };
    const [models, loras, upscalers] = await Promise.all([
      list('/sdapi/v1/sd-models'),
      list('/sdapi/v1/loras').catch(() => []), // the LoRA extension may be disabled
      list('/sdapi/v1/upscalers'),
    ]);
    const names = (items: Record<string, unknown>[], pick: (i: Record<string, unknown>) => unknown) =>
      items.map(pick).filter((n): n is string => typeof n === 'string' && n !== '' && n !== 'None');
    return {
      // Titles are "file.safetensors [hash]"; jobs name the file.
      checkpoints: names(models, (m) =>
        typeof m.title === 'string' ? m.title.replace(/ \[[0-9a-f]+\]$/i, '') : m.model_name,
      ),
      // Jobs name LoRA files; A1111 lists the stem as `name` and the file as `path`.
      loras: names(loras, (l) => (typeof l.path === 'string' ? l.path.split(/[\\/]/).pop() : l.name)),
      upscalers: names(upscalers, (u) => u.name),
      maxPixels: this.o.maxPixels,
      jobTypes: [...JOB_TYPES],
    };
  }

  async run(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    assertJobType(job, JOB_TYPES, this.name);
    throwIfAborted(io.signal);
    if (job.type === 'upscale') return this.upscaleJob(job, io);
    if (isImg2Img(job)) return this.img2img(job, io);
    const final = resultSize(job);
    if (final.width * final.height > this.o.maxPixels) {
      throw new EngineError(`A1111: ${final.width}x${final.height} exceeds this worker's limit`, false);
    }
    const total = samplingSteps(job) + (job.upscale ? 1 : 0);
    const text = await this.generate(
      '/sdapi/v1/txt2img',
      txt2imgRequest(job, this.o.hrUpscaler),
      io,
      (body) => {
        const p = progressStep(job, body);
        return p && { step: p.step, max: total };
      },
    );
    const answer = parseGeneration(text);
    checkCheckpoint(job, answer.info);
    let png = answer.png;
    const size = job.hires ?? job;
    if (job.upscale) {
      // Upscale from the exact hires size, so the doubled image is exact too.
      const base = await this.exact(png, size.width, size.height, 'txt2img image');
      io.onProgress({ step: total - 1, max: total });
      png = await this.extras(base.png, job.upscale.model, io);
      io.onProgress({ step: total, max: total });
    }
    const exact = await this.exact(png, final.width, final.height, 'image');
    const seed = typeof answer.info.seed === 'number' ? answer.info.seed : job.seed;
    return { ...exact, seed, model: job.checkpoint };
  }

  /** Inpaint or style conversion: the source repainted at its own size (the job's width x height). */
  private async img2img(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    const inputs = img2imgInputs(job, io);
    const { width, height } = job;
    if (width * height > this.o.maxPixels) {
      throw new EngineError(`A1111: ${width}x${height} exceeds this worker's limit`, false);
    }
    const text = await this.generate('/sdapi/v1/img2img', img2imgRequest(job, inputs), io, (body) =>
      progressStep(job, body),
    );
    const answer = parseGeneration(text, 'A1111 img2img');
    checkCheckpoint(job, answer.info);
    // Back from the rounded-up size it was asked at: stretched, not cropped, so that the kept pixels
    // stay where they were in the source. Any other size is the engine's surprise, hence logged.
    const exact = await exactPng(answer.png, width, height, 'A1111 img2img image', 'fill');
    const asked = img2imgSize(job);
    if (exact.correctedFrom && exact.correctedFrom !== `${asked.width}x${asked.height}`) {
      this.o.log(`a1111: img2img image was ${exact.correctedFrom}, resized to ${width}x${height}`);
    }
    const seed = typeof answer.info.seed === 'number' ? answer.info.seed : job.seed;
    return { png: exact.png, width, height, seed, model: job.checkpoint };
  }

  private async upscaleJob(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    if (!job.upscale) throw new EngineError('upscale job without an upscale model', false);
    if (!io.sourceImage) throw new EngineError('upscale job without a source image', false);
    const src = await imageSize(io.sourceImage, 'upscale source image');
    const width = src.width * 2;
    const height = src.height * 2;
    if (width * height > this.o.maxPixels) {
      throw new EngineError(`A1111: ${width}x${height} exceeds this worker's limit`, false);
    }
    io.onProgress({ step: 0, max: 1 });
    const png = await this.extras(io.sourceImage, job.upscale.model, io);
    io.onProgress({ step: 1, max: 1 });
    const exact = await this.exact(png, width, height, 'upscaled image');
    return { ...exact, seed: job.seed, model: job.upscale.model };
  }

  /** The image at exactly the size asked (A1111 floors sizes to multiples of 8). */
  private async exact(png: Buffer, width: number, height: number, what: string) {
    const r = await exactPng(png, width, height, `A1111 ${what}`);
    if (r.correctedFrom) this.o.log(`a1111: ${what} was ${r.correctedFrom}, resized to ${width}x${height}`);
    return { png: r.png, width, height };
  }

  private async extras(png: Buffer, upscaler: string, io: EngineIo): Promise<Buffer> {
    const text = await this.generate('/sdapi/v1/extra-single-image', extrasRequest(png, upscaler), io, null);
    return parseExtras(text);
  }

  /**
   * Runs one blocking generation call, polling progress meanwhile. Abort (or the generation timeout)
   * drops the request and sends POST /sdapi/v1/interrupt.
   */
  private async generate(
    path: string,
    body: Record<string, unknown>,
    io: EngineIo,
    mapProgress: ((progress: unknown) => EngineProgress | null) | null,
  ): Promise<string> {
    const what = `POST ${path}`;
    const stop = new AbortController();
    const polling = mapProgress ? this.pollProgress(mapProgress, io, stop.signal) : Promise.resolve();
    try {
      const res = await longPostJson(
        this.url(path),
        this.http(what, { json: body, signal: io.signal, timeoutMs: this.o.generationTimeoutMs }),
      );
      if (res.status < 200 || res.status >= 300) throw a1111Error(`A1111 ${what}`, res.status, res.text);
      return res.text;
    } catch (err) {
      // Aborted or timed out: the engine would go on rendering for nobody.
      if (io.signal.aborted || (err instanceof EngineError && /timed out/.test(err.message)))
        void this.interrupt();
      throw err;
    } finally {
      stop.abort();
      await polling;
    }
  }

  private async pollProgress(
    map: (progress: unknown) => EngineProgress | null,
    io: EngineIo,
    signal: AbortSignal,
  ): Promise<void> {
    let last: EngineProgress | null = null;
    let lastImage = '';
    let warned = false;
    while (!signal.aborted) {
      try {
        await sleep(this.o.pollIntervalMs, signal);
        const body = await httpJson(
          this.url('/sdapi/v1/progress?skip_current_image=false'),
          this.http('GET /sdapi/v1/progress', { signal }),
        );
        const mapped = map(body);
        if (!mapped) continue;
        // Never move the bar backwards (a poll can straddle the switch to the hires pass).
        const p: EngineProgress = last && mapped.step < last.step ? { ...mapped, step: last.step } : mapped;
        const image = progressImage(body);
        const imageKey = image ? image.subarray(-64).toString('base64') : '';
        const fresh = image !== null && imageKey !== lastImage;
        if (sameProgress(last, p) && !fresh) continue;
        last = p;
        lastImage = imageKey;
        const jpeg = fresh && image ? await toPreviewJpeg(image) : null;
        if (!signal.aborted) io.onProgress(jpeg ? { ...p, previewJpeg: jpeg } : p);
      } catch (err) {
        if (signal.aborted) return;
        if (!warned) this.o.log(`a1111: progress polling failed: ${(err as Error).message}`);
        warned = true;
      }
    }
  }

  private async interrupt(): Promise<void> {
    await httpRequest(
      this.url('/sdapi/v1/interrupt'),
      this.http('POST /sdapi/v1/interrupt', { json: {}, timeoutMs: 5_000 }),
    ).catch(() => undefined);
  }
}
