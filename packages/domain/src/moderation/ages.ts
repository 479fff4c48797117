/**
 * Written ages in a prompt: "12 years old", "12yo", "12 y.o.", "12-year-old", "twelve year old",
 * "age 12", "aged twelve", "12 ans", "12 Jahre", "12-jährig", "12 años", "12 anni", "12enne", "12 лет",
 * "12-летняя", "12岁", "十二歳", "18 months old". Read on the folded text (normalise.ts), so case,
 * accents, fullwidth digits and zero-width characters do not matter. The words come from wordlists.ts.
 *
 * Used twice: the child-safety layer refuses ages under 18 in the positive prompt, and the spec §5 rule
 * forbids ages 18 to 30 in the negative prompt. A number is never read inside a longer one ("117 years"
 * is not 17; "二十八岁" is not 8) nor after a decimal point.
 */
import { foldText, withoutOverlaps } from './normalise.ts';
import { AGE_PREFIXES, AGE_UNITS, NUMBER_WORDS } from './wordlists.ts';

export type AgeUnit = keyof typeof AGE_UNITS;

export interface AgeMatch {
  /** The number as written. */
  value: number;
  /** What the number counts. */
  unit: AgeUnit;
  /** The age in years (months / 12, weeks / 52, days / 365). */
  years: number;
  /** The matched text, as written in the original text. */
  match: string;
  index: number;
  length: number;
}

const ALPHA = '[\\p{sc=Latin}\\p{sc=Cyrillic}\\p{sc=Greek}]';
const CJK_DIGITS = '一二三四五六七八九两〇零';
const CJK_NUMERALS = `${CJK_DIGITS}十百千`;
/** Between the letters of a unit ("y.o.", "y/o", "year-old"). */
const UNIT_GAP = '[\\s._\\-/]{0,2}';
/** Between a number and its unit, or a prefix and its number ("12-year-old", "age: 12"). */
const NUMBER_GAP = '[\\s._\\-]{0,3}';
const PREFIX_GAP = '[\\s._\\-:=]{0,4}';

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const isAlphabetic = (char: string) => /[\p{sc=Latin}\p{sc=Cyrillic}\p{sc=Greek}]/u.test(char);
/** Letters only, for looking up a number word however it was separated ("twenty-five"). */
const letters = (value: string) => value.replace(/[^\p{L}]/gu, '');

/**
 * Word or unit -> pattern: separators tolerated between its letters; a trailing `*` marks a stem. With
 * `boundary`, an alphabetic word must not run on into a letter or digit.
 */
function wordPattern(word: string, gap: string, boundary: boolean): string {
  const stem = word.endsWith('*');
  const chars = [...letters(foldText(stem ? word.slice(0, -1) : word).text)];
  const body = chars.map(escapeRegex).join(gap);
  const last = chars.at(-1) ?? '';
  if (!boundary || stem || !isAlphabetic(last)) return body;
  return `${body}(?!${ALPHA}|\\d)`;
}

/** Longest first, so that "years old" wins over "years" and "seventeen" over "seven". */
function alternation(words: readonly string[], gap: string, boundary = true): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((word) => wordPattern(word, gap, boundary))
    .join('|');
}

const NUMBER_VALUES = new Map<string, number>(
  NUMBER_WORDS.flatMap(([value, words]) =>
    words.map((word) => [letters(foldText(word).text), value] as const),
  ),
);
const NUMBER_WORD_ALTERNATION = alternation(
  NUMBER_WORDS.flatMap(([, words]) => words),
  '[\\s\\-_.]{0,2}',
  false, // glued on to a unit in German ("zwölfjährig"); the unit's own boundary keeps words apart
);

const number = (prefix: string) =>
  `(?<!\\d|\\d[.,])(?<${prefix}digits>\\d{1,3})` +
  `|(?<!${ALPHA})(?<${prefix}word>${NUMBER_WORD_ALTERNATION})` +
  `|(?<![${CJK_NUMERALS}\\d])(?<${prefix}cjk>[${CJK_NUMERALS}]{1,4})`;

const UNIT_GROUPS = (Object.keys(AGE_UNITS) as AgeUnit[])
  .map((unit) => `(?<${unit}>${alternation(AGE_UNITS[unit], UNIT_GAP)})`)
  .join('|');

const SUFFIX_FORM = new RegExp(
  `(?:${number('')})${NUMBER_GAP}(?:${UNIT_GROUPS})(?:\\.(?!${ALPHA}|\\d))?`,
  'gu',
);

const ALPHABETIC_PREFIXES = AGE_PREFIXES.filter((prefix) => isAlphabetic(prefix.charAt(0)));
const OTHER_PREFIXES = AGE_PREFIXES.filter((prefix) => !isAlphabetic(prefix.charAt(0)));
const PREFIX_FORM = new RegExp(
  `(?:(?<!${ALPHA})(?:${alternation(ALPHABETIC_PREFIXES, '[\\s\\-_]{0,2}', false)})|${alternation(OTHER_PREFIXES, '', false)})` +
    `${PREFIX_GAP}(?:${number('p')})(?![${CJK_NUMERALS}]|${ALPHA}|\\d)`,
  'gu',
);

/** Chinese/Japanese numerals up to 9999: 七 7, 十二 12, 二十八 28, 一二 12 (digit by digit). */
export function parseCjkNumber(text: string): number {
  const digit = (char: string) => {
    const at = CJK_DIGITS.indexOf(char);
    if (char === '两') return 2;
    return at < 0 || char === '〇' || char === '零' ? 0 : at + 1;
  };
  if (!/[十百千]/.test(text)) return [...text].reduce((total, char) => total * 10 + digit(char), 0);
  let total = 0;
  let pending = 0;
  for (const char of text) {
    const scale = char === '千' ? 1000 : char === '百' ? 100 : char === '十' ? 10 : 0;
    if (scale) {
      total += (pending || 1) * scale;
      pending = 0;
    } else {
      pending = digit(char);
    }
  }
  return total + pending;
}

const UNIT_YEARS: Record<AgeUnit, number> = { year: 1, month: 12, week: 52, day: 365 };

function valueOf(groups: Record<string, string | undefined>, prefix: string): number | undefined {
  const digits = groups[`${prefix}digits`];
  if (digits !== undefined) return Number.parseInt(digits, 10);
  const word = groups[`${prefix}word`];
  if (word !== undefined) return NUMBER_VALUES.get(letters(word));
  const cjk = groups[`${prefix}cjk`];
  return cjk === undefined ? undefined : parseCjkNumber(cjk);
}

/** Every written age in the text, in text order, without overlaps. */
export function findAges(text: string): AgeMatch[] {
  if (!text) return [];
  const folded = foldText(text);
  const found: AgeMatch[] = [];
  const add = (hit: RegExpExecArray, value: number | undefined, unit: AgeUnit) => {
    if (value === undefined) return;
    // "10 yo-yos" is a toy, not an age.
    if (unit === 'year' && /^-?yo/.test(folded.text.slice(hit.index + hit[0].length))) return;
    const start = folded.starts[hit.index] ?? 0;
    const end = folded.ends[hit.index + hit[0].length - 1] ?? start;
    const years = value / UNIT_YEARS[unit];
    found.push({ value, unit, years, match: text.slice(start, end), index: start, length: end - start });
  };
  for (const hit of folded.text.matchAll(SUFFIX_FORM)) {
    const groups = hit.groups ?? {};
    const unit = (Object.keys(AGE_UNITS) as AgeUnit[]).find((name) => groups[name] !== undefined) ?? 'year';
    add(hit, valueOf(groups, ''), unit);
  }
  for (const hit of folded.text.matchAll(PREFIX_FORM)) add(hit, valueOf(hit.groups ?? {}, 'p'), 'year');
  return withoutOverlaps(found);
}
