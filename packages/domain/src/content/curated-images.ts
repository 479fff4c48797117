import type { Creativity, Format, Quality } from '../generation/options.ts';
import { RESOLUTIONS, UPSCALE_FACTOR, type Size } from '../generation/resolution.ts';
import type { GuideSectionId } from './guide.ts';

/**
 * A picture the service ships: painted at start by the built-in preview renderer (the API's
 * features/gallery/samples.ts), owned by the curator account, shown by pages (the guide's comparators,
 * the promo pages) and never in a gallery. Every field that changes the picture is fixed here, so every
 * start paints the same pixels under the same uuid.
 */
export interface CuratedImage {
  /** Fixed, v4-shaped: the image's files are /images/{uuid}.webp and /images/{uuid}-min.webp. */
  uuid: string;
  /** Neutral subject matter only (the repository stays clean). */
  prompt: string;
  negPrompt?: string;
  /** A style's lib from the catalogue (apps/api/src/db/seed/catalogue-data.ts). */
  style: string;
  format: Format;
  quality: Quality;
  /** Absent: Balanced, as for a generation. */
  creativity?: Creativity;
  /** A guidance scale other than the creativity's (the CFG comparator). */
  cfg?: number;
  /** Boosters by lib with their weight in % (the boosters comparator). */
  boosters?: readonly { lib: string; weight: number }[];
  seed: number;
  /**
   * Which size of the pipeline the picture shows: 'base' the first pass only (before the hi-res fix),
   * 'final' the quality's size (default), 'upscaled' that size doubled.
   */
  stage?: 'base' | 'final' | 'upscaled';
  nsfw: boolean;
}

/** The pixel size a curated image is painted at (the resolution table, docs/product/generation.md). */
export function curatedImageSize(image: Pick<CuratedImage, 'format' | 'quality' | 'stage'>): Size {
  const sizes = RESOLUTIONS[image.format];
  if (image.stage === 'base') return { ...sizes.base };
  const final = sizes[image.quality];
  if (image.stage === 'upscaled') {
    return { width: final.width * UPSCALE_FACTOR, height: final.height * UPSCALE_FACTOR };
  }
  return { ...final };
}

/** What each picture of a comparator is captioned with (locales/<lang>/guide.json `caption.*`). */
export type GuideCaption =
  | 'creative'
  | 'balanced'
  | 'precise'
  | 'base'
  | 'standard'
  | 'high'
  | 'ultra'
  | 'without_negative'
  | 'with_negative'
  | 'without_boosters'
  | 'with_boosters'
  | 'seed_first'
  | 'seed_same'
  | 'seed_different'
  | 'cfg_low'
  | 'cfg_high'
  | 'before_upscale'
  | 'after_upscale'
  | 'first_pass'
  | 'hires_standard'
  | 'hires_ultra';

export interface GuideImage extends CuratedImage {
  caption: GuideCaption;
}

/** The guide's image comparators, each shown in the section of the same id. */
export type GuideComparator = Extract<
  GuideSectionId,
  | 'resolution'
  | 'boosters'
  | 'creativity'
  | 'upscale'
  | 'seed'
  | 'negative-prompt'
  | 'hi-res-fix'
  | 'cfg-scale'
>;

const LIGHTHOUSE = 'a lighthouse on a rocky cape at dusk, storm clouds, sea spray';
const HARBOUR = 'a quiet harbour with fishing boats, golden hour, calm water';
const FOREST = 'a forest path in the morning, fog, sun rays through tall trees';
const LAKE = 'a mountain lake with reflections, pine trees, clear sky';

/**
 * The comparators' pictures. Within one comparator only the setting it explains changes: the same
 * prompt, style and seed, so the difference is the setting's.
 */
export const GUIDE_IMAGES: Readonly<Record<GuideComparator, readonly GuideImage[]>> = {
  'negative-prompt': [
    {
      uuid: '27c21418-cbf9-4b28-b567-456fed60849d',
      caption: 'without_negative',
      prompt: HARBOUR,
      style: 'anime_modern',
      format: 'Wide',
      quality: 'Standard',
      seed: 2207,
      nsfw: false,
    },
    {
      uuid: '367b93f2-6c56-445e-9a07-c342613a66ad',
      caption: 'with_negative',
      prompt: HARBOUR,
      negPrompt: 'blurry, low quality, text, watermark, extra boats',
      style: 'anime_modern',
      format: 'Wide',
      quality: 'Standard',
      seed: 2207,
      nsfw: false,
    },
  ],
  resolution: [
    {
      uuid: 'd13b6601-9100-4625-9235-4b4f9d8092b8',
      caption: 'base',
      prompt: LIGHTHOUSE,
      style: 'anime_painterly',
      format: 'Portrait',
      quality: 'Standard',
      stage: 'base',
      seed: 1408,
      nsfw: false,
    },
    {
      uuid: 'e9bc8bbb-e13b-456b-984e-e177d2d66296',
      caption: 'standard',
      prompt: LIGHTHOUSE,
      style: 'anime_painterly',
      format: 'Portrait',
      quality: 'Standard',
      seed: 1408,
      nsfw: false,
    },
    {
      uuid: '69bef3ea-742a-4c5a-be68-4f264256f987',
      caption: 'high',
      prompt: LIGHTHOUSE,
      style: 'anime_painterly',
      format: 'Portrait',
      quality: 'High',
      seed: 1408,
      nsfw: false,
    },
    {
      uuid: 'a0e2fa70-9b31-47cb-af1a-947cfe3d0998',
      caption: 'ultra',
      prompt: LIGHTHOUSE,
      style: 'anime_painterly',
      format: 'Portrait',
      quality: 'Ultra',
      seed: 1408,
      nsfw: false,
    },
  ],
  boosters: [
    {
      uuid: 'bb670260-d008-4edc-854f-7ba674fdeb5b',
      caption: 'without_boosters',
      prompt: FOREST,
      style: 'photo_natural',
      format: 'Portrait',
      quality: 'Standard',
      seed: 3131,
      nsfw: false,
    },
    {
      uuid: '04ce2480-5b4e-44aa-b46d-d52983b4cc62',
      caption: 'with_boosters',
      prompt: FOREST,
      boosters: [
        { lib: 'volumetric_light', weight: 60 },
        { lib: 'mysterious', weight: 40 },
      ],
      style: 'photo_natural',
      format: 'Portrait',
      quality: 'Standard',
      seed: 3131,
      nsfw: false,
    },
  ],
  creativity: [
    {
      uuid: 'd391cd5d-11e0-47dd-9633-7c5fb2b4d623',
      caption: 'creative',
      prompt: LAKE,
      style: 'anime_pastel',
      format: 'Square',
      quality: 'Standard',
      creativity: 'Creative',
      seed: 4242,
      nsfw: false,
    },
    {
      uuid: '5ab9f34c-5f2d-4d80-9c5b-54e6f62ab205',
      caption: 'balanced',
      prompt: LAKE,
      style: 'anime_pastel',
      format: 'Square',
      quality: 'Standard',
      creativity: 'Balanced',
      seed: 4242,
      nsfw: false,
    },
    {
      uuid: '07778307-7606-4e86-bb5c-7f9aca54cd4b',
      caption: 'precise',
      prompt: LAKE,
      style: 'anime_pastel',
      format: 'Square',
      quality: 'Standard',
      creativity: 'Precise',
      seed: 4242,
      nsfw: false,
    },
  ],
  upscale: [
    {
      uuid: 'c279e40e-d58a-47a3-9274-41df4523720f',
      caption: 'before_upscale',
      prompt: HARBOUR,
      style: 'photo_cinematic',
      format: 'Square',
      quality: 'Standard',
      seed: 5150,
      nsfw: false,
    },
    {
      uuid: '8206eb2c-ff0b-4e44-a127-f4259cdf519a',
      caption: 'after_upscale',
      prompt: HARBOUR,
      style: 'photo_cinematic',
      format: 'Square',
      quality: 'Standard',
      stage: 'upscaled',
      seed: 5150,
      nsfw: false,
    },
  ],
  seed: [
    {
      uuid: 'c03c9e26-a559-4565-8bee-0b81c4e59094',
      caption: 'seed_first',
      prompt: FOREST,
      style: 'anime_classic',
      format: 'Portrait',
      quality: 'Standard',
      seed: 777,
      nsfw: false,
    },
    {
      uuid: '1fa47fb4-554c-4c54-80e8-b96311e5bfc9',
      caption: 'seed_same',
      prompt: FOREST,
      style: 'anime_classic',
      format: 'Portrait',
      quality: 'Standard',
      seed: 777,
      nsfw: false,
    },
    {
      uuid: '0f3d2115-e384-4a22-85a0-496050cfeb27',
      caption: 'seed_different',
      prompt: FOREST,
      style: 'anime_classic',
      format: 'Portrait',
      quality: 'Standard',
      seed: 90210,
      nsfw: false,
    },
  ],
  'hi-res-fix': [
    {
      uuid: '1705e184-936d-4b6c-8bd4-f89dc7637f7f',
      caption: 'first_pass',
      prompt: LAKE,
      style: 'photo_natural',
      format: 'Wide',
      quality: 'Standard',
      stage: 'base',
      seed: 6060,
      nsfw: false,
    },
    {
      uuid: '0cd7c83a-8a6b-4c99-bcd2-6b1b54ee92d5',
      caption: 'hires_standard',
      prompt: LAKE,
      style: 'photo_natural',
      format: 'Wide',
      quality: 'Standard',
      seed: 6060,
      nsfw: false,
    },
    {
      uuid: '89bd3f4e-1c4a-4c2c-8e19-c5149286780a',
      caption: 'hires_ultra',
      prompt: LAKE,
      style: 'photo_natural',
      format: 'Wide',
      quality: 'Ultra',
      seed: 6060,
      nsfw: false,
    },
  ],
  'cfg-scale': [
    {
      uuid: 'dff68463-9f90-41ab-b8f8-604246a2a904',
      caption: 'cfg_low',
      prompt: LIGHTHOUSE,
      style: 'anime_3d',
      format: 'Wide',
      quality: 'Standard',
      cfg: 3,
      seed: 8080,
      nsfw: false,
    },
    {
      uuid: '13750498-be20-4e71-8790-f9f06695ce68',
      caption: 'cfg_high',
      prompt: LIGHTHOUSE,
      style: 'anime_3d',
      format: 'Wide',
      quality: 'Standard',
      cfg: 7,
      seed: 8080,
      nsfw: false,
    },
  ],
};

export function isGuideComparator(section: string): section is GuideComparator {
  return Object.hasOwn(GUIDE_IMAGES, section);
}

/** Every guide picture, once: what the API paints at start. */
export const GUIDE_CURATED_IMAGES: readonly CuratedImage[] = Object.values(GUIDE_IMAGES).flat();

/** A v4-shaped uuid, lower case (what the image file routes accept). */
export const CURATED_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
