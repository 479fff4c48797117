import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkerJob } from '@mirage/domain';
import { A1111Engine } from '../src/engines/a1111.ts';
import type { A1111EngineOptions } from '../src/engines/a1111.ts';
import type { EngineProgress } from '../src/engines/engine.ts';
import { EngineAbortError, EngineError } from '../src/engines/engine.ts';
import { FakeA1111 } from './fakes/fake-a1111.ts';
import type { FakeA1111Options } from './fakes/fake-a1111.ts';
import { jobFor, makeJob } from './fakes/jobs.ts';

let fake: FakeA1111 | null = null;
const logs: string[] = [];

afterEach(async () => {
  await fake?.close();
  fake = null;
  logs.length = 0;
});

async function setup(options: FakeA1111Options = {}, engineOptions: Partial<A1111EngineOptions> = {}) {
  fake = await FakeA1111.start({ stepMs: 10, ...options });
  const engine = new A1111Engine({
    baseUrl: fake.url,
    pollIntervalMs: 30,
    log: (m) => logs.push(m),
    ...engineOptions,
  });
  return { fake, engine };
}

async function run(
  engine: A1111Engine,
  job: WorkerJob,
  extra: { signal?: AbortSignal; sourceImage?: Buffer } = {},
) {
  const events: EngineProgress[] = [];
  const result = await engine.run(job, {
    onProgress: (p) => events.push(p),
    signal: extra.signal ?? new AbortController().signal,
    sourceImage: extra.sourceImage,
  });
  const meta = await sharp(result.png).metadata();
  return { result, events, size: [meta.width, meta.height], format: meta.format };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('should have failed'),
    (e: unknown) => e,
  );
const loras = [
  { name: 'style.safetensors', weight: 0.8 },
  { name: 'loras/detail_tweaker.safetensors', weight: 0.5 },
];

describe('A1111 engine against the fake server', () => {
  it('sends a txt2img with LoRA tokens, hires fields and the checkpoint override', async () => {
    const { fake, engine } = await setup();
    const job = jobFor('portrait', 'standard', { loras, face_restore: true });
    const { result, size, format } = await run(engine, job);
    expect(fake.bodies('/sdapi/v1/txt2img')).toEqual([
      {
        prompt: 'a lighthouse at dusk, soft light <lora:style:0.8> <lora:detail_tweaker:0.5>',
        negative_prompt: 'blurry, watermark',
        seed: 42,
        steps: 20,
        cfg_scale: 5,
        sampler_name: 'DPM++ 2M',
        scheduler: 'karras',
        width: 512,
        height: 704,
        batch_size: 1,
        n_iter: 1,
        restore_faces: true,
        override_settings: { sd_model_checkpoint: 'sd_xl_base_1.0.safetensors' },
        override_settings_restore_afterwards: true,
        send_images: true,
        save_images: false,
        enable_hr: true,
        hr_scale: 1.625,
        hr_resize_x: 832,
        hr_resize_y: 1144,
        hr_second_pass_steps: 10,
        denoising_strength: 0.5,
        hr_upscaler: 'Latent',
      },
    ]);
    expect([format, ...size]).toEqual(['png', 832, 1144]);
    expect(result).toMatchObject({ width: 832, height: 1144, seed: 42, model: 'sd_xl_base_1.0.safetensors' });
  });

  it('polls progress while the synchronous request runs, with JPEG previews', async () => {
    const { fake, engine } = await setup({ stepMs: 15 });
    const { events } = await run(engine, jobFor('square', 'standard'));
    expect(fake.progressPolls).toBeGreaterThan(3);
    expect(fake.requests.find((r) => r.path === '/sdapi/v1/progress')).toBeTruthy();
    const steps = events.map((e) => e.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps.some((s) => s > 20)).toBe(true); // the hires pass is mapped after the first pass
    expect(events.every((e) => e.max === 30)).toBe(true);
    const preview = events.find((e) => e.previewJpeg)?.previewJpeg;
    expect(preview && [...preview.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('skips the grid and returns the first real image', async () => {
    const { engine } = await setup({ grid: true });
    expect((await run(engine, makeJob())).size).toEqual([512, 704]);
    expect(logs.filter((l) => l.includes('resized'))).toEqual([]);
  });

  it('detects a checkpoint Forge silently did not load', async () => {
    const { engine } = await setup();
    const err = await failure(run(engine, makeJob({ checkpoint: 'unknown_model.safetensors' })));
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(/checkpoint not loaded.*sd_xl_base_1\.0/);
  });

  it('loads another known checkpoint by file name', async () => {
    const { engine } = await setup();
    const { result } = await run(engine, makeJob({ checkpoint: 'anime_v2.safetensors' }));
    expect(result.model).toBe('anime_v2.safetensors');
  });

  it('uses HTTP Basic auth when configured, and fails retryably without it', async () => {
    const { fake, engine } = await setup({ auth: 'mirage:s3cret' }, { auth: 'mirage:s3cret' });
    expect((await run(engine, makeJob())).size).toEqual([512, 704]);
    expect((await engine.capabilities()).checkpoints).toHaveLength(2);
    const anonymous = new A1111Engine({ baseUrl: fake.url, log: () => undefined });
    const err = await failure(run(anonymous, makeJob()));
    expect(err).toMatchObject({ retryable: true });
    expect((err as Error).message).toContain('HTTP 401');
  });

  it('upscales through extra-single-image to exactly twice the size', async () => {
    const { fake, engine } = await setup();
    const src = await sharp({ create: { width: 1382, height: 1382, channels: 3, background: '#345678' } })
      .png()
      .toBuffer();
    const job = makeJob({ type: 'upscale', upscale: { factor: 2, model: 'R-ESRGAN 4x+' } });
    const { result, size } = await run(engine, job, { sourceImage: src });
    expect(size).toEqual([2764, 2764]); // the fake floors to 2760 like Upscaler.upscale; the adapter fixes it
    expect(result.model).toBe('R-ESRGAN 4x+');
    expect(fake.bodies('/sdapi/v1/extra-single-image')).toEqual([
      {
        image: src.toString('base64'),
        resize_mode: 0,
        upscaling_resize: 2,
        upscaler_1: 'R-ESRGAN 4x+',
        show_extras_results: true,
      },
    ]);
  });

  it('runs txt2img then extra-single-image for a job with an upscale', async () => {
    const { fake, engine } = await setup();
    const job = jobFor('wide', 'ultra', { upscale: { factor: 2, model: '4x-UltraSharp' } });
    const { size, events } = await run(engine, job);
    expect(size).toEqual([3376, 2456]);
    expect(fake.requests.map((r) => r.path).filter((p) => !p.endsWith('/progress'))).toEqual([
      '/sdapi/v1/txt2img',
      '/sdapi/v1/extra-single-image',
    ]);
    expect(events.at(-1)).toEqual({ step: 31, max: 31 });
  });

  it('returns the exact Ultra size although latents floor it to a multiple of 8', async () => {
    const { engine } = await setup();
    expect((await run(engine, jobFor('portrait', 'ultra'))).size).toEqual([1228, 1688]);
    expect(logs.some((l) => l.includes('was 1224x1688'))).toBe(true);
  });

  it('interrupts the engine when aborted', async () => {
    const { fake, engine } = await setup({ stepMs: 20 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 150);
    const err = await failure(run(engine, makeJob({ steps: 100 }), { signal: ac.signal }));
    expect(err).toBeInstanceOf(EngineAbortError);
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.interrupts).toBe(1);
  });

  it('rejects an unknown sampler without retry', async () => {
    const { engine } = await setup();
    const err = await failure(run(engine, makeJob({ sampler: 'no_such_sampler' })));
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toContain('Sampler not found');
  });

  it('declares file names of checkpoints and LoRAs, and upscaler names', async () => {
    const { engine } = await setup();
    expect(await engine.capabilities()).toEqual({
      checkpoints: ['sd_xl_base_1.0.safetensors', 'anime_v2.safetensors'],
      loras: ['style.safetensors', 'detail_tweaker.safetensors'],
      upscalers: ['Lanczos', 'R-ESRGAN 4x+', '4x-UltraSharp'],
      maxPixels: 4096 * 4096,
      jobTypes: ['txt2img', 'upscale', 'inpaint', 'style_convert'],
    });
  });
});
