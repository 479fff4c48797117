import type { BoosterRender, StyleRender } from '../schema/catalogue.ts';

/**
 * The shipped generation catalogue. This file is the source of truth: `seedCatalogue` upserts it at every
 * boot (styles, categories, boosters and rules by `lib`, presets by `path` + `lib`), so edit the data here
 * rather than the rows. Removing an entry here does not delete its row (images and favourites refer to it);
 * retire a style or booster with `enabled: false` instead.
 *
 * Ids of styles, categories and boosters are fixed: images, tasks and the selected-styles cookie store them.
 * Never reuse an id for another lib. Everything here stays neutral (docs/architecture.md#invariants,
 * invariant 7).
 */

export interface SeedStyle {
  id: number;
  lib: string;
  render: StyleRender;
  is_free: boolean;
  is_new: boolean;
  txt2img: boolean;
  enabled: boolean;
  pipeline: string;
  default_steps: number;
  default_sampler: string;
  default_scheduler: string;
}

const ANIME = { default_steps: 28, default_sampler: 'euler_ancestral', default_scheduler: 'normal' } as const;
const PHOTO = { default_steps: 30, default_sampler: 'dpmpp_2m', default_scheduler: 'karras' } as const;

function style(
  id: number,
  lib: string,
  render: StyleRender,
  pipeline: string,
  overrides: Partial<SeedStyle> = {},
): SeedStyle {
  const defaults = render === 'hentai' ? ANIME : PHOTO;
  return {
    id,
    lib,
    render,
    is_free: false,
    is_new: false,
    txt2img: true,
    enabled: true,
    pipeline,
    ...defaults,
    ...overrides,
  };
}

/**
 * Exactly one free style per render (docs/product/pricing-and-plans.md#plan-capabilities: Free users have 2
 * styles); anime_modern is the default style of the tweak page (docs/product/generation.md#catalogue).
 * anime_lineart serves style conversion only (txt2img false); photo_retro is retired (enabled false): listed
 * nowhere, refused with `style_disabled`, kept for the images that used it.
 * Samplers and schedulers use ComfyUI's names (reference/engines.md); other engines map them.
 */
export const STYLES: SeedStyle[] = [
  style(1, 'anime_modern', 'hentai', 'mirage-anime-v3.safetensors', { is_free: true }),
  style(2, 'anime_classic', 'hentai', 'mirage-anime-retro-v2.safetensors'),
  style(3, 'anime_pastel', 'hentai', 'mirage-anime-pastel-v1.safetensors', { is_new: true }),
  style(4, 'anime_painterly', 'hentai', 'mirage-anime-painterly-v1.safetensors'),
  style(5, 'anime_3d', 'hentai', 'mirage-anime-3d-v2.safetensors', { default_steps: 30 }),
  style(6, 'manga_ink', 'hentai', 'mirage-manga-ink-v1.safetensors', { default_steps: 24 }),
  style(7, 'anime_lineart', 'hentai', 'mirage-anime-lineart-v1.safetensors', { txt2img: false }),
  style(20, 'photo_natural', 'realistic', 'mirage-photo-v4.safetensors', { is_free: true }),
  style(21, 'photo_studio', 'realistic', 'mirage-photo-studio-v2.safetensors'),
  style(22, 'photo_cinematic', 'realistic', 'mirage-cinematic-v2.safetensors'),
  style(23, 'photo_film', 'realistic', 'mirage-film-v1.safetensors', { is_new: true }),
  style(24, 'realistic_painting', 'realistic', 'mirage-realistic-painting-v1.safetensors', {
    default_sampler: 'dpmpp_2m_sde',
  }),
  style(25, 'realistic_3d', 'realistic', 'mirage-render-3d-v1.safetensors', { default_steps: 32 }),
  style(26, 'photo_retro', 'realistic', 'mirage-photo-retro-v1.safetensors', { enabled: false }),
];

export interface SeedBoosterCategory {
  id: number;
  lib: string;
}

export const BOOSTER_CATEGORIES: SeedBoosterCategory[] = [
  { id: 1, lib: 'lighting' },
  { id: 2, lib: 'camera' },
  { id: 3, lib: 'mood' },
  { id: 4, lib: 'medium' },
  { id: 5, lib: 'detail' },
  { id: 6, lib: 'colour' },
];

export interface SeedBooster {
  id: number;
  category_id: number;
  lib: string;
  render: BoosterRender;
  tags: string[];
  is_new: boolean;
  lora_weight: number;
  default_weight: number;
  incompatible_style_libs: string[];
}

type BoosterLine = [
  id: number,
  lib: string,
  render: BoosterRender,
  tags: string[],
  loraWeight: number,
  defaultWeight: number,
];

/** One line per booster: id, lib, render, suggested tags, LoRA strength at 100 %, proposed slot weight. */
const LINES: Record<string, BoosterLine[]> = {
  lighting: [
    [101, 'soft_light', 'both', ['soft light', 'diffused light'], 0.8, 60],
    [102, 'golden_hour', 'both', ['golden hour', 'warm sunlight', 'long shadows'], 0.9, 70],
    [103, 'neon_glow', 'both', ['neon lights', 'glow', 'night city'], 0.9, 60],
    [104, 'rim_light', 'both', ['rim light', 'backlight'], 0.7, 50],
    [105, 'volumetric_light', 'both', ['volumetric light', 'god rays', 'haze'], 0.8, 60],
  ],
  camera: [
    [201, 'bokeh', 'realistic', ['bokeh', 'shallow depth of field'], 0.8, 60],
    [202, 'wide_angle', 'both', ['wide angle', 'panoramic view'], 0.7, 50],
    [203, 'macro', 'realistic', ['macro photography', 'close-up detail'], 0.9, 70],
    [204, 'low_angle', 'both', ['low angle shot', 'towering perspective'], 0.7, 50],
    [205, 'long_exposure', 'realistic', ['long exposure', 'light trails', 'motion blur'], 0.8, 60],
  ],
  mood: [
    [301, 'serene', 'both', ['serene', 'calm', 'peaceful atmosphere'], 0.7, 50],
    [302, 'dramatic', 'both', ['dramatic', 'high contrast', 'stormy sky'], 0.8, 60],
    [303, 'mysterious', 'both', ['mysterious', 'fog', 'dim light'], 0.8, 60],
    [304, 'whimsical', 'hentai', ['whimsical', 'playful', 'floating lights'], 0.8, 60],
    [305, 'melancholic', 'both', ['melancholic', 'rain', 'muted tones'], 0.7, 50],
  ],
  medium: [
    [401, 'watercolor', 'both', ['watercolor', 'paper texture', 'soft edges'], 1.0, 70],
    [402, 'oil_paint', 'both', ['oil painting', 'visible brush strokes', 'canvas'], 1.0, 70],
    [403, 'ink_sketch', 'hentai', ['ink sketch', 'cross hatching', 'line art'], 0.9, 60],
    [404, 'pixel_art', 'both', ['pixel art', '16-bit', 'limited palette'], 1.0, 80],
    [405, 'cel_shading', 'hentai', ['cel shading', 'flat colors', 'clean lines'], 0.9, 60],
  ],
  detail: [
    [501, 'high_detail', 'both', ['highly detailed', 'intricate'], 0.6, 50],
    [502, 'sharp_focus', 'realistic', ['sharp focus', 'crisp'], 0.6, 50],
    [503, 'film_grain', 'realistic', ['film grain', 'analog photo'], 0.7, 40],
    [504, 'ornate', 'both', ['ornate', 'filigree', 'gold trim'], 0.8, 60],
    [505, 'dreamy_blur', 'both', ['soft focus', 'dreamy haze'], 0.7, 40],
  ],
  colour: [
    [601, 'pastel_palette', 'both', ['pastel colors', 'soft palette'], 0.8, 60],
    [602, 'monochrome', 'both', ['monochrome', 'black and white'], 1.0, 80],
    [603, 'vibrant', 'both', ['vibrant colors', 'saturated'], 0.7, 50],
    [604, 'teal_orange', 'realistic', ['teal and orange', 'color graded'], 0.8, 60],
    [605, 'sepia', 'both', ['sepia tone', 'vintage'], 0.9, 60],
  ],
};

/**
 * Boosters a style cannot take (docs/product/generation.md#catalogue: choosing the style is refused and a
 * modal lists these boosters).
 * Render mismatches (a realistic booster on an anime style) are refused separately, from `render`.
 */
const INCOMPATIBLE: Record<string, string[]> = {
  pixel_art: ['photo_natural', 'photo_studio', 'photo_cinematic', 'photo_film', 'manga_ink'],
  monochrome: ['anime_pastel'],
  pastel_palette: ['manga_ink'],
  watercolor: ['anime_3d', 'realistic_3d'],
  oil_paint: ['anime_3d', 'realistic_3d'],
  film_grain: ['realistic_3d'],
};

/** Boosters flagged as new in the panel. */
const NEW_BOOSTERS = new Set(['neon_glow', 'pixel_art', 'teal_orange']);

export const BOOSTERS: SeedBooster[] = BOOSTER_CATEGORIES.flatMap((category) =>
  (LINES[category.lib] ?? []).map(([id, lib, render, tags, loraWeight, defaultWeight]) => ({
    id,
    category_id: category.id,
    lib,
    render,
    tags,
    is_new: NEW_BOOSTERS.has(lib),
    lora_weight: loraWeight,
    default_weight: defaultWeight,
    incompatible_style_libs: INCOMPATIBLE[lib] ?? [],
  })),
);

/** The engine file of a booster's LoRA. */
export function boosterLora(lib: string): string {
  return `mirage-booster-${lib.replaceAll('_', '-')}.safetensors`;
}
