/**
 * A fake AI Horde (the requester's side of its image API) faithful to docs/engines.md#ai-horde: the
 * `apikey` header (400 without, 401 InvalidAPIKey for unknown keys), flask-restx validation
 * (fake-horde-validate.ts), SourceMaskUnnecessary, InpaintingMissingMask, BadCFGDecimals, KudosUpfront for
 * anonymous requests above 1024x1024, 202 `{id, kudos}`, check answers whose queue_position and wait_time
 * move on at every call, status with generations whose `img` is an r2-style URL served here (WebP made
 * with sharp: a gradient from the seed for txt2img, the source for img2img, the source with the masked
 * part painted for inpainting), DELETE to cancel, fixed-window rate limits answering 429 "N per 1 second"
 * with Retry-After (status: 2 a minute per request), and scriptable faults. It records every request.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { closeServer, listen, readBody, sendJson } from './http-util.ts';
import { refusal, tooManyDecimals, validatePayload, type Refusal } from './fake-horde-validate.ts';

/** `[count, window ms]` of a fixed-window limit; null: unlimited. */
export type Limit = [number, number] | null;

export interface FakeHordeOptions {
  /** Keys the fake knows (default the anonymous 0000000000 and "test-key"). */
  keys?: string[];
  /** Models some worker serves; requests for others are never possible (default two). */
  models?: string[];
  /** Checks a request takes to be done (default 4): queue, then processing, then done. */
  checksToFinish?: number;
  /** Rate limits: async per key, check and status per request path. */
  limits?: { async?: Limit; check?: Limit; status?: Limit };
  /** Send results as base64 in `img` instead of r2 URLs. */
  inlineImages?: boolean;
  /** Anonymous requests above this many pixels need kudos upfront (default 1024*1024). */
  upfrontPixels?: number;
  /** Grain in red and green, so that images compress like real renders (benchmarks; blue stays the seed). */
  texture?: boolean;
}

/** Faults a test scripts; counters go down as they are used. */
export interface FakeHordeFaults {
  /** Requests fault at their second check. */
  faulted?: boolean;
  /** No worker can serve any request. */
  impossible?: boolean;
  /** Results come back censored (a black placeholder). */
  censored?: boolean;
  /** Every async request needs kudos upfront. */
  kudosUpfront?: boolean;
  /** The next N async requests answer 429 TooManyPrompts (Retry-After: retryAfter). */
  tooManyPrompts?: number;
  /** The next N requests of any route answer 503. */
  serverErrors?: number;
  /** Checks answer 404 RequestNotFound (the request expired). */
  expired?: boolean;
  /** Retry-After of scripted 429s, in seconds (default 2). */
  retryAfter?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  apikey: string | undefined;
  clientAgent: string | undefined;
  body: unknown;
}

interface WaitingPrompt {
  id: string;
  body: Record<string, unknown>;
  params: Record<string, unknown>;
  checks: number;
  cancelled: boolean;
  faulted: boolean;
  image: Promise<Buffer> | null;
}

const ANONYMOUS = '0000000000';
/** async 2 a second per key and check 10 a second per request, as the Horde; status 2 a minute (the Horde: 10), so that a client polling it fails. */
const DEFAULT_LIMITS: Record<'async' | 'check' | 'status', Limit> = {
  async: [2, 1000],
  check: [10, 1000],
  status: [2, 60_000],
};

export class FakeHorde {
  url = '';
  readonly requests: RecordedRequest[] = [];
  readonly faults: FakeHordeFaults = {};
  /** Requests the fake accepted, by id. */
  readonly prompts = new Map<string, WaitingPrompt>();
  private readonly images = new Map<string, Promise<Buffer>>();
  /** Renders by their inputs: the same request twice costs the fake (and a benchmark) one render. */
  private readonly renders = new Map<string, Promise<Buffer>>();
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly server: Server;

  constructor(readonly options: FakeHordeOptions = {}) {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err: Error) => sendJson(res, 500, { message: err.message }));
    });
  }

  static async start(options: FakeHordeOptions = {}): Promise<FakeHorde> {
    const fake = new FakeHorde(options);
    fake.url = await listen(fake.server);
    return fake;
  }

  /** The API root to configure (HORDE_URL). */
  get apiUrl(): string {
    return `${this.url}/api`;
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }

  /** Requests whose method and path (ids replaced by `{id}`) match, e.g. "GET /api/v2/generate/status/{id}". */
  calls(route: string): RecordedRequest[] {
    return this.requests.filter((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, '{id}')}` === route);
  }

  /** The bodies of the async requests. */
  generateBodies(): Record<string, unknown>[] {
    return this.calls('POST /api/v2/generate/async').map((r) => r.body as Record<string, unknown>);
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = req.method === 'POST' ? (await readBody(req)).toString() : '';
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return sendJson(res, 400, {
        message: 'The browser (or proxy) sent a request that this server could not understand.',
      });
    }
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const apikey = header('apikey');
    this.requests.push({ method: req.method ?? '', path, apikey, clientAgent: header('client-agent'), body });
    if (this.faults.serverErrors) {
      this.faults.serverErrors--;
      return sendJson(res, 503, { message: 'Service Unavailable' });
    }
    const image = /^\/r2\/([0-9a-f-]{36})\.webp$/.exec(path);
    if (req.method === 'GET' && image) return this.serveImage(image[1]!, res);
    const match = /^\/api\/v2\/generate\/(async|check|status)(?:\/([^/]+))?$/.exec(path);
    if (!match) return sendJson(res, 404, { message: 'Not Found' });
    if (apikey === undefined) {
      return sendJson(res, 400, {
        errors: { apikey: 'Missing required parameter in the HTTP headers' },
        message: 'Input payload validation failed',
      });
    }
    if (!(this.options.keys ?? [ANONYMOUS, 'test-key']).includes(apikey)) {
      return sendJson(res, 401, { message: 'Invalid API Key sent.', rc: 'InvalidAPIKey' });
    }
    const [, call, id] = match;
    const limits = { ...DEFAULT_LIMITS, ...this.options.limits };
    const limitKey = call === 'async' ? `async ${apikey}` : `${call} ${path}`;
    const limit = call === 'async' ? limits.async : call === 'check' ? limits.check : limits.status;
    if (this.limited(limitKey, limit, res)) return;
    if (call === 'async' && req.method === 'POST') return this.generate(body, apikey, res);
    const prompt = id ? this.prompts.get(id) : undefined;
    if (!prompt || (call === 'check' && this.faults.expired)) {
      return sendJson(res, 404, {
        message: `Waiting Prompt with ID '${id ?? ''}' not found.`,
        rc: 'RequestNotFound',
      });
    }
    if (call === 'check' && req.method === 'GET') return sendJson(res, 200, this.check(prompt, true));
    if (call === 'status' && req.method === 'GET') return sendJson(res, 200, await this.status(prompt));
    if (call === 'status' && req.method === 'DELETE') {
      prompt.cancelled = true;
      const answer = await this.status(prompt);
      this.prompts.delete(prompt.id);
      return sendJson(res, 200, answer);
    }
    return sendJson(res, 405, { message: 'The method is not allowed for the requested URL.' });
  }

  /** Fixed windows, like flask-limiter's: answers 429 and returns true when the window is full. */
  private limited(key: string, limit: Limit, res: ServerResponse): boolean {
    if (!limit) return false;
    const [count, windowMs] = limit;
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return false;
    }
    if (window.count < count) {
      window.count++;
      return false;
    }
    const unit = windowMs >= 60_000 ? `${windowMs / 60_000} minute` : `${windowMs / 1000} second`;
    res.setHeader('retry-after', String(Math.ceil((window.start + windowMs - now) / 1000)));
    sendJson(res, 429, { message: `${count} per ${unit}` });
    return true;
  }

  private async generate(body: unknown, apikey: string, res: ServerResponse): Promise<void> {
    const refused = validatePayload(body) ?? (await this.horde(body as Record<string, unknown>, apikey));
    if (refused) return sendJson(res, refused.status, refused.body);
    if (this.faults.tooManyPrompts) {
      this.faults.tooManyPrompts--;
      res.setHeader('retry-after', String(this.faults.retryAfter ?? 2));
      return sendJson(res, 429, {
        message:
          'Parallel requests (3) exceeded user limit (3). Please try again later or request to increase your concurrency.',
        rc: 'TooManyPrompts',
      });
    }
    const b = body as Record<string, unknown>;
    const id = randomUUID();
    const params = (b.params ?? {}) as Record<string, unknown>;
    this.prompts.set(id, { id, body: b, params, checks: 0, cancelled: false, faulted: false, image: null });
    const known = this.options.models ?? ['AlbedoBase XL (SDXL)', 'Anime Model'];
    const models = Array.isArray(b.models) ? (b.models as string[]) : [];
    const message = models.some((m) => known.includes(m))
      ? undefined
      : 'Warning: No available workers can fulfill this request. It will expire in 20 minutes unless a worker appears.';
    sendJson(res, 202, { id, kudos: 12.5, ...(message ? { message } : {}) });
  }

  /** The Horde's own checks, after flask-restx's. */
  private async horde(b: Record<string, unknown>, apikey: string): Promise<Refusal | null> {
    const params = (b.params ?? {}) as Record<string, unknown>;
    if (typeof params.cfg_scale === 'number' && tooManyDecimals(params.cfg_scale)) {
      return refusal(400, 'BadCFGDecimals', 'cfg_scale can only have up to 2 decimals.');
    }
    if (b.source_mask !== undefined && b.source_image === undefined) {
      return refusal(
        400,
        'SourceMaskUnnecessary',
        'Please do not pass a source_mask unless you are sending a source_image as well',
      );
    }
    if (typeof b.source_image === 'string') {
      const meta = await sharp(Buffer.from(b.source_image, 'base64'))
        .metadata()
        .catch(() => null);
      if (b.source_image.startsWith('data:') || !meta) {
        return refusal(400, 'ImageValidationFailed', 'Image validation failed');
      }
      if (b.source_processing === 'inpainting' && b.source_mask === undefined && !meta.hasAlpha) {
        return refusal(400, 'InpaintingMissingMask', 'No mask or alpha channel sent for inpainting.');
      }
    }
    const pixels = Number(params.width ?? 512) * Number(params.height ?? 512);
    if (
      this.faults.kudosUpfront ||
      (apikey === ANONYMOUS && pixels > (this.options.upfrontPixels ?? 1024 * 1024))
    ) {
      return refusal(
        403,
        'KudosUpfront',
        'Due to heavy demand, for requests over 1024x1024 or over 50 steps, the client needs to already have the required kudos. This request requires 31.5 kudos to fulfil.',
      );
    }
    return null;
  }

  /** The light status; `advance` moves the request one step on (check does, status does not). */
  private check(p: WaitingPrompt, advance: boolean) {
    const total = this.options.checksToFinish ?? 4;
    const known = this.options.models ?? ['AlbedoBase XL (SDXL)', 'Anime Model'];
    const possible =
      !this.faults.impossible &&
      ((p.body.models as string[] | undefined) ?? []).some((m) => known.includes(m));
    if (advance && possible && !p.cancelled) p.checks++;
    if (this.faults.faulted && p.checks >= 2) p.faulted = true;
    const done = !p.faulted && p.checks >= total;
    const left = Math.max(0, total - p.checks);
    const queue = possible && !done ? Math.max(0, left - 2) : 0;
    return {
      finished: done ? 1 : 0,
      processing: !done && !p.faulted && possible && queue === 0 ? 1 : 0,
      restarted: 0,
      waiting: !done && !p.faulted && (queue > 0 || !possible) ? 1 : 0,
      done,
      faulted: p.faulted,
      wait_time: done || p.faulted ? 0 : possible ? left * 2 : 0,
      queue_position: queue,
      kudos: 12.5,
      is_possible: possible,
    };
  }

  private async status(p: WaitingPrompt) {
    const light = this.check(p, false);
    const generations = [];
    if (light.done) {
      const censored = this.faults.censored === true;
      p.image ??= this.cachedRender(p, censored);
      this.images.set(p.id, p.image);
      const img = this.options.inlineImages
        ? (await p.image).toString('base64')
        : `${this.url}/r2/${p.id}.webp`;
      generations.push({
        img,
        seed: typeof p.params.seed === 'string' ? p.params.seed : '3141592653',
        id: randomUUID(),
        censored,
        gen_metadata: censored ? [{ type: 'censorship', value: 'csam' }] : [],
        worker_id: '2f3a0c9e-0000-4000-8000-000000000001',
        worker_name: 'fake-worker',
        model: ((p.body.models as string[] | undefined) ?? [])[0] ?? 'stable_diffusion',
        state: censored ? 'censored' : 'ok',
      });
    }
    return { ...light, generations, shared: false };
  }

  private async serveImage(id: string, res: ServerResponse): Promise<void> {
    const image = this.images.get(id);
    if (!image) return sendJson(res, 404, { message: 'NoSuchKey' });
    const buf = await image;
    res.writeHead(200, { 'content-type': 'image/webp', 'content-length': buf.length });
    res.end(buf);
  }

  private cachedRender(p: WaitingPrompt, censored: boolean): Promise<Buffer> {
    const inputs = [p.params, p.body.source_image, p.body.source_processing, p.body.source_mask, censored];
    const key = createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
    let image = this.renders.get(key);
    if (!image) {
      image = this.render(p, censored);
      this.renders.set(key, image);
    }
    return image;
  }

  /**
   * The image a worker would make, as WebP: a gradient whose blue is the seed's low byte (txt2img), the
   * source stretched to the request size (img2img), or the source with the mask's white part painted
   * with the gradient (inpainting). A RealESRGAN_x2plus post-processor doubles the size.
   */
  private async render(p: WaitingPrompt, censored: boolean): Promise<Buffer> {
    const x2 =
      Array.isArray(p.params.post_processing) && p.params.post_processing.includes('RealESRGAN_x2plus');
    const width = Number(p.params.width ?? 512) * (x2 ? 2 : 1);
    const height = Number(p.params.height ?? 512) * (x2 ? 2 : 1);
    if (censored) {
      return sharp({ create: { width, height, channels: 3, background: '#000000' } })
        .webp()
        .toBuffer();
    }
    const seed = Number(p.params.seed ?? 0);
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        const grain = this.options.texture
          ? Math.abs((Math.sin(x * 12.9898 + y * 78.233) * 43758.5453) % 1) * 64
          : 0;
        raw[i] = Math.min(255, Math.floor((x / width) * 255 + grain));
        raw[i + 1] = Math.min(255, Math.floor((y / height) * 255 + grain));
        raw[i + 2] = seed % 256;
      }
    }
    const gradient = sharp(raw, { raw: { width, height, channels: 3 } });
    const source =
      typeof p.body.source_image === 'string' ? Buffer.from(p.body.source_image, 'base64') : null;
    if (!source) return gradient.webp({ quality: 90 }).toBuffer();
    const stretched = await sharp(source)
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .png()
      .toBuffer();
    if (p.body.source_processing !== 'inpainting' || typeof p.body.source_mask !== 'string') {
      return sharp(stretched).webp({ quality: 90 }).toBuffer();
    }
    const mask = await sharp(Buffer.from(p.body.source_mask, 'base64'))
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .extractChannel(0)
      .raw()
      .toBuffer();
    const painted = await gradient
      .joinChannel(mask, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    return sharp(stretched)
      .composite([{ input: painted }])
      .webp({ quality: 90 })
      .toBuffer();
  }
}
