/**
 * A fake AUTOMATIC1111/Forge `--api` server faithful to docs/engines.md#a1111-and-forge-api: a synchronous
 * txt2img (steps x stepMs, serialised like queue_lock) updating the progress state, `info` as a JSON
 * string, Forge's silent drop of an unknown checkpoint, optional grid image first, optional --api-auth,
 * and the sizes the real one produces (latents floor sizes to multiples of 8, so does Upscaler.upscale).
 * img2img (inpaint, style conversion) with the API model's pydantic checks: fake-a1111-img2img.ts.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { closeServer, delay, listen, readBody, sendEmpty, sendJson, text } from './http-util.ts';
import { img2imgSteps, validateImg2img } from './fake-a1111-img2img.ts';

export interface FakeA1111Options {
  /** Checkpoint files; the first one is loaded. */
  checkpoints?: string[];
  loras?: string[];
  upscalers?: string[];
  /** `user:pass`: every route then needs HTTP Basic auth (--api-auth). */
  auth?: string;
  /** Duration of one sampling step (default 20 ms). */
  stepMs?: number;
  /** Put a grid image before the real one (info.index_of_first_image = 1). */
  grid?: boolean;
}

const LATENT_MODES = ['Latent', 'Latent (antialiased)', 'Latent (bicubic)', 'Latent (nearest-exact)'];
const SAMPLERS = [
  'Euler',
  'Euler a',
  'DPM++ 2M',
  'DPM++ 2M SDE',
  'DPM++ SDE',
  'DDIM',
  'UniPC',
  'LCM',
  'Heun',
];
const stem = (file: string) => file.replace(/\.[^.]+$/, '');
const hashOf = (file: string) => Buffer.from(file).toString('hex').padEnd(10, '0').slice(0, 10);
const floor8 = (n: number) => Math.floor(n / 8) * 8;

interface Txt2imgBody {
  prompt?: string;
  seed?: number;
  steps?: number;
  width?: number;
  height?: number;
  sampler_name?: string;
  enable_hr?: boolean;
  hr_scale?: number;
  hr_resize_x?: number;
  hr_resize_y?: number;
  hr_second_pass_steps?: number;
  hr_upscaler?: string;
  denoising_strength?: number;
  override_settings?: { sd_model_checkpoint?: string };
  override_settings_restore_afterwards?: boolean;
}

type Overrides = Pick<Txt2imgBody, 'override_settings' | 'override_settings_restore_afterwards'>;

export class FakeA1111 {
  url = '';
  /** Every request: method, path, and the JSON body of POSTs. */
  readonly requests: { method: string; path: string; body: unknown }[] = [];
  progressPolls = 0;
  interrupts = 0;
  private readonly checkpoints: string[];
  private readonly loras: string[];
  private readonly upscalers: string[];
  private loaded: string;
  private lock: Promise<void> = Promise.resolve();
  private interrupted = false;
  private state = {
    job: '',
    job_count: 0,
    job_no: 0,
    sampling_step: 0,
    sampling_steps: 0,
    job_timestamp: '0',
  };
  private currentImage: string | null = null;
  private readonly server: Server;

  constructor(readonly options: FakeA1111Options = {}) {
    this.checkpoints = options.checkpoints ?? ['sd_xl_base_1.0.safetensors', 'anime_v2.safetensors'];
    this.loras = options.loras ?? ['style.safetensors', 'detail_tweaker.safetensors'];
    this.upscalers = options.upscalers ?? ['R-ESRGAN 4x+', '4x-UltraSharp'];
    this.loaded = this.checkpoints[0] ?? 'none.safetensors';
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err: Error) =>
        sendJson(res, 500, { error: 'Exception', detail: '', errors: err.message }),
      );
    });
  }

  static async start(options: FakeA1111Options = {}): Promise<FakeA1111> {
    const fake = new FakeA1111(options);
    fake.url = await listen(fake.server);
    return fake;
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }

  /** The generation bodies received (txt2img or extras), newest last. */
  bodies(path: string): Record<string, unknown>[] {
    return this.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = req.method === 'POST' ? (await readBody(req)).toString() : '';
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return sendJson(res, 422, {
        detail: [{ loc: ['body'], msg: 'invalid JSON', type: 'value_error.jsondecode' }],
      });
    }
    this.requests.push({ method: req.method ?? '', path: url.pathname, body });
    if (this.options.auth) {
      const expected = `Basic ${Buffer.from(this.options.auth).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res.setHeader('www-authenticate', 'Basic');
        return sendJson(res, 401, { detail: 'Incorrect username or password' });
      }
    }
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'POST /sdapi/v1/txt2img':
        return this.serialised(() => this.txt2img(body ?? {}, res));
      case 'POST /sdapi/v1/img2img':
        return this.serialised(() => this.img2img(body, res));
      case 'POST /sdapi/v1/extra-single-image':
        return this.serialised(() => this.extras((body ?? {}) as Record<string, unknown>, res));
      case 'GET /sdapi/v1/progress':
        return this.progress(url, res);
      case 'POST /sdapi/v1/interrupt':
        this.interrupts++;
        this.interrupted = true;
        return sendEmpty(res);
      case 'GET /sdapi/v1/sd-models':
        return sendJson(
          res,
          200,
          this.checkpoints.map((f) => ({
            title: `${f} [${hashOf(f)}]`,
            model_name: stem(f),
            hash: hashOf(f).slice(0, 8),
            sha256: hashOf(f).padEnd(64, '0'),
            filename: `/models/Stable-diffusion/${f}`,
            config: null,
          })),
        );
      case 'GET /sdapi/v1/loras':
        return sendJson(
          res,
          200,
          this.loras.map((f) => ({ name: stem(f), alias: stem(f), path: `/models/Lora/${f}`, metadata: {} })),
        );
      case 'GET /sdapi/v1/upscalers':
        return sendJson(
          res,
          200,
          ['None', 'Lanczos', ...this.upscalers].map((name) => ({
            name,
            model_name: null,
            model_path: null,
            model_url: null,
            scale: 4,
          })),
        );
      case 'GET /sdapi/v1/latent-upscale-modes':
        return sendJson(
          res,
          200,
          LATENT_MODES.map((name) => ({ name })),
        );
      default:
        return sendJson(res, 404, { detail: 'Not Found' });
    }
  }

  /** The generation routes run one at a time (queue_lock). */
  private serialised(fn: () => Promise<void>): Promise<void> {
    const run = this.lock.then(fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  private findCheckpoint(name: string | undefined): string | undefined {
    if (!name) return undefined;
    return this.checkpoints.find(
      (f) =>
        name === f || name === `${f} [${hashOf(f)}]` || name === stem(f) || name === hashOf(f).slice(0, 8),
    );
  }

  private async txt2img(b: Txt2imgBody, res: ServerResponse): Promise<void> {
    if (b.sampler_name && !SAMPLERS.includes(b.sampler_name))
      return sendJson(res, 404, { detail: 'Sampler not found' });
    const hrUpscaler = b.hr_upscaler ?? 'Latent';
    if (b.enable_hr && !LATENT_MODES.includes(hrUpscaler) && !this.upscalers.includes(hrUpscaler)) {
      return sendJson(res, 500, {
        error: 'RuntimeError',
        detail: '',
        body: '',
        errors: `could not find upscaler named ${hrUpscaler}`,
      });
    }
    const { before, model } = this.begin(b, 'txt2img', b.enable_hr ? 2 : 1);
    const steps = b.steps ?? 50;
    let width = floor8(b.width ?? 512);
    let height = floor8(b.height ?? 512);
    this.state.sampling_steps = steps;
    await this.sample(steps);
    if (b.enable_hr && !this.interrupted) {
      const x = b.hr_resize_x || Math.round(width * (b.hr_scale ?? 2));
      const y = b.hr_resize_y || Math.round(height * (b.hr_scale ?? 2));
      width = floor8(x);
      height = floor8(y);
      this.state.job_no = 1; // state.nextjob() also resets sampling_step
      this.state.sampling_step = 0;
      // img2img-style second pass: denoise shortens the steps actually run.
      const hrSteps = Math.max(
        1,
        Math.floor((b.hr_second_pass_steps || steps) * (b.denoising_strength ?? 0.75)),
      );
      this.state.sampling_steps = hrSteps;
      await this.sample(hrSteps);
    }
    this.end(b, before);
    const png = await sharp({ create: { width, height, channels: 3, background: '#226688' } })
      .png()
      .toBuffer();
    const images = [png.toString('base64')];
    if (this.options.grid) {
      const grid = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000000' } })
        .png()
        .toBuffer();
      images.unshift(grid.toString('base64'));
    }
    const info = {
      prompt: b.prompt ?? '',
      all_prompts: [b.prompt ?? ''],
      seed: b.seed ?? -1,
      all_seeds: [b.seed ?? -1],
      width,
      height,
      sampler_name: b.sampler_name ?? 'Euler',
      steps,
      sd_model_name: stem(model),
      sd_model_hash: hashOf(model).slice(0, 10),
      denoising_strength: b.enable_hr ? (b.denoising_strength ?? 0.75) : null,
      extra_generation_params: b.enable_hr
        ? { 'Hires upscale': b.hr_scale, 'Hires upscaler': hrUpscaler }
        : {},
      index_of_first_image: this.options.grid ? 1 : 0,
      infotexts: [b.prompt ?? ''],
      version: 'f2.0.1v1.10.1-fake',
    };
    sendJson(res, 200, { images, parameters: b, info: JSON.stringify(info) });
  }

  /**
   * img2img: decodes the init image (and mask) like decode_base64_to_image, renders at the asked size
   * floored to multiples of 8, denoising_strength x steps (+1) sampling steps (setup_img2img_steps).
   */
  private async img2img(raw: unknown, res: ServerResponse): Promise<void> {
    const checked = await validateImg2img(raw, SAMPLERS);
    if ('status' in checked) return sendJson(res, checked.status, checked.body);
    const b = checked.body;
    const { before, model } = this.begin(b, 'img2img', 1);
    const steps = img2imgSteps(b);
    this.state.sampling_steps = steps;
    await this.sample(steps);
    this.end(b, before);
    const width = floor8(b.width ?? 512);
    const height = floor8(b.height ?? 512);
    const png = await sharp({ create: { width, height, channels: 3, background: '#668822' } })
      .png()
      .toBuffer();
    const info = {
      prompt: b.prompt ?? '',
      seed: b.seed ?? -1,
      all_seeds: [b.seed ?? -1],
      width,
      height,
      sampler_name: b.sampler_name ?? 'Euler',
      steps: b.steps ?? 50,
      sd_model_name: stem(model),
      sd_model_hash: hashOf(model).slice(0, 10),
      denoising_strength: b.denoising_strength ?? 0.75,
      extra_generation_params: b.mask ? { 'Mask blur': b.mask_blur ?? 4 } : {},
      index_of_first_image: 0,
      version: 'f2.0.1v1.10.1-fake',
    };
    // include_init_images false (the default): the echo leaves the images out.
    const parameters = { ...b, init_images: null, mask: null };
    sendJson(res, 200, { images: [png.toString('base64')], parameters, info: JSON.stringify(info) });
  }

  /** A generation starts: the checkpoint override (Forge drops an unknown one silently), a fresh state. */
  private begin(b: Overrides, job: string, jobCount: number): { before: string; model: string } {
    const before = this.loaded;
    const model = this.findCheckpoint(b.override_settings?.sd_model_checkpoint) ?? this.loaded;
    this.loaded = model;
    this.interrupted = false;
    this.state = {
      job,
      job_count: jobCount,
      job_no: 0,
      sampling_step: 0,
      sampling_steps: 0,
      job_timestamp: String(Date.now()),
    };
    return { before, model };
  }

  /** A generation ends: an idle state, and the checkpoint put back unless asked not to. */
  private end(b: Overrides, before: string): void {
    this.state = { ...this.state, job: '', job_count: 0, sampling_step: 0, sampling_steps: 0 };
    this.currentImage = null;
    if (b.override_settings_restore_afterwards !== false) this.loaded = before;
  }

  private async sample(steps: number): Promise<void> {
    for (let i = 1; i <= steps && !this.interrupted; i++) {
      await delay(this.options.stepMs ?? 20);
      this.state.sampling_step = i;
      if (i % 2 === 0) {
        const live = await sharp({
          create: {
            width: 64,
            height: 88,
            channels: 3,
            background: `#${(i * 9).toString(16).padStart(2, '0')}4466`,
          },
        })
          .png()
          .toBuffer();
        this.currentImage = live.toString('base64');
      }
    }
  }

  private progress(url: URL, res: ServerResponse): void {
    this.progressPolls++;
    const s = this.state;
    const running = s.job_count > 0;
    const progress =
      running && s.sampling_steps > 0 ? (s.job_no + s.sampling_step / s.sampling_steps) / s.job_count : 0;
    const skip = url.searchParams.get('skip_current_image') === 'true';
    sendJson(res, 200, {
      progress,
      eta_relative: running ? 1 : 0,
      state: { skipped: false, interrupted: this.interrupted, stopping_generation: false, ...s },
      current_image: skip ? null : this.currentImage,
      textinfo: null,
    });
  }

  private async extras(b: Record<string, unknown>, res: ServerResponse): Promise<void> {
    const name = text(b.upscaler_1 ?? 'None');
    if (!this.upscalers.includes(name) && name !== 'Lanczos') {
      return sendJson(res, 500, {
        error: 'AssertionError',
        detail: '',
        body: '',
        errors: `could not find upscaler named ${name}`,
      });
    }
    const src = Buffer.from(text(b.image ?? ''), 'base64');
    const meta = await sharp(src).metadata();
    const scale = Number(b.upscaling_resize ?? 2);
    await delay(this.options.stepMs ?? 20);
    // modules/upscaler.py: dest = int(size * scale) // 8 * 8
    const width = floor8(meta.width * scale);
    const height = floor8(meta.height * scale);
    const png = await sharp(src).resize(width, height, { fit: 'fill' }).png().toBuffer();
    sendJson(res, 200, { html_info: '<p>fake</p>', image: png.toString('base64') });
  }
}
