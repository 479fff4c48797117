/**
 * WorkerJob fixtures for the engine tests, following the resolution table
 * (docs/product/generation.md#resolution, docs/product/decisions.md#generation-parameters).
 */
import type { WorkerJob } from '@mirage/domain';

export type Format = 'portrait' | 'wide' | 'square';
export type Quality = 'standard' | 'high' | 'ultra';

/** base / standard / high / ultra sizes per format (docs/product/generation.md#resolution). */
export const RESOLUTIONS: Record<Format, Record<'base' | Quality, [number, number]>> = {
  portrait: { base: [512, 704], standard: [832, 1144], high: [1024, 1408], ultra: [1228, 1688] },
  wide: { base: [704, 512], standard: [1144, 832], high: [1408, 1024], ultra: [1688, 1228] },
  square: { base: [576, 576], standard: [936, 936], high: [1152, 1152], ultra: [1382, 1382] },
};
const FACTORS: Record<Quality, number> = { standard: 1.625, high: 2, ultra: 2.4 };

export function makeJob(overrides: Partial<WorkerJob> = {}): WorkerJob {
  return {
    id: '0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01',
    type: 'txt2img',
    attempt: 1,
    seed: 42,
    prompt: 'a lighthouse at dusk, soft light',
    negative_prompt: 'blurry, watermark',
    checkpoint: 'sd_xl_base_1.0.safetensors',
    loras: [],
    width: 512,
    height: 704,
    hires: null,
    steps: 20,
    cfg: 5,
    sampler: 'dpmpp_2m',
    scheduler: 'karras',
    upscale: null,
    face_restore: false,
    watermark: false,
    source_image_url: null,
    mask_image_url: null,
    denoise: null,
    lease_expires_at: new Date(Date.now() + 60_000).toISOString(),
    ...overrides,
  };
}

/** A job for one cell of the resolution table: base size first pass, hires to the quality's size. */
export function jobFor(format: Format, quality: Quality, overrides: Partial<WorkerJob> = {}): WorkerJob {
  const row = RESOLUTIONS[format];
  const [w, h] = row.base;
  const [hw, hh] = row[quality];
  return makeJob({
    width: w,
    height: h,
    hires: { factor: FACTORS[quality], width: hw, height: hh, steps: 10, denoise: 0.5 },
    ...overrides,
  });
}

/**
 * An inpaint job as the API leases it: the source's size (a Standard portrait) with no hires pass, the
 * chosen style's settings, the user's strength, and the addresses of the source and the mask.
 */
export function inpaintJob(overrides: Partial<WorkerJob> = {}): WorkerJob {
  const id = overrides.id ?? makeJob().id;
  return makeJob({
    id,
    type: 'inpaint',
    width: 832,
    height: 1144,
    hires: null,
    denoise: 0.75,
    source_image_url: `/api/worker/jobs/${id}/source`,
    mask_image_url: `/api/worker/jobs/${id}/mask`,
    ...overrides,
  });
}

/** A style conversion: the source's size, the target style's checkpoint, Balanced's strength, no mask. */
export function styleConvertJob(overrides: Partial<WorkerJob> = {}): WorkerJob {
  const id = overrides.id ?? makeJob().id;
  return makeJob({
    id,
    type: 'style_convert',
    checkpoint: 'anime_v2.safetensors',
    width: 832,
    height: 1144,
    hires: null,
    denoise: 0.55,
    source_image_url: `/api/worker/jobs/${id}/source`,
    ...overrides,
  });
}
