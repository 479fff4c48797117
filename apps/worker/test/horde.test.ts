import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jobFor, makeJob } from './fakes/jobs.ts';
import { AGENT, ASYNC, CHECK, STATUS, failure, near, run, solid, useHorde } from './fakes/horde-harness.ts';

const { logs, setup } = useHorde();
const webpOf = async (b64: unknown) => (await sharp(Buffer.from(String(b64), 'base64')).metadata()).format;

describe('AI Horde engine against the fake Horde', () => {
  it('sends a txt2img request the Horde accepts and returns a PNG of the exact size', async () => {
    const { fake, engine } = await setup();
    const job = jobFor('portrait', 'standard', { cfg: 7.125 });
    const { result, events, size, format, pixel } = await run(engine, job);
    expect(fake.generateBodies()).toEqual([
      {
        prompt: 'a lighthouse at dusk, soft light ### blurry, watermark',
        params: {
          sampler_name: 'k_dpmpp_2m',
          cfg_scale: 7.13,
          seed: '42',
          width: 832,
          height: 1152,
          steps: 20,
          n: 1,
          karras: true,
          hires_fix: true,
          hires_fix_denoising_strength: 0.5,
        },
        models: ['AlbedoBase XL (SDXL)'],
        nsfw: true,
        censor_nsfw: false,
        trusted_workers: false,
        r2: true,
        shared: false,
        allow_downgrade: false,
      },
    ]);
    const post = fake.calls(ASYNC)[0]!;
    expect([post.apikey, post.clientAgent]).toEqual(['0000000000', AGENT]);
    expect([format, ...size]).toEqual(['png', 832, 1144]);
    expect(result).toMatchObject({ width: 832, height: 1144, seed: 42, model: 'AlbedoBase XL (SDXL)' });
    expect(pixel(400, 500)[2]).toBeGreaterThan(30); // the fake's gradient carries the seed in blue
    expect(pixel(400, 500)[2]).toBeLessThan(54);
    // The queue as progress: monotonic, below the end until the image is in, then the end.
    const steps = events.map((e) => e.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(events.every((e) => e.max === 30)).toBe(true);
    expect(events.slice(0, -1).every((e) => e.step < 30)).toBe(true);
    expect(events.at(-1)).toEqual({ step: 30, max: 30 });
    expect(new Set(steps).size).toBeGreaterThan(2);
    // check until done, status once, the image from r2 without our key.
    expect(fake.calls(CHECK)).toHaveLength(4);
    expect(fake.calls(STATUS)).toHaveLength(1);
    const download = fake.requests.find((r) => r.path.startsWith('/r2/'));
    expect(download?.apikey).toBeUndefined();
  });

  it('rounds sizes to multiples of 64, maps sampler and scheduler, and omits an empty negative', async () => {
    const { fake, engine } = await setup();
    const job = makeJob({
      width: 500,
      height: 700,
      sampler: 'euler_ancestral',
      scheduler: 'normal',
      negative_prompt: ' ',
      checkpoint: 'anime_v2.safetensors',
    });
    const { size, result } = await run(engine, job);
    const body = fake.generateBodies()[0]!;
    expect(body.prompt).toBe('a lighthouse at dusk, soft light');
    expect(body.models).toEqual(['Anime Model']);
    expect(body.params).toMatchObject({ sampler_name: 'k_euler_a', karras: false, width: 512, height: 704 });
    expect(body.params).toMatchObject({ hires_fix: false });
    expect(body.params).not.toHaveProperty('hires_fix_denoising_strength');
    expect(size).toEqual([500, 700]);
    expect(result.model).toBe('Anime Model');
  });

  it('inpaints with the source, the mask and source_processing inpainting', async () => {
    const { fake, engine } = await setup();
    const source = await solid(830, 1210, '#c04020');
    // White (left half) is repainted, black (right half) kept: the Horde's convention too.
    const mask = await sharp({ create: { width: 830, height: 1210, channels: 3, background: '#000000' } })
      .composite([{ input: await solid(415, 1210, '#ffffff'), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const job = makeJob({ type: 'inpaint', width: 830, height: 1210, denoise: 0.6 });
    const { size, pixel } = await run(engine, job, { sourceImage: source, maskImage: mask });
    const body = fake.generateBodies()[0]!;
    expect(body).toMatchObject({ source_processing: 'inpainting' });
    expect(body.params).toMatchObject({
      width: 832,
      height: 1216,
      denoising_strength: 0.6,
      hires_fix: false,
    });
    expect(await webpOf(body.source_image)).toBe('webp');
    expect(await webpOf(body.source_mask)).toBe('webp');
    expect(String(body.source_image)).not.toMatch(/^data:/);
    expect(size).toEqual([830, 1210]);
    expect(near(pixel(700, 600), [0xc0, 0x40, 0x20])).toBe(true); // kept
    expect(pixel(100, 600)[2]).toBeLessThan(60); // repainted: the gradient's blue is the seed's 42
    expect(near(pixel(100, 600), [0xc0, 0x40, 0x20])).toBe(false);
  });

  it('converts a style as img2img with denoising_strength = job.denoise and no mask', async () => {
    const { fake, engine } = await setup();
    const source = await solid(832, 1216, '#2080c0');
    const job = makeJob({ type: 'style_convert', width: 832, height: 1216, denoise: 0.45 });
    const { size, pixel } = await run(engine, job, { sourceImage: source });
    const body = fake.generateBodies()[0]!;
    expect(body).toMatchObject({ source_processing: 'img2img' });
    expect(body).not.toHaveProperty('source_mask');
    expect(body.params).toMatchObject({ denoising_strength: 0.45, hires_fix: false });
    expect(size).toEqual([832, 1216]);
    expect(near(pixel(400, 600), [0x20, 0x80, 0xc0])).toBe(true);
  });

  it('fails img2img jobs without their inputs, without asking the Horde', async () => {
    const { fake, engine } = await setup();
    const source = await solid(64, 64, '#ffffff');
    const noMask = await failure(
      run(engine, makeJob({ type: 'inpaint', denoise: 0.5 }), { sourceImage: source }),
    );
    expect(noMask).toMatchObject({ retryable: false, message: 'inpaint job without a mask' });
    const noSource = await failure(run(engine, makeJob({ type: 'style_convert', denoise: 0.5 })));
    expect(noSource).toMatchObject({ retryable: false });
    expect(fake.requests).toEqual([]);
  });

  it('asks for CodeFormers and RealESRGAN_x2plus for face restore and a model upscale', async () => {
    const { fake, engine } = await setup();
    const job = makeJob({ width: 512, height: 512, face_restore: true, upscale: { factor: 2, model: 'x' } });
    const { size } = await run(engine, job);
    expect(fake.generateBodies()[0]!.params).toMatchObject({
      width: 512,
      post_processing: ['CodeFormers', 'RealESRGAN_x2plus'],
    });
    expect(size).toEqual([1024, 1024]);
  });

  it('decodes a result sent inline as base64 WebP', async () => {
    const { engine } = await setup({ inlineImages: true });
    expect((await run(engine, makeJob())).size).toEqual([512, 704]);
  });

  it('reads status exactly once per job', async () => {
    // The fake allows 2 status reads a minute per request: a client that polled status would fail here.
    const { fake, engine } = await setup({ checksToFinish: 6, limits: { async: null } });
    for (let i = 0; i < 3; i++) await run(engine, makeJob({ seed: i }));
    const statusPaths = fake.calls(STATUS).map((r) => r.path);
    expect(statusPaths).toHaveLength(3);
    expect(new Set(statusPaths).size).toBe(3);
    expect(fake.calls(CHECK)).toHaveLength(18);
  });

  it('polls slower while the Horde announces a long wait', async () => {
    const { engine, timer } = await setup({ checksToFinish: 40, limits: { check: null } });
    await run(engine, makeJob());
    expect(timer.waits[0]).toBe(1000);
    expect(timer.waits[1]).toBe(5000); // 78 s announced: the cap
    expect(timer.waits.at(-1)).toBe(1000); // 2 s left: back to once a second
  });

  it('keeps the lease alive with heartbeats while it waits', async () => {
    const { engine } = await setup(
      { checksToFinish: 3 },
      {
        timer: { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
        pollIntervalMs: 40,
        maxPollIntervalMs: 40,
        heartbeatMs: 5,
      },
    );
    const { events } = await run(engine, makeJob());
    expect(events.length).toBeGreaterThan(6); // without heartbeats: 0, two checks, the end
  });

  it('does not send LoRAs, and says so once per LoRA', async () => {
    const { fake, engine } = await setup();
    const loras = [{ name: 'style.safetensors', weight: 0.8 }];
    await run(engine, makeJob({ loras }));
    await run(engine, makeJob({ loras }));
    expect(fake.generateBodies()[0]!.params).not.toHaveProperty('loras');
    expect(logs.filter((l) => l.includes('LoRA style.safetensors'))).toHaveLength(1);
  });

  it('declares the mapped checkpoints and the job types it runs', async () => {
    const { engine } = await setup();
    expect(await engine.capabilities()).toEqual({
      checkpoints: ['sd_xl_base_1.0.safetensors', 'anime_v2.safetensors'],
      loras: [],
      upscalers: [],
      maxPixels: 1024 * 1024,
      jobTypes: ['txt2img', 'inpaint', 'style_convert'],
    });
  });
});
