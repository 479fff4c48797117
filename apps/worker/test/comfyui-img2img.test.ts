import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerJob } from '@mirage/domain';
import { ComfyUIEngine } from '../src/engines/comfyui.ts';
import type { EngineError, EngineIo, EngineProgress } from '../src/engines/engine.ts';
import { FakeComfyUI } from './fakes/fake-comfyui.ts';
import type { FakeComfyOptions } from './fakes/fake-comfyui.ts';
import { maskPng, sourcePng } from './fakes/images.ts';
import { inpaintJob, styleConvertJob } from './fakes/jobs.ts';

let fake: FakeComfyUI | null = null;
const logs: string[] = [];
let source: Buffer;
let mask: Buffer;

beforeAll(async () => {
  [source, mask] = await Promise.all([sourcePng(832, 1144), maskPng(832, 1144)]);
});

afterEach(async () => {
  // The workflows make the exact size: the adapter never had to fix one.
  expect(logs.filter((l) => l.includes('resized'))).toEqual([]);
  await fake?.close();
  fake = null;
  logs.length = 0;
});

async function setup(options: FakeComfyOptions = {}) {
  fake = await FakeComfyUI.start(options);
  const engine = new ComfyUIEngine({ baseUrl: fake.url, pollIntervalMs: 50, log: (m) => logs.push(m) });
  return { fake, engine };
}

async function run(engine: ComfyUIEngine, job: WorkerJob, files: Partial<EngineIo>) {
  const events: EngineProgress[] = [];
  const result = await engine.run(job, {
    onProgress: (p) => events.push(p),
    signal: new AbortController().signal,
    ...files,
  });
  const meta = await sharp(result.png).metadata();
  return { result, events, size: [meta.width, meta.height] };
}

const classes = (prompt: Record<string, { class_type?: unknown }> | undefined) =>
  Object.values(prompt ?? {}).map((node) => node.class_type);
const uploads = (f: FakeComfyUI) => f.requests.filter((r) => r.startsWith('POST /upload/'));

describe('ComfyUI image-to-image against the fake server', () => {
  it('inpaints: uploads source and mask, runs the masked graph with the denoise, returns the source size', async () => {
    const { fake, engine } = await setup();
    const job = inpaintJob({ denoise: 0.6 });
    const { result, events, size } = await run(engine, job, { sourceImage: source, maskImage: mask });
    expect(uploads(fake)).toEqual(['POST /upload/image', 'POST /upload/image']);
    expect(fake.store.uploads.get(`mirage-${job.id}.png`)?.equals(source)).toBe(true);
    expect(fake.store.uploads.get(`mirage-${job.id}-mask.png`)?.equals(mask)).toBe(true);
    const wf = fake.prompts[0]?.prompt;
    expect(classes(wf)).toEqual([
      'CheckpointLoaderSimple',
      'CLIPTextEncode',
      'CLIPTextEncode',
      'LoadImage',
      'VAEEncode',
      'LoadImageMask',
      'SetLatentNoiseMask',
      'KSampler',
      'VAEDecode',
      'ImageCompositeMasked',
      'SaveImage',
    ]);
    expect(wf?.['4']?.inputs).toEqual({ image: `mirage-${job.id}.png` });
    expect(wf?.['6']?.inputs).toEqual({ image: `mirage-${job.id}-mask.png`, channel: 'red' });
    expect(wf?.['8']?.inputs).toMatchObject({ latent_image: ['7', 0], denoise: 0.6 });
    expect(size).toEqual([832, 1144]);
    expect(result).toMatchObject({ width: 832, height: 1144, seed: 42, model: 'sd_xl_base_1.0.safetensors' });
    expect(events.filter((e) => !e.previewJpeg).map((e) => e.step)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('converts a style: one upload, the target checkpoint and LoRA, the denoise', async () => {
    const { fake, engine } = await setup();
    const job = styleConvertJob({ loras: [{ name: 'style.safetensors', weight: 0.7 }] });
    const { result, size } = await run(engine, job, { sourceImage: source });
    expect(uploads(fake)).toEqual(['POST /upload/image']);
    const wf = fake.prompts[0]?.prompt;
    expect(classes(wf)).toEqual([
      'CheckpointLoaderSimple',
      'LoraLoader',
      'CLIPTextEncode',
      'CLIPTextEncode',
      'LoadImage',
      'VAEEncode',
      'KSampler',
      'VAEDecode',
      'SaveImage',
    ]);
    expect(wf?.['1']?.inputs).toEqual({ ckpt_name: 'anime_v2.safetensors' });
    expect(wf?.['7']?.inputs).toMatchObject({ model: ['2', 0], denoise: 0.55 });
    expect(size).toEqual([832, 1144]);
    expect(result.model).toBe('anime_v2.safetensors');
  });

  it('returns the exact size of an Ultra source (not a multiple of 8) for both job types', async () => {
    const { engine } = await setup();
    const ultra = { width: 1228, height: 1688 };
    const files = { sourceImage: await sourcePng(1228, 1688), maskImage: await maskPng(1228, 1688) };
    expect((await run(engine, inpaintJob(ultra), files)).size).toEqual([1228, 1688]);
    expect((await run(engine, styleConvertJob(ultra), files)).size).toEqual([1228, 1688]);
  });

  it('restores faces in an inpaint when the server has the nodes', async () => {
    const { fake, engine } = await setup({ faceRestoreModels: ['codeformer-v0.1.0.pth'] });
    const job = inpaintJob({ face_restore: true });
    expect((await run(engine, job, { sourceImage: source, maskImage: mask })).size).toEqual([832, 1144]);
    expect(classes(fake.prompts[0]?.prompt)).toContain('FaceRestoreCFWithModel');
  });

  it('fails without retry when the server lacks the target checkpoint, or the job its mask', async () => {
    const { fake, engine } = await setup();
    const unknown = styleConvertJob({ checkpoint: 'missing.safetensors' });
    const err = await run(engine, unknown, { sourceImage: source }).then(
      () => expect.fail('should have failed'),
      (e: unknown) => e as EngineError,
    );
    expect(err).toMatchObject({ retryable: false });
    expect(err.message).toContain('CheckpointLoaderSimple');
    await expect(run(engine, inpaintJob(), { sourceImage: source })).rejects.toMatchObject({
      retryable: false,
    });
    expect(fake.prompts).toHaveLength(1);
  });
});

describe('the fake ComfyUI checks image-to-image nodes and uploads like the real one', () => {
  const post = async (url: string, prompt: unknown) => {
    const res = await fetch(`${url}/prompt`, { method: 'POST', body: JSON.stringify({ prompt }) });
    return { status: res.status, text: await res.text() };
  };
  const form = (fields: Record<string, string>, image: Buffer, filename: string) => {
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), filename);
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return body;
  };

  it('validates the new nodes: channel combo, link types, the boolean, the optional mask', async () => {
    const { fake, engine } = await setup();
    await run(engine, inpaintJob(), { sourceImage: source, maskImage: mask });
    const wf = fake.prompts[0]!.prompt;
    const change = (id: string, inputs: Record<string, unknown>) => ({
      ...wf,
      [id]: { ...wf[id], inputs: { ...wf[id]!.inputs, ...inputs } },
    });
    const badChannel = await post(fake.url, change('6', { channel: 'luma' }));
    expect(badChannel.status).toBe(400);
    expect(badChannel.text).toContain("channel: 'luma' not in");
    const wrongType = await post(fake.url, change('7', { mask: ['4', 0] }));
    expect(wrongType.text).toContain('return_type_mismatch');
    const notBool = await post(fake.url, change('10', { resize_source: 'yes' }));
    expect(notBool.text).toContain('invalid_input_type');
    const noMask = { ...wf, '10': { ...wf['10'], inputs: { ...wf['10']!.inputs, mask: undefined } } };
    expect((await post(fake.url, noMask)).status).toBe(200);
    const info = (await (await fetch(`${fake.url}/object_info/ImageCompositeMasked`)).json()) as Record<
      string,
      { input: { optional?: Record<string, unknown> } }
    >;
    expect(info.ImageCompositeMasked?.input.optional).toEqual({ mask: ['MASK', {}] });
  });

  it('/upload/mask copies the alpha of the upload into the original: a greyscale mask gives no mask', async () => {
    const { fake } = await setup();
    const upload = (route: string, body: FormData) => fetch(`${fake.url}${route}`, { method: 'POST', body });
    const small = await sourcePng(40, 30);
    await upload('/upload/image', form({ type: 'input' }, small, 'photo.png'));
    const ref = JSON.stringify({ filename: 'photo.png', subfolder: '', type: 'input' });
    const grey = await maskPng(40, 30);
    const res = await upload('/upload/mask', form({ type: 'input', original_ref: ref }, grey, 'masked.png'));
    expect(await res.json()).toEqual({ name: 'masked.png', subfolder: '', type: 'input' });
    const alphaOf = async (name: string) =>
      sharp(fake.store.uploads.get(name)).ensureAlpha().extractChannel(3).raw().toBuffer();
    // The greyscale mask has no alpha: opaque everywhere, so LoadImage's MASK (1 - alpha) is all zero.
    expect((await alphaOf('masked.png')).every((a) => a === 255)).toBe(true);
    // An RGBA upload's alpha is what lands in the original.
    const strokes = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    await upload('/upload/mask', form({ type: 'input', original_ref: ref }, strokes, 'masked2.png'));
    expect((await alphaOf('masked2.png')).every((a) => a === 0)).toBe(true);
    // No original there: 200 all the same, and nothing written.
    const missing = JSON.stringify({ filename: 'nope.png', type: 'input' });
    const lost = await upload('/upload/mask', form({ original_ref: missing }, grey, 'masked3.png'));
    expect(lost.status).toBe(200);
    expect(fake.store.uploads.has('masked3.png')).toBe(false);
  });

  it('/upload/image renames on a clash without overwrite, keeps one copy of the same bytes', async () => {
    const { fake } = await setup();
    const upload = async (image: Buffer, fields: Record<string, string> = {}) => {
      const res = await fetch(`${fake.url}/upload/image`, {
        method: 'POST',
        body: form(fields, image, 'a.png'),
      });
      return (await res.json()) as { name: string };
    };
    const other = await sourcePng(20, 20);
    expect((await upload(source)).name).toBe('a.png');
    expect((await upload(source)).name).toBe('a.png');
    expect((await upload(other)).name).toBe('a (1).png');
    expect((await upload(other, { overwrite: 'true' })).name).toBe('a.png');
    expect(fake.store.uploads.get('a.png')?.equals(other)).toBe(true);
    const bad = await fetch(`${fake.url}/upload/image`, {
      method: 'POST',
      body: form({ subfolder: '../x' }, other, 'a.png'),
    });
    expect(bad.status).toBe(400);
  });
});
