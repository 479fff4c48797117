/**
 * ComfyUI adapter (docs/engines.md#comfyui-http-routes, #comfyui-websocket, #comfyui-workflows): builds
 * an API-format workflow, follows it on the websocket, and downloads the SaveImage output.
 *
 * Flow: open `/ws?clientId=<uuid>` first (declaring supports_preview_metadata), POST /prompt, then follow
 * `progress`, preview frames and the end of the prompt: `execution_success`, `executing {node:null}`
 * (the only signal of pre-2024-07 servers), `execution_error` or `execution_interrupted`. Outputs come
 * from the SaveImage `executed` event, or from GET /history/{id}. If the socket cannot be opened or
 * drops, /history is polled instead (and /queue, to notice a prompt lost by a restarted server).
 *
 * Face restore: ComfyUI core has no face-restore node. When /object_info lists the facerestore_cf custom
 * nodes and a model, they are added to jobs that ask for it (comfyui-face-restore.ts); otherwise the flag
 * is ignored, and that is logged once.
 *
 * Inpaint and style conversion upload the source (and mask) first, then run comfyui-img2img.ts's graph.
 */
import { randomUUID } from 'node:crypto';
import type { JobType, WorkerJob } from '@mirage/domain';
import type { Engine, EngineCapabilities, EngineIo, EngineProgress, EngineResult } from './engine.ts';
import { EngineAbortError, EngineError, assertJobType, isImg2Img, isRecord, sleep } from './engine.ts';
import { throwIfAborted } from './engine.ts';
import { HttpStatusError, httpJson, httpRequest, joinUrl, readBody, statusError } from './http.ts';
import type { HttpOptions } from './http.ts';
import { exactPng, imageSize, toPreviewJpeg } from './image.ts';
import { ComfySocket } from './comfyui-socket.ts';
import type { SocketEvent } from './comfyui-socket.ts';
import { buildWorkflow, outputSize, planStep, progressPlan, saveNodeId } from './comfyui-workflow.ts';
import { FaceRestoreDiscovery } from './comfyui-face-restore.ts';
import { img2imgWorkflow } from './comfyui-img2img.ts';
import type { ComfyWorkflow, ProgressPlan } from './comfyui-workflow.ts';
import type { Uploader } from './comfyui-img2img.ts';
import {
  executionError,
  objectInfoCombo,
  outputImages,
  parseHistory,
  queueHas,
  validationError,
} from './comfyui-parse.ts';
import type { HistoryOutcome, ImageRef } from './comfyui-parse.ts';

const JOB_TYPES: JobType[] = ['txt2img', 'upscale', 'inpaint', 'style_convert'];

export interface ComfyUIEngineOptions {
  /** Where ComfyUI listens, e.g. http://127.0.0.1:8188 (a path prefix behind a proxy is kept). */
  baseUrl: string;
  /** Extra headers for every request and the websocket handshake (e.g. a reverse proxy's Authorization). */
  headers?: Record<string, string>;
  /** Timeout of one HTTP request (default 30 s). */
  requestTimeoutMs?: number;
  /** Longest a whole prompt may take before it is interrupted and failed as retryable (default 20 min). */
  jobTimeoutMs?: number;
  /** History polling interval when the websocket is unavailable (default 2 s). */
  pollIntervalMs?: number;
  /** Websocket handshake timeout (default 10 s). */
  connectTimeoutMs?: number;
  /** Declare supports_preview_metadata on the socket (default true). */
  previewMetadata?: boolean;
  /** Largest final width*height this worker accepts (default 4096*4096). */
  maxPixels?: number;
  log?: (message: string) => void;
}

interface Follow {
  promptId: string;
  saveNode: string;
  plan: ProgressPlan;
  io: EngineIo;
}

export class ComfyUIEngine implements Engine {
  readonly name = 'comfyui' as const;
  private readonly o: Required<Omit<ComfyUIEngineOptions, 'headers'>> & { headers: Record<string, string> };
  private readonly faceRestore: FaceRestoreDiscovery;

  constructor(options: ComfyUIEngineOptions) {
    this.o = {
      headers: {},
      requestTimeoutMs: 30_000,
      jobTimeoutMs: 20 * 60_000,
      pollIntervalMs: 2_000,
      connectTimeoutMs: 10_000,
      previewMetadata: true,
      maxPixels: 4096 * 4096,
      log: (m) => console.warn(m),
      ...options,
    };
    this.faceRestore = new FaceRestoreDiscovery(
      (node) => httpJson(this.url(`/object_info/${node}`), this.http(`GET /object_info/${node}`)),
      this.o.log,
    );
  }

  private url(path: string): string {
    return joinUrl(this.o.baseUrl, path);
  }

  private http(what: string, extra: Partial<HttpOptions> = {}): HttpOptions {
    return { what: `ComfyUI ${what}`, timeoutMs: this.o.requestTimeoutMs, headers: this.o.headers, ...extra };
  }

  async capabilities(): Promise<EngineCapabilities> {
    let lists: string[][];
    try {
      lists = await Promise.all(
        ['checkpoints', 'loras', 'upscale_models'].map(async (folder) => {
          const body = await httpJson(this.url(`/models/${folder}`), this.http(`GET /models/${folder}`));
          if (!Array.isArray(body)) throw new EngineError(`ComfyUI /models/${folder}: not a list`, false);
          return body.filter((x): x is string => typeof x === 'string');
        }),
      );
    } catch (err) {
      // Unreachable or aborted: no point asking another route.
      if (err instanceof EngineError && err.retryable && !(err instanceof HttpStatusError)) throw err;
      // Servers before the /models route (or with a broken one): read the loaders' combos instead.
      const info = await httpJson(this.url('/object_info'), this.http('GET /object_info'));
      lists = [
        objectInfoCombo(info, 'CheckpointLoaderSimple', 'ckpt_name'),
        objectInfoCombo(info, 'LoraLoader', 'lora_name'),
        objectInfoCombo(info, 'UpscaleModelLoader', 'model_name'),
      ];
    }
    const [checkpoints = [], loras = [], upscalers = []] = lists;
    return { checkpoints, loras, upscalers, maxPixels: this.o.maxPixels, jobTypes: [...JOB_TYPES] };
  }

  async run(job: WorkerJob, io: EngineIo): Promise<EngineResult> {
    assertJobType(job, JOB_TYPES, this.name);
    throwIfAborted(io.signal);
    const faceRestore = job.face_restore && job.type !== 'upscale' ? await this.faceRestore.forJob() : null;
    const upload: Uploader = (png, name, what) => this.upload(png, name, what, io.signal);
    // Without a source image, buildWorkflow refuses the upscale job.
    const source =
      job.type === 'upscale' && io.sourceImage
        ? await upload(io.sourceImage, `mirage-${job.id}.png`, 'upscale source image')
        : undefined;
    const workflow = isImg2Img(job)
      ? await img2imgWorkflow(job, io, upload, faceRestore ?? undefined)
      : buildWorkflow(job, source, faceRestore ?? undefined);
    const expected = outputSize(job, source);
    if (expected.width * expected.height > this.o.maxPixels) {
      throw new EngineError(
        `ComfyUI: ${expected.width}x${expected.height} exceeds this worker's limit`,
        false,
      );
    }
    const clientId = randomUUID();
    const socket = await this.openSocket(clientId);
    try {
      const promptId = await this.queuePrompt(workflow, clientId, io.signal);
      const follow = { promptId, saveNode: saveNodeId(workflow), plan: progressPlan(workflow), io };
      const images = await this.follow(socket, follow);
      const first = images[0];
      if (!first) throw new EngineError('ComfyUI finished without an output image', false);
      const png = await this.download(first, io.signal);
      const exact = await exactPng(png, expected.width, expected.height, 'ComfyUI output');
      if (exact.correctedFrom) {
        this.o.log(
          `comfyui: output was ${exact.correctedFrom}, resized to ${expected.width}x${expected.height}`,
        );
      }
      const model = job.type === 'upscale' ? (job.upscale?.model ?? '') : job.checkpoint;
      return { png: exact.png, width: exact.width, height: exact.height, seed: job.seed, model };
    } finally {
      socket?.close();
    }
  }

  private async openSocket(clientId: string): Promise<ComfySocket | null> {
    const wsUrl = this.url(`/ws?clientId=${clientId}`).replace(/^http/, 'ws');
    try {
      return await ComfySocket.connect(wsUrl, {
        headers: this.o.headers,
        timeoutMs: this.o.connectTimeoutMs,
        previewMetadata: this.o.previewMetadata,
      });
    } catch (err) {
      this.o.log(`comfyui: websocket unavailable (${(err as Error).message}); polling /history instead`);
      return null;
    }
  }

  /**
   * POST /upload/image (multipart field `image`, type input, overwrite: a job's later attempt replaces
   * its own file under the same job-scoped name); the answer's key is `name`.
   */
  private async upload(png: Buffer, filename: string, what: string, signal: AbortSignal) {
    const size = await imageSize(png, what);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), filename);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    const body = await httpJson(this.url('/upload/image'), this.http('POST /upload/image', { form, signal }));
    if (!isRecord(body) || typeof body.name !== 'string') {
      throw new EngineError('ComfyUI /upload/image: answer without a name', true);
    }
    const sub = typeof body.subfolder === 'string' && body.subfolder !== '' ? `${body.subfolder}/` : '';
    return { name: `${sub}${body.name}`, ...size };
  }

  private async queuePrompt(workflow: ComfyWorkflow, clientId: string, signal: AbortSignal): Promise<string> {
    const o = this.http('POST /prompt', { json: { prompt: workflow, client_id: clientId }, signal });
    const res = await httpRequest(this.url('/prompt'), o);
    const text = (await readBody(res, o)).toString('utf8');
    if (res.status === 400) throw validationError(res.status, text);
    if (!res.ok) throw statusError(o.what, res.status, text);
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // handled below
    }
    if (!isRecord(body) || typeof body.prompt_id !== 'string') {
      throw new EngineError(`ComfyUI POST /prompt: unexpected answer ${text.slice(0, 200)}`, true);
    }
    return body.prompt_id;
  }

  /** Follows the prompt to its end; resolves with its output images. */
  private follow(socket: ComfySocket | null, f: Follow): Promise<ImageRef[]> {
    const { promptId, saveNode, plan, io } = f;
    return new Promise<ImageRef[]>((resolve, reject) => {
      let done = false;
      let polling = false;
      let settling = false;
      let current: string | null = null;
      let last: EngineProgress = { step: 0, max: plan.total };
      const images: ImageRef[] = [];
      const stop = new AbortController(); // ends the polling loops
      const finish = (err: Error | null, value: ImageRef[] = []) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        io.signal.removeEventListener('abort', onAbort);
        stop.abort();
        if (err) reject(err);
        else resolve(value);
      };
      const onAbort = () => {
        void this.interrupt(promptId);
        finish(new EngineAbortError());
      };
      const timer = setTimeout(() => {
        void this.interrupt(promptId);
        finish(new EngineError(`ComfyUI: prompt not finished after ${this.o.jobTimeoutMs} ms`, true));
      }, this.o.jobTimeoutMs);
      io.signal.addEventListener('abort', onAbort, { once: true });
      if (io.signal.aborted) onAbort();
      const settle = (outcome: HistoryOutcome) => {
        if (outcome.kind === 'success') finish(null, outcome.images);
        else if (outcome.kind === 'error') finish(outcome.error);
        else finish(new EngineError('ComfyUI: the prompt was interrupted on the engine', true));
      };
      const emit = (p: EngineProgress) => {
        if (!done) io.onProgress(p);
      };
      // After a "done" signal: history is written at task_done, which can come just after execution_success.
      const settleFromHistory = () => {
        if (settling) return;
        settling = true;
        this.waitHistory(promptId, saveNode, 100, 50, stop.signal)
          .then((outcome) => (outcome ? settle(outcome) : startPolling()))
          .catch((err: Error) => finish(err));
      };
      const startPolling = () => {
        if (polling || done) return;
        polling = true;
        this.pollUntilDone(promptId, saveNode, stop.signal)
          .then(settle)
          .catch((err: Error) => finish(err));
      };
      const onEvent = (ev: SocketEvent) => {
        if (done) return;
        if (ev.kind === 'preview') {
          if (ev.promptId !== null && ev.promptId !== promptId) return;
          const at = last;
          void toPreviewJpeg(ev.image).then((jpeg) => jpeg && emit({ ...at, previewJpeg: jpeg }));
          return;
        }
        const { type, data } = ev;
        if (data.prompt_id !== undefined && data.prompt_id !== promptId) return;
        if (type === 'executing') {
          if (data.node === null && images.length > 0) finish(null, images);
          else if (data.node === null) settleFromHistory();
          else if (typeof data.node === 'string') current = data.node;
        } else if (type === 'progress') {
          const node = typeof data.node === 'string' ? data.node : current;
          const value = Number(data.value);
          const max = Number(data.max);
          const mapped = planStep(plan, node, value, max) ?? (node === null ? { step: value, max } : null);
          if (mapped && Number.isFinite(mapped.step) && Number.isFinite(mapped.max)) {
            last = mapped;
            emit(mapped);
          }
        } else if (type === 'executed' && data.node === saveNode && isRecord(data.output)) {
          images.push(...outputImages(data.output));
        } else if (type === 'execution_success') {
          if (images.length > 0) finish(null, images);
          else settleFromHistory();
        } else if (type === 'execution_error') {
          finish(executionError(data));
        } else if (type === 'execution_interrupted') {
          finish(new EngineError('ComfyUI: the prompt was interrupted on the engine', true));
        }
      };
      if (socket) {
        socket.listen(onEvent, () => {
          this.o.log(`comfyui: websocket closed during prompt ${promptId}; polling /history`);
          startPolling();
        });
      } else startPolling();
    });
  }

  private async fetchHistory(
    promptId: string,
    saveNode: string,
    signal: AbortSignal,
  ): Promise<HistoryOutcome | null> {
    const body = await httpJson(this.url(`/history/${promptId}`), this.http('GET /history', { signal }));
    return parseHistory(body, promptId, saveNode);
  }

  /** Polls history quickly a few times (right after a done signal). */
  private async waitHistory(
    promptId: string,
    saveNode: string,
    intervalMs: number,
    tries: number,
    signal: AbortSignal,
  ): Promise<HistoryOutcome | null> {
    for (let i = 0; i < tries; i++) {
      const outcome = await this.fetchHistory(promptId, saveNode, signal);
      if (outcome) return outcome;
      await sleep(intervalMs, signal);
    }
    return null;
  }

  /**
   * The fallback without a socket: poll /history until the prompt is done. A prompt that is neither in
   * history nor in the queue twice in a row was lost (server restarted); five failed polls in a row mean
   * the server is gone. Both are retryable.
   */
  private async pollUntilDone(
    promptId: string,
    saveNode: string,
    signal: AbortSignal,
  ): Promise<HistoryOutcome> {
    let missing = 0;
    let failures = 0;
    for (;;) {
      let queued = true;
      try {
        const outcome = await this.fetchHistory(promptId, saveNode, signal);
        if (outcome) return outcome;
        queued = queueHas(await httpJson(this.url('/queue'), this.http('GET /queue', { signal })), promptId);
        failures = 0;
      } catch (err) {
        const transient = err instanceof EngineError && err.retryable && !(err instanceof EngineAbortError);
        if (!transient || ++failures >= 5) throw err;
      }
      missing = queued ? 0 : missing + 1;
      if (missing >= 2) throw new EngineError('ComfyUI lost the prompt (server restarted?)', true);
      await sleep(this.o.pollIntervalMs, signal);
    }
  }

  private async download(ref: ImageRef, signal: AbortSignal): Promise<Buffer> {
    const q = new URLSearchParams({ filename: ref.filename, subfolder: ref.subfolder, type: ref.type });
    const o = this.http('GET /view', { signal });
    const res = await httpRequest(this.url(`/view?${q.toString()}`), o);
    const body = await readBody(res, o);
    if (res.ok) return body;
    const err = statusError(o.what, res.status, body.toString('utf8'));
    // A missing output is the engine's fault, not the job's: let it run again.
    throw res.status === 404 ? new HttpStatusError(err.message, true, 404) : err;
  }

  /** POST /interrupt {prompt_id} (running) and POST /queue {delete} (pending); best effort. */
  private async interrupt(promptId: string): Promise<void> {
    const o = (what: string, json: unknown) => this.http(what, { json, timeoutMs: 5_000 });
    await Promise.allSettled([
      httpRequest(this.url('/interrupt'), o('POST /interrupt', { prompt_id: promptId })),
      httpRequest(this.url('/queue'), o('POST /queue', { delete: [promptId] })),
    ]);
  }
}
