import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkerJob } from '@mirage/domain';
import { inpaintJob, makeJob, styleConvertJob } from '../../test/fakes/jobs.ts';
import { maskPng, sourcePng } from '../../test/fakes/images.ts';
import type { EngineError, EngineIo, EngineProgress } from './engine.ts';
import { PREVIEW_MODEL, PreviewEngine } from './preview.ts';

const engine = new PreviewEngine({ stepDelayMs: 0 });
const W = 832;
const H = 1144;
let source: Buffer;
let mask: Buffer;
let sourceRaw: Buffer;
let maskRaw: Buffer;

const raw = async (png: Buffer, channels: 1 | 3 = 3) =>
  sharp(png)
    .toColourspace(channels === 3 ? 'srgb' : 'b-w')
    .raw()
    .toBuffer();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function run(job: WorkerJob, files: Partial<EngineIo> = {}, onProgress = (_: EngineProgress) => {}) {
  return engine.run(job, { onProgress, signal: new AbortController().signal, ...files });
}
const inpaint = (job: WorkerJob) => run(job, { sourceImage: source, maskImage: mask });
const convert = (job: WorkerJob) => run(job, { sourceImage: source });

/** How far pixel p lies from the mask's disc edge (negative inside), in px. */
const fromEdge = (p: number) => Math.hypot((p % W) - W / 2, Math.floor(p / W) - H / 2) - Math.min(W, H) / 4;

/** Mean absolute difference from the source, over the pixels where `where(pixel)` holds. */
function distance(out: Buffer, where: (p: number) => boolean): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < W * H; p++) {
    if (!where(p)) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(out[p * 3 + c]! - sourceRaw[p * 3 + c]!);
    count += 3;
  }
  return sum / count;
}

beforeAll(async () => {
  [source, mask] = await Promise.all([sourcePng(W, H), maskPng(W, H)]);
  [sourceRaw, maskRaw] = await Promise.all([raw(source), raw(mask, 1)]);
});

describe('preview engine: inpaint', () => {
  it('keeps the black of the mask exactly and repaints the white with the job picture', async () => {
    const job = inpaintJob({ denoise: 1 });
    const result = await inpaint(job);
    expect(result).toMatchObject({ width: W, height: H, seed: 42, model: PREVIEW_MODEL });
    const out = await raw(result.png);
    expect(out.length).toBe(W * H * 3);
    // Outside the disc and its feather (a few px) the source comes back byte for byte.
    expect(distance(out, (p) => fromEdge(p) > 6)).toBe(0);
    expect(maskRaw[10 * W + 10]).toBe(0);
    // At full strength the middle of the disc is the txt2img picture of the same job.
    const painted = await raw((await run({ ...job, type: 'txt2img' })).png);
    const middle = ((H / 2) * W + W / 2) * 3;
    expect([...out.subarray(middle, middle + 3)]).toEqual([...painted.subarray(middle, middle + 3)]);
  });

  it('repaints more as the strength grows, and feathers the edge', async () => {
    const outs = await Promise.all(
      [0.3, 0.75, 1].map(async (denoise) => raw((await inpaint(inpaintJob({ denoise }))).png)),
    );
    const inside = outs.map((out) => distance(out, (p) => fromEdge(p) < -6));
    expect(inside[0]).toBeGreaterThan(5);
    expect(inside[0]).toBeLessThan(inside[1]!);
    expect(inside[1]).toBeLessThan(inside[2]!);
    // Along the middle row, out of the disc towards it: the change rises over a few pixels, not at once.
    const row = H / 2;
    const left = W / 2 - Math.min(W, H) / 4;
    const change = (x: number) => Math.abs(outs[2]![(row * W + x) * 3]! - sourceRaw[(row * W + x) * 3]!);
    const edge = Array.from({ length: 12 }, (_, i) => change(Math.round(left) - 6 + i));
    expect(edge.filter((d) => d > 0 && d < Math.max(...edge)).length).toBeGreaterThanOrEqual(2);
  });

  it('renders the same bytes for the same inputs, in this process and in another one', async () => {
    const job = inpaintJob({ seed: 1234, width: 320, height: 448 });
    const files = { sourceImage: await sourcePng(320, 448), maskImage: await maskPng(320, 448) };
    const a = await run(job, files);
    expect((await run(job, files)).png.equals(a.png)).toBe(true);
    expect((await run({ ...job, seed: 1235 }, files)).png.equals(a.png)).toBe(false);
    const dir = mkdtempSync(join(tmpdir(), 'mirage-preview-'));
    try {
      writeFileSync(join(dir, 'source.png'), files.sourceImage);
      writeFileSync(join(dir, 'mask.png'), files.maskImage);
      const script = fileURLToPath(new URL('../../test/fakes/preview-hash.ts', import.meta.url));
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--conditions=source',
        '--import',
        'tsx',
        script,
        JSON.stringify(job),
        join(dir, 'source.png'),
        join(dir, 'mask.png'),
      ]);
      expect(stdout.trim()).toBe(sha(a.png));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports the sampling steps with previews, like txt2img', async () => {
    const events: EngineProgress[] = [];
    await run(inpaintJob({ steps: 20 }), { sourceImage: source, maskImage: mask }, (p) => events.push(p));
    expect(events.map((e) => e.step)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(events.every((e) => e.max === 20)).toBe(true);
    const previews = events.flatMap((e) => (e.previewJpeg ? [e.previewJpeg] : []));
    expect(previews.length).toBeGreaterThanOrEqual(3);
    for (const jpeg of previews) expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('fits a source or mask of another size to the job size', async () => {
    const small = { sourceImage: await sourcePng(416, 572), maskImage: await maskPng(208, 286) };
    const result = await run(inpaintJob(), small);
    const meta = await sharp(result.png).metadata();
    expect([meta.width, meta.height]).toEqual([W, H]);
  });

  it('fails without retry when the mask, the source or the strength is missing or unreadable', async () => {
    const job = inpaintJob();
    const cases: [WorkerJob, Partial<EngineIo>, RegExp][] = [
      [job, { sourceImage: source }, /without a mask/],
      [job, { maskImage: mask }, /without a source image/],
      [{ ...job, denoise: null }, { sourceImage: source, maskImage: mask }, /denoise/],
      [job, { sourceImage: Buffer.from('not a png'), maskImage: mask }, /source image is not a readable/],
    ];
    for (const [j, files, message] of cases) {
      const err = await run(j, files).catch((e: unknown) => e as EngineError);
      expect(err).toMatchObject({ retryable: false });
      expect((err as EngineError).message).toMatch(message);
    }
  });
});

describe('preview engine: style conversion', () => {
  it('repaints the whole source in the target style, keeping its composition', async () => {
    const result = await convert(styleConvertJob());
    expect(result).toMatchObject({ width: W, height: H, model: PREVIEW_MODEL });
    const out = await raw(result.png);
    expect(distance(out, () => true)).toBeGreaterThan(10);
    // The bright square stays brighter than the dark corner of the gradient.
    const lum = (buf: Buffer, x: number, y: number) => buf[(y * W + x) * 3]! + buf[(y * W + x) * 3 + 1]!;
    expect(lum(out, W * 0.375, H * 0.375)).toBeGreaterThan(lum(out, 5, 5) + 60);
  });

  it('moves further from the source with the strength, and differs per target style', async () => {
    const at = async (job: WorkerJob) => raw((await convert(job)).png);
    const [precise, creative] = await Promise.all([
      at(styleConvertJob({ denoise: 0.4 })),
      at(styleConvertJob({ denoise: 0.7 })),
    ]);
    expect(distance(precise, () => true)).toBeLessThan(distance(creative, () => true));
    const other = await at(styleConvertJob({ denoise: 0.7, checkpoint: 'sd_xl_base_1.0.safetensors' }));
    expect(other.equals(creative)).toBe(false);
    expect((await at(styleConvertJob({ denoise: 0.7 }))).equals(creative)).toBe(true);
  });

  it('needs only the source: a mask is not asked for', async () => {
    await expect(convert(styleConvertJob({ denoise: 0.5 }))).resolves.toMatchObject({ width: W });
    await expect(run(styleConvertJob())).rejects.toMatchObject({ retryable: false });
    await expect(run(makeJob({ type: 'style_convert', denoise: 0.5 }))).rejects.toMatchObject({
      retryable: false,
    });
  });
});
