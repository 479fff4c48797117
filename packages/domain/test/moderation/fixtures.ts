/**
 * Test fixtures for moderation: spelling transforms that build evasion attempts from the word-list
 * constants (no refused word is written out literally here). The corpora are in ./corpus/.
 */

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
