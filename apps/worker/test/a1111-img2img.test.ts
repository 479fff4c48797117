import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerJob } from '@mirage/domain';
import { A1111Engine } from '../src/engines/a1111.ts';
import type { EngineError, EngineIo, EngineProgress } from '../src/engines/engine.ts';
import { FakeA1111 } from './fakes/fake-a1111.ts';
import type { FakeA1111Options } from './fakes/fake-a1111.ts';
import { maskPng, sourcePng } from './fakes/images.ts';
import { inpaintJob, styleConvertJob } from './fakes/jobs.ts';

let fake: FakeA1111 | null = null;
const logs: string[] = [];
let source: Buffer;
let mask: Buffer;

beforeAll(async () => {
  [source, mask] = await Promise.all([sourcePng(832, 1144), maskPng(832, 1144)]);
});

afterEach(async () => {
  await fake?.close();
  fake = null;
  logs.length = 0;
});

async function setup(options: FakeA1111Options = {}) {
  fake = await FakeA1111.start({ stepMs: 10, ...options });
  const engine = new A1111Engine({ baseUrl: fake.url, pollIntervalMs: 30, log: (m) => logs.push(m) });
  return { fake, engine };
}

async function run(engine: A1111Engine, job: WorkerJob, files: Partial<EngineIo>) {
  const events: EngineProgress[] = [];
  const result = await engine.run(job, {
    onProgress: (p) => events.push(p),
    signal: new AbortController().signal,
    ...files,
  });
  const meta = await sharp(result.png).metadata();
  return { result, events, size: [meta.width, meta.height] };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('should have failed'),
    (e: unknown) => e as EngineError,
  );

/** The txt2img fields both img2img payloads carry, for the fixtures' jobs. */
const common = {
  negative_prompt: 'blurry, watermark',
  seed: 42,
  steps: 20,
  cfg_scale: 5,
  sampler_name: 'DPM++ 2M',
  scheduler: 'karras',
  batch_size: 1,
  n_iter: 1,
  restore_faces: false,
  override_settings_restore_afterwards: true,
  send_images: true,
  save_images: false,
};

describe('A1111 image-to-image against the fake server', () => {
  it('inpaints through img2img: init image, mask, original fill, the strength, the source size', async () => {
    const { fake, engine } = await setup();
    const loras = [{ name: 'style.safetensors', weight: 0.8 }];
    const job = inpaintJob({ loras, denoise: 0.6 });
    const { result, events, size } = await run(engine, job, { sourceImage: source, maskImage: mask });
    expect(fake.bodies('/sdapi/v1/img2img')).toEqual([
      {
        ...common,
        prompt: 'a lighthouse at dusk, soft light <lora:style:0.8>',
        width: 832,
        height: 1144,
        override_settings: { sd_model_checkpoint: 'sd_xl_base_1.0.safetensors' },
        init_images: [source.toString('base64')],
        resize_mode: 0,
        denoising_strength: 0.6,
        mask: mask.toString('base64'),
        mask_blur: 4,
        inpainting_fill: 1,
        inpaint_full_res: false,
        inpainting_mask_invert: 0,
      },
    ]);
    expect(size).toEqual([832, 1144]);
    expect(result).toMatchObject({ width: 832, height: 1144, seed: 42, model: 'sd_xl_base_1.0.safetensors' });
    const steps = events.map((e) => e.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(events.every((e) => e.max === 20)).toBe(true);
    expect(logs).toEqual([]);
  });

  it('converts a style through img2img without a mask, with the target checkpoint', async () => {
    const { fake, engine } = await setup();
    const { result, size } = await run(engine, styleConvertJob({ denoise: 0.4 }), { sourceImage: source });
    expect(fake.bodies('/sdapi/v1/img2img')).toEqual([
      {
        ...common,
        prompt: 'a lighthouse at dusk, soft light',
        width: 832,
        height: 1144,
        override_settings: { sd_model_checkpoint: 'anime_v2.safetensors' },
        init_images: [source.toString('base64')],
        resize_mode: 0,
        denoising_strength: 0.4,
      },
    ]);
    expect(size).toEqual([832, 1144]);
    expect(result.model).toBe('anime_v2.safetensors');
  });

  it('asks an Ultra source at the size rounded up to 8, and returns it exact without a correction', async () => {
    const { fake, engine } = await setup();
    const ultra = { width: 1228, height: 1688 };
    const files = { sourceImage: await sourcePng(1228, 1688), maskImage: await maskPng(1228, 1688) };
    expect((await run(engine, inpaintJob(ultra), files)).size).toEqual([1228, 1688]);
    expect((await run(engine, styleConvertJob(ultra), files)).size).toEqual([1228, 1688]);
    expect(fake.bodies('/sdapi/v1/img2img').map((b) => [b.width, b.height])).toEqual([
      [1232, 1688],
      [1232, 1688],
    ]);
    expect(logs).toEqual([]);
  });

  it('fails without retry on an image the engine cannot decode, or a checkpoint it did not load', async () => {
    const { engine } = await setup();
    const broken = { sourceImage: Buffer.from('not an image'), maskImage: mask };
    const undecodable = await failure(run(engine, inpaintJob(), broken));
    expect(undecodable).toMatchObject({ retryable: false });
    expect(undecodable.message).toContain('Invalid encoded image');
    const unknown = styleConvertJob({ checkpoint: 'missing.safetensors' });
    const notLoaded = await failure(run(engine, unknown, { sourceImage: source }));
    expect(notLoaded).toMatchObject({ retryable: false });
    expect(notLoaded.message).toMatch(/checkpoint not loaded/);
    await expect(run(engine, inpaintJob(), { sourceImage: source })).rejects.toMatchObject({
      retryable: false,
    });
  });
});

describe('the fake A1111 img2img checks like the real API', () => {
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${url}/sdapi/v1/img2img`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('answers 422 with pydantic details for values it cannot coerce, and coerces the rest', async () => {
    const { fake } = await setup();
    const init = [source.toString('base64')];
    const bad = await post(fake.url, {
      init_images: init,
      denoising_strength: 'lots',
      inpaint_full_res: 'maybe',
      steps: [2],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      { loc: ['body', 'denoising_strength'], msg: 'value is not a valid float', type: 'type_error.float' },
      {
        loc: ['body', 'inpaint_full_res'],
        msg: 'value could not be parsed to a boolean',
        type: 'type_error.bool',
      },
      { loc: ['body', 'steps'], msg: 'value is not a valid integer', type: 'type_error.integer' },
    ]);
    const coerced = await post(fake.url, {
      init_images: init,
      steps: '4',
      denoising_strength: '0.5',
      width: 64,
    });
    expect(coerced.status).toBe(200);
    expect(JSON.parse(String(coerced.body.info))).toMatchObject({ steps: 4, denoising_strength: 0.5 });
  });

  it('needs init images, a known sampler and images that decode', async () => {
    const { fake } = await setup();
    const init = [source.toString('base64')];
    expect(await post(fake.url, { prompt: 'a lighthouse at dusk' })).toMatchObject({
      status: 404,
      body: { detail: 'Init image not found' },
    });
    expect(await post(fake.url, { init_images: init, sampler_name: 'Nope' })).toMatchObject({
      status: 404,
      body: { detail: 'Sampler not found' },
    });
    expect(await post(fake.url, { init_images: init, mask: 'bm90IGFuIGltYWdl' })).toMatchObject({
      status: 500,
      body: { detail: 'Invalid encoded image' },
    });
    const dataUrl = [`data:image/png;base64,${source.toString('base64')}`];
    expect((await post(fake.url, { init_images: dataUrl, steps: 2, width: 64, height: 64 })).status).toBe(
      200,
    );
  });
});
