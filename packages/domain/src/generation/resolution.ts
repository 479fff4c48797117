import type { Format, Quality } from './options.ts';

/**
 * The resolution table of docs/product/generation.md#resolution (base / standard / high / ultra per format)
 * and the hires factors of docs/product/decisions.md#generation-parameters. The first pass renders at `base`;
 * a hires pass scales it to the quality's size; an optional model upscale then doubles that.
 */
export interface Size {
  width: number;
  height: number;
}

export interface FormatResolutions {
  base: Size;
  Standard: Size;
  High: Size;
  Ultra: Size;
}

/**
 * Decision: the table is authoritative, not base x factor. Ultra is 2.4 x base rounded to sizes the
 * guide publishes (704 x 2.4 = 1689.6 is listed as 1688, a multiple of 8 that latent models need), so the
 * factor is only the hires pass's nominal scale and the final size always comes from here.
 */
export const RESOLUTIONS: Readonly<Record<Format, Readonly<FormatResolutions>>> = {
  Portrait: {
    base: { width: 512, height: 704 },
    Standard: { width: 832, height: 1144 },
    High: { width: 1024, height: 1408 },
    Ultra: { width: 1228, height: 1688 },
  },
  Wide: {
    base: { width: 704, height: 512 },
    Standard: { width: 1144, height: 832 },
    High: { width: 1408, height: 1024 },
    Ultra: { width: 1688, height: 1228 },
  },
  Square: {
    base: { width: 576, height: 576 },
    Standard: { width: 936, height: 936 },
    High: { width: 1152, height: 1152 },
    Ultra: { width: 1382, height: 1382 },
  },
};

/**
 * docs/product/decisions.md#generation-parameters: Standard x1.625, High x2, Ultra x2.4 from the base size.
 */
export const HIRES_FACTORS: Readonly<Record<Quality, number>> = {
  Standard: 1.625,
  High: 2,
  Ultra: 2.4,
};

/**
 * docs/product/decisions.md#generation-parameters: "Upscale then doubles the final size with an upscale
 * model."
 */
export const UPSCALE_FACTOR = 2;

export function baseSize(format: Format): Size {
  const { width, height } = RESOLUTIONS[format].base;
  return { width, height };
}

export function finalSize(format: Format, quality: Quality): Size {
  const { width, height } = RESOLUTIONS[format][quality];
  return { width, height };
}

export function hiresFactor(quality: Quality): number {
  return HIRES_FACTORS[quality];
}

export function upscaledSize(size: Size): Size {
  return { width: size.width * UPSCALE_FACTOR, height: size.height * UPSCALE_FACTOR };
}

/** Every size a txt2img task goes through, as the API needs it to build a WorkerJob. */
export interface RenderSizes {
  base: Size;
  factor: number;
  final: Size;
  /** The delivered size after a model upscale, or null without upscale. */
  upscaled: Size | null;
}

export function renderSizes(format: Format, quality: Quality, upscale: boolean): RenderSizes {
  const final = finalSize(format, quality);
  return {
    base: baseSize(format),
    factor: hiresFactor(quality),
    final,
    upscaled: upscale ? upscaledSize(final) : null,
  };
}

/** Pixels of the largest image a task produces; workers declare a max_pixels they can render. */
export function outputPixels(format: Format, quality: Quality, upscale: boolean): number {
  const { final, upscaled } = renderSizes(format, quality, upscale);
  const size = upscaled ?? final;
  return size.width * size.height;
}
