import { createTagIndex, type TagDictionaryData } from '../../src/index.ts';

/** A tiny dictionary for the assistant's rules: a coast scene, hair, times of day, general tags. */
const CATEGORIES = [
  'scene',
  'hair_colour',
  'hair',
  'time_of_day',
  'quality',
  'lighting',
  'weather',
  'object',
];
const at = (category: string) => CATEGORIES.indexOf(category);

const TAGS: TagDictionaryData['tags'] = [
  ['lighthouse', at('scene'), 60],
  ['ocean', at('scene'), 80],
  ['crashing waves', at('scene'), 50],
  ['cliff', at('scene'), 55],
  ['seagull', at('scene'), 40],
  ['beach', at('scene'), 85],
  ['blonde hair', at('hair_colour'), 90],
  ['black hair', at('hair_colour'), 88],
  ['long hair', at('hair'), 92],
  ['short hair', at('hair'), 85],
  ['ponytail', at('hair'), 70],
  ['sunset', at('time_of_day'), 90],
  ['sunrise', at('time_of_day'), 70],
  ['dusk', at('time_of_day'), 60],
  ['night', at('time_of_day'), 88],
  ['masterpiece', at('quality'), 99],
  ['highly detailed', at('quality'), 95],
  ['soft light', at('lighting'), 80],
  ['rain', at('weather'), 75],
  ['red rose', at('object'), 50],
  ['cup of coffee', at('object'), 45],
  ['black and white', at('quality'), 40],
  ['walking', at('object'), 60],
  ['dog', at('object'), 80],
  ['street', at('scene'), 70],
];
const named = (name: string) => TAGS.findIndex(([tag]) => tag === name);

export const DATA: TagDictionaryData = {
  categories: CATEGORIES,
  exclusive: ['hair_colour', 'time_of_day'],
  tags: TAGS,
  groups: [
    ['lighthouse', 'ocean', 'crashing waves', 'cliff', 'seagull', 'dusk', 'sunset'].map(named),
    ['beach', 'ocean', 'seagull', 'sunset'].map(named),
    ['long hair', 'ponytail', 'blonde hair', 'black hair'].map(named),
    ['rain', 'street', 'night'].map(named),
  ],
};

export const INDEX = createTagIndex(DATA);
