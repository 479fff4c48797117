import type { Reward } from './rewards.ts';

/**
 * The cosmetics on sale for reward tokens. Ids and keys are stored (owned rewards, equipped items) and
 * name translations (player.json rewards.<key>.name), so they never change: ids go by type in blocks of a
 * hundred (Animation 1.., Style 101.., Color 201.., ProfilePic 301..) and a new item takes its block's next
 * free id. Keys are unique across types, as the translations are one flat list. Each type has one default
 * (price 0, owned by everyone, not for sale) and prices rise through the list, 50 to 1500.
 *
 * What `data` holds, per type (the web app renders it as it is):
 * - Animation: "<kind> <durationMs> <intensity> <delayMs> <hueShift>": kind of motion, length of one
 *   cycle, strength 0..100, pause between cycles, hue rotation in degrees. "static" moves nothing.
 * - Style: "<angle> <hue>": the profile frame's gradient angle in degrees and its hue, 0..360 ("0 100" is
 *   the default frame).
 * - Color: "#rrggbb", the name colour, readable on the dark background #0c0a12 (contrast ≥ 4.5:1, tested).
 * - ProfilePic: "avatar-<key>.webp", a file the web app ships.
 */
export const REWARD_CATALOGUE: readonly Reward[] = [
  { id: 1, type: 'Animation', key: 'static', price: 0, data: 'static 0 0 0 0', isDefault: true },
  { id: 2, type: 'Animation', key: 'pulse', price: 50, data: 'pulse 1600 40 0 0', isDefault: false },
  { id: 3, type: 'Animation', key: 'glow', price: 100, data: 'glow 2400 60 0 0', isDefault: false },
  { id: 4, type: 'Animation', key: 'spin', price: 200, data: 'spin 6000 50 0 0', isDefault: false },
  { id: 5, type: 'Animation', key: 'shimmer', price: 300, data: 'shimmer 2200 55 800 20', isDefault: false },
  { id: 6, type: 'Animation', key: 'wave', price: 450, data: 'wave 3000 60 0 40', isDefault: false },
  { id: 7, type: 'Animation', key: 'orbit', price: 650, data: 'orbit 4000 70 0 90', isDefault: false },
  { id: 8, type: 'Animation', key: 'sparkle', price: 900, data: 'sparkle 1800 80 400 60', isDefault: false },
  { id: 9, type: 'Animation', key: 'aurora', price: 1500, data: 'aurora 8000 90 0 180', isDefault: false },

  { id: 101, type: 'Style', key: 'plain', price: 0, data: '0 100', isDefault: true },
  { id: 102, type: 'Style', key: 'sunrise', price: 50, data: '45 30', isDefault: false },
  { id: 103, type: 'Style', key: 'ocean', price: 100, data: '90 200', isDefault: false },
  { id: 104, type: 'Style', key: 'forest', price: 150, data: '135 130', isDefault: false },
  { id: 105, type: 'Style', key: 'amethyst', price: 250, data: '180 275', isDefault: false },
  { id: 106, type: 'Style', key: 'ember', price: 400, data: '225 12', isDefault: false },
  { id: 107, type: 'Style', key: 'glacier', price: 600, data: '270 185', isDefault: false },
  { id: 108, type: 'Style', key: 'gilded', price: 900, data: '315 45', isDefault: false },
  { id: 109, type: 'Style', key: 'prism', price: 1200, data: '360 320', isDefault: false },

  { id: 201, type: 'Color', key: 'azure', price: 0, data: '#4f8cff', isDefault: true },
  { id: 202, type: 'Color', key: 'sky', price: 50, data: '#5ec8ff', isDefault: false },
  { id: 203, type: 'Color', key: 'mint', price: 75, data: '#4fe0b0', isDefault: false },
  { id: 204, type: 'Color', key: 'lime', price: 100, data: '#a6e35a', isDefault: false },
  { id: 205, type: 'Color', key: 'amber', price: 150, data: '#ffc24d', isDefault: false },
  { id: 206, type: 'Color', key: 'coral', price: 200, data: '#ff8a70', isDefault: false },
  { id: 207, type: 'Color', key: 'rose', price: 300, data: '#ff7eb6', isDefault: false },
  { id: 208, type: 'Color', key: 'lavender', price: 400, data: '#b79cff', isDefault: false },
  { id: 209, type: 'Color', key: 'pearl', price: 600, data: '#f2f0ff', isDefault: false },

  { id: 301, type: 'ProfilePic', key: 'default', price: 0, data: 'avatar-default.webp', isDefault: true },
  { id: 302, type: 'ProfilePic', key: 'fox', price: 100, data: 'avatar-fox.webp', isDefault: false },
  { id: 303, type: 'ProfilePic', key: 'owl', price: 150, data: 'avatar-owl.webp', isDefault: false },
  { id: 304, type: 'ProfilePic', key: 'cat', price: 200, data: 'avatar-cat.webp', isDefault: false },
  { id: 305, type: 'ProfilePic', key: 'koi', price: 300, data: 'avatar-koi.webp', isDefault: false },
  { id: 306, type: 'ProfilePic', key: 'comet', price: 450, data: 'avatar-comet.webp', isDefault: false },
  { id: 307, type: 'ProfilePic', key: 'planet', price: 600, data: 'avatar-planet.webp', isDefault: false },
  { id: 308, type: 'ProfilePic', key: 'robot', price: 800, data: 'avatar-robot.webp', isDefault: false },
  { id: 309, type: 'ProfilePic', key: 'dragon', price: 1200, data: 'avatar-dragon.webp', isDefault: false },
];
