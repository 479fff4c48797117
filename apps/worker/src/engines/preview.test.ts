import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jobFor, makeJob, RESOLUTIONS } from '../../test/fakes/jobs.ts';
import type { Format, Quality } from '../../test/fakes/jobs.ts';
import type { EngineProgress } from './engine.ts';
import { EngineAbortError, EngineError } from './engine.ts';
import { PREVIEW_MODEL, PreviewEngine } from './preview.ts';

const engine = new PreviewEngine({ stepDelayMs: 0 });
const io = (
  onProgress: (p: EngineProgress) => void = () => undefined,
  signal = new AbortController().signal,
) => ({
  onProgress,
  signal,
});
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('preview engine', () => {
  it('renders the same job to identical PNG bytes, in this process and in another one', async () => {
    const job = jobFor('portrait', 'standard', { seed: 1234 });
    const a = await engine.run(job, io());
    const b = await new PreviewEngine({ stepDelayMs: 1, previewEvery: 3 }).run(job, io());
    expect(b.png.equals(a.png)).toBe(true);
    const script = fileURLToPath(new URL('../../test/fakes/preview-hash.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--conditions=source',
      '--import',
      'tsx',
      script,
      JSON.stringify(job),
    ]);
    expect(stdout.trim()).toBe(sha(a.png));
  });

  it('renders different pictures for a different seed, prompt or style', async () => {
    const job = jobFor('square', 'standard');
    const base = sha((await engine.run(job, io())).png);
    for (const change of [
      { seed: job.seed + 1 },
      { prompt: 'a forest in fog' },
      { checkpoint: 'anime_v2.safetensors' },
    ]) {
      expect(sha((await engine.run({ ...job, ...change }, io())).png)).not.toBe(base);
    }
  });

  it('says it is the preview renderer, not a model', async () => {
    const r = await engine.run(makeJob({ seed: 7 }), io());
    expect(r.model).toBe(PREVIEW_MODEL);
    expect(r.seed).toBe(7);
  });

  const cells = (Object.keys(RESOLUTIONS) as Format[]).flatMap((f) =>
    (['standard', 'high', 'ultra'] as Quality[]).map((q) => [f, q] as const),
  );
  it.each(cells)('renders %s %s at the hires size of the resolution table', async (format, quality) => {
    const r = await engine.run(jobFor(format, quality), io());
    const [w, h] = RESOLUTIONS[format][quality];
    const meta = await sharp(r.png).metadata();
    expect([r.width, r.height, meta.width, meta.height, meta.format]).toEqual([w, h, w, h, 'png']);
  });

  it.each([
    ['portrait', 'standard'],
    ['wide', 'high'],
    ['square', 'ultra'],
  ] as const)('doubles %s %s with an upscale', async (format, quality) => {
    const job = jobFor(format, quality, { upscale: { factor: 2, model: '4x-UltraSharp.pth' } });
    const r = await engine.run(job, io());
    const [w, h] = RESOLUTIONS[format][quality];
    const meta = await sharp(r.png).metadata();
    expect([meta.width, meta.height]).toEqual([w * 2, h * 2]);
  });

  it('renders the first-pass size when there is no hires pass', async () => {
    const r = await engine.run(makeJob({ width: 576, height: 576, hires: null }), io());
    expect([r.width, r.height]).toEqual([576, 576]);
  });

  it('reports every sampling step (both passes) with JPEG previews', async () => {
    const events: EngineProgress[] = [];
    await engine.run(
      jobFor('portrait', 'standard', { steps: 20 }),
      io((p) => events.push(p)),
    );
    expect(events.map((e) => e.step)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(events.map((e) => e.max))).toEqual(new Set([30]));
    const previews = events.flatMap((e) => (e.previewJpeg ? [e.previewJpeg] : []));
    expect(previews.length).toBeGreaterThanOrEqual(3);
    for (const jpeg of previews) expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('stops when the signal is aborted', async () => {
    const ac = new AbortController();
    const events: EngineProgress[] = [];
    const run = new PreviewEngine({ stepDelayMs: 5 }).run(
      jobFor('portrait', 'standard'),
      io((p) => {
        events.push(p);
        if (p.step === 3) ac.abort();
      }, ac.signal),
    );
    await expect(run).rejects.toBeInstanceOf(EngineAbortError);
    expect(events.length).toBe(3);
    await expect(engine.run(makeJob(), io(undefined, AbortSignal.abort()))).rejects.toMatchObject({
      retryable: true,
    });
  });

  it('upscales a source PNG x2 with lanczos, deterministically', async () => {
    const src = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const job = makeJob({ type: 'upscale', upscale: { factor: 2, model: 'any' } });
    const a = await engine.run(job, { ...io(), sourceImage: src });
    const b = await engine.run(job, { ...io(), sourceImage: src });
    expect([a.width, a.height]).toEqual([240, 160]);
    expect((await sharp(a.png).metadata()).width).toBe(240);
    expect(a.png.equals(b.png)).toBe(true);
    await expect(engine.run(job, io())).rejects.toMatchObject({ retryable: false });
  });

  it('refuses an image-to-image job without its source image', async () => {
    const err = await engine.run(makeJob({ type: 'inpaint', denoise: 0.5 }), io()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ retryable: false });
  });

  it('declares any model and the job types it renders', async () => {
    expect(await engine.capabilities()).toEqual({
      checkpoints: [],
      loras: [],
      upscalers: [],
      maxPixels: 4096 * 4096,
      jobTypes: ['txt2img', 'upscale', 'inpaint', 'style_convert'],
    });
  });
});
