/**
 * Prompt presets of the generator's left panel (docs/product/generation.md#catalogue): a tree by category
 * path split on '/'. Seeded by `path` + `lib`, so renaming a preset adds a new row; the old one stays until
 * removed by a migration.
 * Prompts are neutral scenes and subjects (docs/architecture.md#invariants, invariant 7).
 */
export interface SeedPreset {
  path: string;
  lib: string;
  prompt: string;
  neg_prompt: string;
}

const NEG_SCENE = 'blurry, low quality, jpeg artifacts, watermark, text, signature';
const NEG_SUBJECT = 'blurry, low quality, bad anatomy, extra fingers, watermark, text';
const NEG_OBJECT = 'blurry, low quality, cluttered background, watermark, text';

/** path -> [title, prompt] pairs; the negative prompt follows the branch. */
const TREE: Record<string, [string, string][]> = {
  'Scenery/Coast': [
    ['Lighthouse at dusk', 'a lighthouse at dusk, crashing waves, dramatic sky, warm window light'],
    ['Sea cliffs', 'towering sea cliffs, turquoise water, seabirds, bright afternoon, wide view'],
    ['Tropical lagoon', 'a calm tropical lagoon, palm trees, white sand, clear water, midday sun'],
    ['Harbour at dawn', 'a small fishing harbour at dawn, moored boats, mist over the water, pastel sky'],
  ],
  'Scenery/Mountains/Summer': [
    ['Alpine meadow', 'an alpine meadow full of wildflowers, snowy peaks behind, blue sky, summer'],
    ['Mountain lake', 'a still mountain lake reflecting pine trees and peaks, early morning light'],
    ['Canyon trail', 'a winding trail through a red rock canyon, late afternoon sun, long shadows'],
  ],
  'Scenery/Mountains/Winter': [
    ['Snowy peaks', 'jagged snowy mountain peaks above the clouds, crisp air, sunrise glow'],
    ['Frozen waterfall', 'a frozen waterfall in a quiet gorge, blue ice, soft snowfall'],
    ['Cabin in the snow', 'a wooden cabin in deep snow, smoke from the chimney, warm lights, blue hour'],
  ],
  'Scenery/Forest': [
    ['Misty forest', 'a misty old-growth forest, moss covered trunks, light rays through the canopy'],
    ['Autumn path', 'a forest path covered in autumn leaves, golden and red trees, gentle light'],
    ['Bamboo grove', 'a tall bamboo grove, narrow stone path, green light filtering down'],
  ],
  'Scenery/Sky': [
    ['Aurora night', 'the northern lights over a snowy plain, starry sky, green and violet ribbons'],
    ['Storm front', 'a huge storm front over open fields, lightning in the distance, dramatic clouds'],
  ],
  'Characters/Fantasy': [
    ['Knight in armour', 'a knight in polished armour standing on a hill, banner in the wind, epic sky'],
    [
      'Wandering wizard',
      'an old wizard with a long beard and a glowing staff, walking through a misty valley',
    ],
    ['Elven archer', 'an elven archer in a green cloak aiming a bow in an ancient forest, dappled light'],
    ['Dragon rider', 'a rider on a great dragon flying above the clouds, sunset, wind-swept cape'],
  ],
  'Characters/Sci-Fi': [
    ['Space pilot', 'a space pilot in a flight suit in a cockpit, glowing instrument panels, stars outside'],
    [
      'Android portrait',
      'portrait of a friendly android, porcelain panels, soft studio light, clean background',
    ],
    ['Cyberpunk courier', 'a courier on a futuristic motorbike in a rainy neon city street at night'],
  ],
  'Characters/Historical': [
    ['Samurai at rest', 'a samurai resting under a cherry tree, katana at his side, falling petals'],
    ['Victorian explorer', 'a Victorian explorer with a brass telescope in a jungle clearing, morning haze'],
    ['Roman centurion', 'a Roman centurion in red cloak and helmet, marble columns, bright daylight'],
  ],
  'Architecture/Interiors/Libraries': [
    [
      'Grand library',
      'a grand library with tall wooden shelves, spiral staircases, warm lamps, dust in the air',
    ],
    ['Reading nook', 'a cozy reading nook by a rainy window, blankets, stacked books, a cup of tea'],
  ],
  'Architecture/Interiors/Kitchens': [
    [
      'Rustic kitchen',
      'a rustic farmhouse kitchen, copper pots, herbs drying, morning sun through the window',
    ],
    ['Greenhouse cafe', 'a cafe inside a glass greenhouse, hanging plants, wooden tables, soft daylight'],
  ],
  'Architecture/Exteriors': [
    ['Gothic cathedral', 'a gothic cathedral facade, rose window, flying buttresses, overcast sky'],
    ['Futuristic skyline', 'a futuristic city skyline at sunset, glass towers, sky bridges, flying vehicles'],
    ['Mountain temple', 'an ancient temple on a mountain ridge, red lanterns, stone stairs, clouds below'],
  ],
  'Still Life/Food': [
    ['Breakfast table', 'a breakfast table with croissants, coffee and fresh fruit, morning light, top view'],
    ['Fruit bowl', 'a ceramic bowl of ripe fruit on a wooden table, dark background, painterly light'],
    ['Tea ceremony', 'a traditional tea set on a low table, steam rising, tatami mat, calm light'],
  ],
  'Still Life/Objects': [
    ['Antique clock', 'an antique brass pocket clock with open gears, velvet cloth, macro detail'],
    ['Potion bottles', 'rows of colourful glass potion bottles on an old shelf, candle light, cobwebs'],
  ],
  Vehicles: [
    ['Steam locomotive', 'a steam locomotive crossing a stone viaduct, plumes of steam, autumn valley'],
    ['Vintage car', 'a vintage convertible parked on a coastal road, chrome details, sunny afternoon'],
    ['Airship', 'a large airship above a harbour town, propellers turning, golden evening light'],
  ],
};

function negativeFor(path: string): string {
  if (path.startsWith('Characters')) return NEG_SUBJECT;
  if (path.startsWith('Still Life')) return NEG_OBJECT;
  return NEG_SCENE;
}

export const PRESETS: SeedPreset[] = Object.entries(TREE).flatMap(([path, entries]) =>
  entries.map(([lib, prompt]) => ({ path, lib, prompt, neg_prompt: negativeFor(path) })),
);
