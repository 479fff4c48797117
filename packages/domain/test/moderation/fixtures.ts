/**
 * Test fixtures for moderation: a neutral corpus that must never be refused, and spelling transforms
 * that build evasion attempts from the word-list constants (no refused prompt is written out literally).
 */

/** Innocent prompts, many chosen to sit next to a listed word ("kidney", "canteen", "minor key"). */
export const NEUTRAL_PROMPTS: readonly string[] = [
  'a lighthouse at dusk',
  'portrait of a knight in the rain',
  'a bowl of kidney beans on a wooden table',
  'a busy canteen at noon, steam over the counters',
  'sheet music for a sonata in a minor key',
  'a minor league baseball stadium at night',
  'a minor detail on an old map',
  'category labels on library shelves',
  'concatenated ribbons of light over a bridge',
  'a cat sleeping on a windowsill',
  'a bobcat in fresh snow',
  'a baby elephant at a watering hole',
  'a lion cub in tall grass',
  'a juvenile hawk on a fence post',
  'a young woman reading in a cafe',
  'a young man in a tailored suit',
  'an old fisherman mending nets',
  'a 100 years old oak tree',
  'a violinist on stage, 25 years old',
  'portrait of a woman, 30 years old',
  'ten yo-yos in a shop window',
  'a torpedo boat in a harbour',
  'a lollipop shop with pastel walls',
  'a photographer who shot a sunset over the bay',
  'a shotgun house in New Orleans',
  'skid marks on a racetrack',
  'a car from the 1920s on a cobbled street',
  'the year 2024 written in fireworks',
  '3 apples on a table',
  'a 12 string guitar leaning on an amplifier',
  'a kindness mural on a brick wall',
  'Nina playing piano in a jazz club',
  'tenant farmers in a wheat field',
  'a unanimous vote in a grand hall',
  'an infantry regiment marching through fog',
  'a childhood home in autumn',
  'a Babylonian ziggurat at sunrise',
  'a Cuban street with old cars',
  'a cubism painting of a guitar',
  'page 12 of an old book',
  'the ice age, mammoths in the snow',
  'a pedestrian bridge over a river',
  'an encyclopedia open on a desk',
  'the speedometer of a vintage car',
  'a five year plan poster',
  'a little house on the prairie',
  'little lighthouse, 1girl, umbrella',
  'a small boat, a boy fishing from the pier',
  '1girl, solo, long hair, lighthouse, sunset',
  '1boy, armor, sword, castle gate',
  'a nurse in a hospital corridor',
  'an astronaut floating above the earth',
  'a chef plating dessert',
  'a blacksmith at the forge',
  'a pharmacist counting pills',
  'a dragon flying over a castle',
  'a steampunk airship above the clouds',
  'cyberpunk city street at night, neon signs',
  'a bowl of ramen, steam rising',
  'mountain lake reflection, pine trees',
  'a skateboarder in an empty pool',
  'a Scandinavian fjord in winter',
  'an adult cat stretching in the sun',
  'a mature oak forest',
  'フロリダの夕日',
  'カロリー表示のあるメニュー',
  '二十二歳の騎士の肖像',
  '天才科学者の実験室',
  '女孩子在海边散步',
  '一座灯塔在黄昏',
  'детектив под дождём',
  'летний пейзаж с рекой',
  'un phare au crépuscule',
  'il y a 20 ans, une vieille maison',
  'ein Leuchtturm in der Dämmerung',
  'eine freundliche Katze auf dem Sofa',
  'un faro al tramonto',
  'una bambola di porcellana',
  'una ragazza al tramonto',
  'piccola casa sul lago',
  'una casa antigua de 200 años',
];

/** Innocent negative prompts. */
export const NEUTRAL_NEGATIVE_PROMPTS: readonly string[] = [
  'blurry, low quality, watermark, extra fingers, text',
  'old, wrinkles, deformed hands',
  'cropped, out of frame, 40 years old',
  'jpeg artifacts, signature, username',
];

const isStem = (term: string) => term.endsWith('*');
const bare = (term: string) => term.replace(/\*$/, '');
const letters = (word: string) => [...word];
const mapLetters = (term: string, map: Record<string, string>) =>
  letters(bare(term))
    .map((char) => map[char] ?? char)
    .join('');

/** Spelling transforms an evader might use; each takes a list term and returns a variant. */
export const TRANSFORMS: Record<string, (term: string) => string> = {
  dotted: (term) =>
    bare(term)
      .split(' ')
      .map((word) => letters(word).join('.'))
      .join(' '),
  spaced: (term) => letters(bare(term).replace(/ /g, '')).join(' '),
  hyphenated: (term) => letters(bare(term).replace(/ /g, '')).join('-'),
  underscored: (term) => bare(term).replace(/ /g, '_'),
  repeated: (term) => bare(term).replace(/[aeiouаеиоуы]/u, (vowel) => vowel.repeat(4)),
  upper: (term) => bare(term).toUpperCase(),
  zeroWidth: (term) => letters(bare(term)).join('\u200B'),
  commas: (term) => letters(bare(term).replace(/ /g, '')).join(', '),
  emoji: (term) => letters(bare(term).replace(/ /g, '')).join('\u2B50'),
  capitalI: (term) => bare(term).replace(/l/g, 'I'),
  hanAdjacent: (term) => `灯塔${bare(term)}灯塔`,
  leet: (term) => mapLetters(term, { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' }),
  accented: (term) => mapLetters(term, { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' }),
  homoglyph: (term) =>
    mapLetters(term, { a: 'а', e: 'е', o: 'о', c: 'с', p: 'р', x: 'х', y: 'у', о: 'o', а: 'a', е: 'e' }),
  fullwidth: (term) =>
    letters(bare(term))
      .map((char) =>
        /[a-z0-9]/.test(char) ? String.fromCodePoint((char.codePointAt(0) ?? 0) + 0xfee0) : char,
      )
      .join(''),
};

/** English-style plural, for terms that are not stems. */
export const plural = (term: string): string | undefined => (isStem(term) ? undefined : `${term}s`);

/** Latin or Cyrillic terms (the transforms above are meaningful for them). */
export const isAlphabeticTerm = (term: string): boolean =>
  /^[\p{sc=Latin}\p{sc=Cyrillic}\d ]+$/u.test(bare(term));

/** Chinese/Japanese numerals for 0-99 ("十二"). */
export function cjkNumeral(value: number): string {
  const digits = '〇一二三四五六七八九';
  if (value < 10) return digits[value] ?? '';
  const tens = Math.floor(value / 10);
  const units = value % 10;
  return `${tens > 1 ? (digits[tens] ?? '') : ''}十${units ? (digits[units] ?? '') : ''}`;
}
