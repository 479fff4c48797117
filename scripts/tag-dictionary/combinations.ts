/**
 * Tags made of a modifier and a noun, as prompts write them ("red dress", "wooden bridge", "rainy
 * street"): each product below pairs a list of modifiers with the nouns they are commonly said of. Only
 * pairs that read as ordinary tags are listed; the category is the noun's.
 */

export interface Combination {
  category: string;
  modifiers: string[];
  nouns: string[];
  /** How popular the most popular pair is (the first modifier with the first noun). */
  weight: number;
  /** Joins modifier and noun; default "modifier noun". */
  join?: (modifier: string, noun: string) => string;
}

const words = (text: string) => text.split('|');

/** Colours of clothes, objects and light, most used first. */
export const COLOURS = words(
  'white|black|red|blue|pink|green|purple|yellow|grey|brown|orange|gold|silver|navy|teal|beige|' +
    'crimson|turquoise|lavender|maroon|olive|cream|mint|burgundy',
);
const BASIC_COLOURS = COLOURS.slice(0, 10);

export const COMBINATIONS: Combination[] = [
  {
    category: 'clothing',
    modifiers: COLOURS,
    nouns: words(
      'dress|shirt|skirt|jacket|coat|hoodie|sweater|scarf|hat|cloak|cape|gloves|boots|kimono|ribbon|' +
        'bow|necktie|bowtie|vest|robe|gown|blouse|cardigan|beret|beanie|raincoat|apron|belt|pants|' +
        'shorts|sneakers|sandals|shoes|socks|headband|hood|overcoat|tunic|turtleneck|poncho|shawl|' +
        'sash|uniform|suit|bag|backpack',
    ),
    weight: 60,
  },
  {
    category: 'clothing',
    modifiers: words('striped|plaid|floral|polka dot|checkered|embroidered|knitted|lace-trimmed'),
    nouns: words('shirt|dress|skirt|scarf|sweater|jacket|kimono|apron'),
    weight: 42,
  },
  {
    category: 'object',
    modifiers: COLOURS,
    nouns: words('flowers|butterfly|umbrella|lantern|balloon|gemstone|feathers|petals|ribbon bow|candle'),
    weight: 40,
  },
  {
    category: 'lighting',
    modifiers: words('red|blue|green|purple|pink|orange|golden|teal|white|yellow|violet|cyan'),
    nouns: words('lighting|light|glow|neon'),
    weight: 55,
  },
  {
    category: 'fantasy',
    modifiers: words('blue|green|purple|black|white|golden|red|pink|silver|rainbow'),
    nouns: words('fire|flames|aura|wings|smoke|sparkles'),
    weight: 45,
  },
  {
    category: 'background',
    modifiers: words('blue|red|pink|purple|green|yellow|orange|brown|beige|pastel|dark|light|night|sunset'),
    nouns: words('background'),
    weight: 60,
  },
  {
    category: 'nature',
    modifiers: words('blue|grey|golden|starry|cloudy|overcast|hazy|clear|moonlit|orange|twilight|stormy'),
    nouns: words('sky'),
    weight: 65,
  },
  {
    category: 'animal',
    modifiers: BASIC_COLOURS,
    nouns: words('dragon|bird|horse|butterfly|fish|rabbit'),
    weight: 40,
  },
  {
    category: 'object',
    modifiers: words(
      'wooden|stone|glass|metal|marble|golden|silver|brass|iron|crystal|ceramic|porcelain|bronze|copper',
    ),
    nouns: words(
      'table|door|box|bowl|vase|statue|lantern|bench|chest|mask|crown|cup|bottle|key|bell|sculpture',
    ),
    weight: 38,
  },
  {
    category: 'architecture',
    modifiers: words('wooden|stone|brick|glass|marble|iron|bamboo|concrete'),
    nouns: words('bridge|house|tower|wall|floor|staircase|gate|fence|building|cabin|pier|temple|arch'),
    weight: 42,
  },
  {
    category: 'place',
    modifiers: words('abandoned|ancient|ruined|overgrown|futuristic|medieval|haunted|hidden|sunken|floating'),
    nouns: words(
      'city|temple|castle|village|library|church|factory|ship|station|garden|palace|tower|lighthouse',
    ),
    weight: 40,
  },
  {
    category: 'place',
    modifiers: words('rainy|snowy|foggy|misty|sunny|autumn|winter|spring|summer|night|quiet|busy'),
    nouns: words(
      'street|forest|city|village|mountain|field|park|harbor|road|lake|meadow|town|valley|beach|garden',
    ),
    weight: 48,
  },
  {
    category: 'place',
    modifiers: words('city|beach|forest|mountain|lake|village|harbor|desert|garden|castle|temple|street'),
    nouns: words('at night|at sunset|at dawn|in the rain|in winter|in autumn'),
    weight: 36,
  },
  {
    category: 'plant',
    modifiers: words('cherry blossom|maple|pine|oak|birch|palm|willow|bamboo|apple|orange'),
    nouns: words('tree|trees|leaves|branch'),
    weight: 40,
  },
  {
    category: 'place',
    modifiers: words('poppy|tulip|rose|daisy|wildflower|cotton|tea|corn|barley|clover'),
    nouns: words('field'),
    weight: 38,
  },
  {
    category: 'place',
    modifiers: words('snowy|misty|dark|autumn|spring|tropical|birch|oak|maple|redwood|mossy|frozen|burning'),
    nouns: words('forest|woods'),
    weight: 44,
  },
  {
    category: 'food',
    modifiers: words('strawberry|chocolate|vanilla|matcha|lemon|blueberry|raspberry|caramel|honey|cherry'),
    nouns: words('cake|ice cream|pie|tart|cookies|donut|pudding|macarons|cupcake|pancakes'),
    weight: 34,
  },
  {
    category: 'vehicle',
    modifiers: words('red|blue|black|white|yellow|green|silver|vintage|rusty|futuristic'),
    nouns: words('car|motorcycle|bicycle|train|boat|truck|bus|airplane'),
    weight: 36,
  },
];

/** Every tag of a combination, in popularity order (modifiers first, then nouns, as listed). */
export function combinationTags(combination: Combination): { name: string; popularity: number }[] {
  const { modifiers, nouns, weight } = combination;
  const join = combination.join ?? ((modifier, noun) => `${modifier} ${noun}`);
  const tags: { name: string; popularity: number }[] = [];
  modifiers.forEach((modifier, m) => {
    nouns.forEach((noun, n) => {
      const rank = (m / modifiers.length + n / nouns.length) / 2;
      tags.push({ name: join(modifier, noun), popularity: Math.max(1, Math.round(weight - 30 * rank)) });
    });
  });
  return tags;
}
