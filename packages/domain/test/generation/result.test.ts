import { describe, expect, it } from 'vitest';
import {
  FORMATS,
  MAX_RESULT_PIXELS,
  QUALITIES,
  RESULT_MODEL_MAX,
  SEED_MAX,
  jobPixels,
  outputPixels,
  renderSizes,
  resultProblem,
  resultSize,
  type WorkerJob,
} from '../../src/index.ts';

type Job = Pick<WorkerJob, 'type' | 'width' | 'height' | 'hires' | 'upscale' | 'seed'>;

/** A txt2img job as the API builds it (job-builder.ts): base size, hires to the table's size. */
function txt2imgJob(
  format: (typeof FORMATS)[number],
  quality: (typeof QUALITIES)[number],
  upscale: boolean,
): Job {
  const sizes = renderSizes(format, quality, upscale);
  return {
    type: 'txt2img',
    seed: 42,
    width: sizes.base.width,
    height: sizes.base.height,
    hires: {
      factor: sizes.factor,
      width: sizes.final.width,
      height: sizes.final.height,
      steps: 10,
      denoise: 0.5,
    },
    upscale: upscale ? { factor: 2, model: 'RealESRGAN_x4plus.pth' } : null,
  };
}

const upscaleJob: Job = {
  type: 'upscale',
  seed: 42,
  width: 832,
  height: 1144,
  hires: null,
  upscale: { factor: 2, model: 'RealESRGAN_x4plus.pth' },
};

describe('the size of a result', () => {
  const cells = FORMATS.flatMap((format) =>
    QUALITIES.flatMap((quality) => [false, true].map((upscale) => [format, quality, upscale] as const)),
  );
  it.each(cells)(
    'is the delivered size of the resolution table: %s %s, upscale %s',
    (format, quality, upscale) => {
      const sizes = renderSizes(format, quality, upscale);
      expect(resultSize(txt2imgJob(format, quality, upscale))).toEqual(sizes.upscaled ?? sizes.final);
    },
  );

  it('is the first-pass size without a hires pass', () => {
    expect(resultSize({ ...upscaleJob, type: 'txt2img', width: 64, height: 88, upscale: null })).toEqual({
      width: 64,
      height: 88,
    });
  });

  it('is the source image doubled for an upscale job', () => {
    expect(resultSize(upscaleJob)).toEqual({ width: 1664, height: 2288 });
  });

  it.each(cells)('has the pixels of the resolution table: %s %s, upscale %s', (format, quality, upscale) => {
    expect(jobPixels(txt2imgJob(format, quality, upscale))).toBe(outputPixels(format, quality, upscale));
  });

  it('has four times the source pixels for an upscale job', () => {
    expect(jobPixels(upscaleJob)).toBe(832 * 1144 * 4);
  });

  it('is at most an upscaled Ultra portrait: the cap on decoding a result', () => {
    expect(MAX_RESULT_PIXELS).toBe(1228 * 2 * 1688 * 2);
  });
});

describe('checking a result against its job', () => {
  const job = txt2imgJob('Portrait', 'High', false);
  const right = { width: 1024, height: 1408 };

  it('accepts the exact size with the job seed or any valid seed, and a plain model name', () => {
    expect(resultProblem(job, right, {})).toBeNull();
    expect(
      resultProblem(job, right, { seed: 42, model: 'SDXL/juggernaut XL (v9) [final].safetensors' }),
    ).toBeNull();
    expect(resultProblem(job, right, { seed: 1 })).toBeNull();
    expect(resultProblem(job, right, { seed: SEED_MAX })).toBeNull();
    expect(resultProblem(job, right, { model: 'preview-renderer' })).toBeNull();
    expect(resultProblem({ ...job, seed: 0 }, right, { seed: 0 })).toBeNull();
  });

  it('refuses something that is not a PNG, and any other size', () => {
    expect(resultProblem(job, null, {})).toEqual({ reason: 'format' });
    expect(resultProblem(job, { width: 1, height: 1 }, {})).toEqual({
      reason: 'size',
      expected: '1024x1408',
      received: '1x1',
    });
    expect(resultProblem(job, { width: 16000, height: 16000 }, {})).toMatchObject({ reason: 'size' });
    expect(resultProblem(job, { width: 1408, height: 1024 }, {})).toMatchObject({ reason: 'size' });
    expect(resultProblem(upscaleJob, { width: 832, height: 1144 }, {})).toMatchObject({ reason: 'size' });
  });

  it('refuses a seed outside 1..4294967295 that is not the job seed', () => {
    for (const seed of [-5, 0, SEED_MAX + 1, 1.5]) {
      expect(resultProblem(job, right, { seed }), String(seed)).toEqual({ reason: 'seed' });
    }
  });

  it('refuses a model name that is empty, too long, or holds control characters or markup', () => {
    for (const model of [
      '',
      '   ',
      'x'.repeat(RESULT_MODEL_MAX + 1),
      '<img src=x onerror=alert(1)>',
      'model"name',
      'line\nbreak',
      'nul\u0000byte',
      'bidi\u202eoverride',
    ]) {
      expect(resultProblem(job, right, { model }), JSON.stringify(model)).toEqual({ reason: 'model' });
    }
  });
});
