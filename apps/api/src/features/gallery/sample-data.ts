import type { Format } from '@mirage/domain';

/**
 * The curated guest samples (docs/product/gallery.md#boards, docs/product/limits.md#gallery-and-prompts: 24
 * for visitors). Out of the box they are painted by the built-in preview renderer from these neutral prompts;
 * an operator replaces them with real pictures by flagging other public images `is_sample` (and `nsfw` where
 * it applies). A few built-in ones carry the `nsfw` flag so the over-18 blur and its confirmation work from
 * the first start.
 */
export interface SampleImage {
  prompt: string;
  style: string;
  render: 'hentai' | 'realistic';
  format: Format;
  nsfw: boolean;
}

const sample = (prompt: string, style: string, format: Format, nsfw = false): SampleImage => ({
  prompt,
  style,
  render: style.startsWith('photo') || style.startsWith('realistic') ? 'realistic' : 'hentai',
  format,
  nsfw,
});

export const SAMPLE_IMAGES: readonly SampleImage[] = [
  sample('a lighthouse at dusk, storm clouds, sea spray', 'anime_modern', 'Portrait'),
  sample('a forest path, morning fog, sun rays', 'anime_classic', 'Wide'),
  sample('a quiet harbour, fishing boats, golden hour', 'anime_pastel', 'Square'),
  sample('a mountain lake, reflections, pine trees', 'anime_painterly', 'Portrait', true),
  sample('a city street at night, neon signs, rain', 'anime_3d', 'Wide'),
  sample('a desert canyon, red rocks, clear sky', 'anime_modern', 'Portrait'),
  sample('a snowy village, warm windows, evening', 'anime_classic', 'Square', true),
  sample('a field of sunflowers, summer, blue sky', 'anime_pastel', 'Wide'),
  sample('an old library, tall shelves, soft light', 'anime_painterly', 'Portrait'),
  sample('a waterfall in a jungle, mist, ferns', 'anime_3d', 'Portrait'),
  sample('a tea house in the hills, lanterns, dusk', 'anime_modern', 'Wide', true),
  sample('a coral reef, tropical fish, sunbeams', 'anime_classic', 'Portrait'),
  sample('a portrait in a studio, soft light, film grain', 'photo_natural', 'Portrait'),
  sample('a mountain road, autumn colours, fog', 'photo_natural', 'Wide'),
  sample('a sailing boat at sea, sunset, calm water', 'photo_cinematic', 'Wide', true),
  sample('a rooftop garden, city skyline, morning', 'photo_cinematic', 'Portrait'),
  sample('a cosy cafe, rain on the window, evening', 'photo_natural', 'Square'),
  sample('a glass greenhouse, plants, sunlight', 'photo_cinematic', 'Portrait'),
  sample('a northern lights sky over a frozen lake', 'photo_natural', 'Wide', true),
  sample('a market street, fruit stalls, midday', 'photo_cinematic', 'Square'),
  sample('a castle on a hill, clouds, wide shot', 'anime_modern', 'Wide'),
  sample('a train crossing a bridge, valley, spring', 'anime_pastel', 'Portrait'),
  sample('a lantern festival over a river, night', 'anime_painterly', 'Square', true),
  sample('a beach at low tide, shells, morning light', 'photo_natural', 'Portrait'),
];
