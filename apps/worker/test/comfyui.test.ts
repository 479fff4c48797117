import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkerJob } from '@mirage/domain';
import { ComfyUIEngine } from '../src/engines/comfyui.ts';
import type { ComfyUIEngineOptions } from '../src/engines/comfyui.ts';
import { buildWorkflow } from '../src/engines/comfyui-workflow.ts';
import type { EngineProgress } from '../src/engines/engine.ts';
import { EngineAbortError, EngineError } from '../src/engines/engine.ts';
import { FakeComfyUI } from './fakes/fake-comfyui.ts';
import type { FakeComfyOptions } from './fakes/fake-comfyui.ts';
import { jobFor, makeJob } from './fakes/jobs.ts';

let fake: FakeComfyUI | null = null;
const logs: string[] = [];

afterEach(async () => {
  // The workflows make the exact size: the adapter never had to fix one.
  expect(logs.filter((l) => l.includes('resized'))).toEqual([]);
  await fake?.close();
  fake = null;
  logs.length = 0;
});

async function setup(options: FakeComfyOptions = {}, engineOptions: Partial<ComfyUIEngineOptions> = {}) {
  fake = await FakeComfyUI.start(options);
  const engine = new ComfyUIEngine({
    baseUrl: fake.url,
    pollIntervalMs: 50,
    log: (m) => logs.push(m),
    ...engineOptions,
  });
  return { fake, engine };
}

async function run(
  engine: ComfyUIEngine,
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

describe('ComfyUI engine against the fake server', () => {
  it('runs a plain txt2img: the submitted workflow, progress, previews, the PNG', async () => {
    const { fake, engine } = await setup();
    const job = makeJob();
    const { result, events, size, format } = await run(engine, job);
    expect(fake.prompts).toHaveLength(1);
    expect(fake.prompts[0]?.prompt).toEqual(buildWorkflow(job));
    expect(fake.prompts[0]?.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect([format, ...size]).toEqual(['png', 512, 704]);
    expect(result).toMatchObject({ width: 512, height: 704, seed: 42, model: 'sd_xl_base_1.0.safetensors' });
    const steps = events.filter((e) => !e.previewJpeg).map((e) => e.step);
    expect(steps).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(events.every((e) => e.max === 20)).toBe(true);
    expect(events.some((e) => e.previewJpeg && e.previewJpeg[0] === 0xff)).toBe(true);
  });

  it('runs two LoRAs and a hires pass to the Standard size, one progress bar over both samplers', async () => {
    const { fake, engine } = await setup();
    const loras = [
      { name: 'style.safetensors', weight: 0.8 },
      { name: 'detail_tweaker.safetensors', weight: 0.5 },
    ];
    const job = jobFor('portrait', 'standard', { loras });
    const { events, size } = await run(engine, job);
    expect(size).toEqual([832, 1144]);
    const wf = fake.prompts[0]?.prompt ?? {};
    expect(Object.values(wf).map((n) => n.class_type)).toEqual([
      'CheckpointLoaderSimple',
      'LoraLoader',
      'LoraLoader',
      'CLIPTextEncode',
      'CLIPTextEncode',
      'EmptyLatentImage',
      'KSampler',
      'LatentUpscale',
      'KSampler',
      'VAEDecode',
      'SaveImage',
    ]);
    expect(events.at(-1)).toMatchObject({ step: 30, max: 30 });
  });

  it('model-upscales to exactly twice the final size, also for sizes that are not multiples of 8', async () => {
    const { engine } = await setup();
    const upscale = { factor: 2 as const, model: '4x-UltraSharp.pth' };
    expect((await run(engine, jobFor('portrait', 'standard', { upscale }))).size).toEqual([1664, 2288]);
    expect((await run(engine, jobFor('square', 'ultra', { upscale }))).size).toEqual([2764, 2764]);
    expect((await run(engine, jobFor('wide', 'ultra'))).size).toEqual([1688, 1228]);
  });

  it('runs an upscale job: uploads the source, then x2', async () => {
    const { fake, engine } = await setup();
    const src = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const job = makeJob({ type: 'upscale', upscale: { factor: 2, model: 'RealESRGAN_x2plus.pth' } });
    const { result, size } = await run(engine, job, { sourceImage: src });
    expect(size).toEqual([600, 400]);
    expect(result.model).toBe('RealESRGAN_x2plus.pth');
    expect(fake.store.uploads.get(`mirage-${job.id}.png`)?.equals(src)).toBe(true);
    expect(fake.prompts[0]?.prompt['1']).toEqual({
      class_type: 'LoadImage',
      inputs: { image: `mirage-${job.id}.png` },
    });
  });

  it('reads the outputs from /history when the executed event was missed', async () => {
    const { fake, engine } = await setup({ skipExecuted: true });
    expect((await run(engine, makeJob())).size).toEqual([512, 704]);
    expect(fake.requests.filter((r) => r.startsWith('GET /history/')).length).toBeGreaterThanOrEqual(1);
  });

  it('finishes on an old server with `executing {node:null}` and type 1 previews', async () => {
    const { engine } = await setup({ oldServer: true });
    const { events, size } = await run(engine, makeJob());
    expect(size).toEqual([512, 704]);
    expect(events.some((e) => e.previewJpeg)).toBe(true);
  });

  it('fails non-retryably on execution_error, with the exception message', async () => {
    const { engine } = await setup({ failOn: { classType: 'VAEDecode', message: 'decoder exploded' } });
    const err = await failure(run(engine, makeJob()));
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(/VAEDecode.*RuntimeError: decoder exploded/);
  });

  it('treats an out-of-memory execution error as retryable', async () => {
    const oom = { classType: 'KSampler', message: 'Allocation on device', type: 'torch.OutOfMemoryError' };
    const { engine } = await setup({ failOn: oom });
    expect(await failure(run(engine, makeJob()))).toMatchObject({ retryable: true });
  });

  it('fails non-retryably on a 400 validation error, naming the node and the value', async () => {
    const { engine } = await setup();
    const err = await failure(run(engine, makeJob({ checkpoint: 'missing.safetensors' })));
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toContain(
      "node 1 (CheckpointLoaderSimple): Value not in list: ckpt_name: 'missing.safetensors' not in",
    );
  });

  it('falls back to polling /history when the socket drops', async () => {
    const { engine } = await setup({ dropSocket: true });
    const { size } = await run(engine, jobFor('portrait', 'standard'));
    expect(size).toEqual([832, 1144]);
    expect(logs.some((l) => l.includes('polling'))).toBe(true);
  });

  it('polls /history when no websocket can be opened at all', async () => {
    const { engine } = await setup({ refuseWebsocket: true });
    expect((await run(engine, jobFor('wide', 'standard'))).size).toEqual([1144, 832]);
    expect(logs.some((l) => l.includes('websocket unavailable'))).toBe(true);
  });

  it('interrupts the prompt when aborted', async () => {
    const { fake, engine } = await setup({ stepMs: 20 });
    const ac = new AbortController();
    const job = makeJob({ steps: 50 });
    const err = await failure(
      engine.run(job, { onProgress: (p) => p.step === 3 && ac.abort(), signal: ac.signal }),
    );
    expect(err).toBeInstanceOf(EngineAbortError);
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.interrupts).toEqual([{ prompt_id: Object.keys(fake.history)[0] }]);
    expect(JSON.stringify(fake.history)).toContain('execution_interrupted');
  });

  it('discovers models through /models, or through V1 and V3 object_info combos', async () => {
    const expected = {
      checkpoints: ['sd_xl_base_1.0.safetensors', 'anime_v2.safetensors'],
      loras: ['style.safetensors', 'detail_tweaker.safetensors'],
      upscalers: ['4x-UltraSharp.pth', 'RealESRGAN_x2plus.pth'],
      maxPixels: 4096 * 4096,
      jobTypes: ['txt2img', 'upscale', 'inpaint', 'style_convert'],
    };
    const first = await setup();
    expect(await first.engine.capabilities()).toEqual(expected);
    expect(first.fake.requests).not.toContain('GET /object_info');
    await first.fake.close();
    const old = await setup({ noModelsRoute: true });
    expect(await old.engine.capabilities()).toEqual(expected);
    expect(old.fake.requests).toContain('GET /object_info');
  });

  it('reports an unreachable server as retryable', async () => {
    const { fake, engine } = await setup({}, { connectTimeoutMs: 500 });
    await fake.close();
    const err = await failure(run(engine, makeJob()));
    expect(err).toMatchObject({ retryable: true });
    await expect(engine.capabilities()).rejects.toMatchObject({ retryable: true });
  });
});

describe('the fake ComfyUI validates like the real one', () => {
  const post = async (url: string, prompt: unknown) => {
    const res = await fetch(`${url}/api/prompt`, { method: 'POST', body: JSON.stringify({ prompt }) });
    return {
      status: res.status,
      body: (await res.json()) as { error: { type: string }; node_errors: object },
    };
  };

  it('rejects unknown nodes, bad links and missing outputs', async () => {
    const { fake } = await setup();
    const wf = buildWorkflow(makeJob());
    const unknown = await post(fake.url, { ...wf, '9': { class_type: 'NoSuchNode', inputs: {} } });
    expect([unknown.status, unknown.body.error.type]).toEqual([400, 'invalid_prompt']);
    const badLink = await post(fake.url, {
      ...wf,
      '6': { class_type: 'VAEDecode', inputs: { samples: ['5'], vae: ['1', 2] } },
    });
    expect([badLink.status, badLink.body.error.type]).toEqual([400, 'prompt_outputs_failed_validation']);
    expect(JSON.stringify(badLink.body.node_errors)).toContain('bad_linked_input');
    const noOutput = await post(fake.url, { '1': wf['1'] });
    expect(noOutput.body.error.type).toBe('prompt_no_outputs');
  });
});
