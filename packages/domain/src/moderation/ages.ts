/**
 * Written ages in a prompt: "12 years old", "12yo", "12 y.o.", "12-year-old", "twelve year old",
 * "age 12", "aged twelve", "12 ans", "12 Jahre", "12-jährig", "zwölfjährig", "12 años", "12 anni",
 * "12enne", "12 лет", "12-летняя", "12岁", "十二歳", "18 months old", "2 decades old". Read on the folded
 * text (text.ts), so case, accents, fullwidth digits and zero-width characters do not matter. The words
 * come from wordlists.ts.
 *
 * Used twice: the child-safety layer refuses ages under 18 in the positive prompt, and
 * docs/product/moderation.md#rules rule forbids ages 18 to 30 in the negative prompt. A number is never read
 * inside a longer one ("117 years" is not 17; "二十八岁" is not 8) nor after a decimal point.
 *
 * Speed: numbers are found first (digit runs, number-word atoms), and the unit is then tried at that one
 * place with a sticky pattern, so a long prompt without ages costs one scan.
 */
import { withoutOverlaps } from './terms.ts';
import { escapeRegex, foldWord, originalSpan, prepareText, type PreparedText } from './text.ts';
import { AGE_PREFIXES, AGE_UNITS, DURATION_WORDS, NUMBER_WORDS } from './wordlists.ts';

export type AgeUnit = keyof typeof AGE_UNITS;

export interface AgeMatch {
  /** The number as written. */
  value: number;
  /** What the number counts. */
  unit: AgeUnit;
  /** The age in years (months / 12, weeks / 52, days / 365, decades * 10). */
  years: number;
  /** The matched text, as written in the original text. */
  match: string;
  index: number;
  length: number;
}

/** An age with its place in the folded text. */
export interface LocatedAge extends AgeMatch {
  from: number;
  to: number;
}

const ALPHA = '[\\p{sc=Latin}\\p{sc=Cyrillic}\\p{sc=Greek}]';
const CJK_DIGITS = '一二三四五六七八九两〇零';
const CJK_NUMERALS = `${CJK_DIGITS}十百千`;
const isAlphabetic = (char: string) => /[\p{sc=Latin}\p{sc=Cyrillic}\p{sc=Greek}]/u.test(char);
/** Letters only, for looking up a number word however it was separated ("twenty-five"). */
const letters = (value: string) => value.replace(/[^\p{L}]/gu, '');

/** Word -> pattern with separators between its letters; a trailing `*` marks a stem; words end on a boundary. */
function wordPattern(word: string, gap: string): string {
  const stem = word.endsWith('*');
  const chars = [...letters(foldWord(stem ? word.slice(0, -1) : word))];
  const body = chars.map(escapeRegex).join(gap);
  const last = chars.at(-1) ?? '';
  return stem || !isAlphabetic(last) ? body : `${body}(?!${ALPHA}|\\d)`;
}

/** Longest first, so that "years old" wins over "years" and "seventeen" over "seven". */
const alternation = (words: readonly string[], gap: string) =>
  [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((word) => wordPattern(word, gap))
    .join('|');

const UNITS = Object.keys(AGE_UNITS) as AgeUnit[];
const UNIT_YEARS: Record<AgeUnit, number> = {
  year: 1,
  month: 1 / 12,
  week: 1 / 52,
  day: 1 / 365,
  decade: 10,
};

/** A unit right after a number: "-year-old", " y.o.", "岁" (sticky: tried at one place). */
const UNIT_AFTER = new RegExp(
  `[\\s._\\-]{0,3}(?:${UNITS.map((unit) => `(?<${unit}>${alternation(AGE_UNITS[unit], '[\\s._\\-/]{0,2}')})`).join('|')})(?:\\.(?!${ALPHA}|\\d))?`,
  'uy',
);

const NUMBER_VALUES = new Map<string, number>(
  NUMBER_WORDS.flatMap(([value, words]) => words.map((word) => [letters(foldWord(word)), value] as const)),
);
/** First words of numbers written in two words ("twenty five", "dix sept"). */
const NUMBER_FIRST_WORDS = new Set(
  NUMBER_WORDS.flatMap(([, words]) =>
    words.filter((word) => word.includes(' ')).map((word) => foldWord(word.split(' ')[0] ?? '')),
  ),
);
/** A number word glued to its unit ("zwölfjährig"). */
const GLUED = new RegExp(
  `^(?<number>${alternation(
    NUMBER_WORDS.flatMap(([, words]) => words),
    '[\\s\\-_.]{0,2}',
  ).replaceAll(`(?!${ALPHA}|\\d)`, '')})(?=jahrig|jahr|летн|enne)`,
  'u',
);

/** The units a number word may be glued to; only words holding one are tried against GLUED. */
const GLUED_UNIT = /jahrig|jahr|летн|enne/;

const PREFIXES = new Set(AGE_PREFIXES.map((prefix) => foldWord(prefix.split(' ')[0] ?? '')));
/** An age after its prefix word ("age: 12", "aged twelve", "age of 12"); tried at the prefix. */
const PREFIX_FORM = new RegExp(
  `(?:${alternation(
    AGE_PREFIXES.filter((prefix) => isAlphabetic(prefix.charAt(0))),
    '[\\s\\-_]{0,2}',
  ).replaceAll(`(?!${ALPHA}|\\d)`, '')})[\\s._\\-:=]{0,4}(?:(?<digits>\\d{1,3})|(?<word>${alternation(
    NUMBER_WORDS.flatMap(([, words]) => words),
    '[\\s\\-_.]{0,2}',
  )}))(?![${CJK_NUMERALS}]|${ALPHA}|\\d)`,
  'uy',
);

const CJK_PREFIXES = AGE_PREFIXES.filter((prefix) => !isAlphabetic(prefix.charAt(0))).map(escapeRegex);
/** Chinese/Japanese numerals before a unit ("十二歳"), or after a prefix ("年龄十二"). */
const CJK_AGE = new RegExp(
  `(?<![${CJK_NUMERALS}\\d])(?<cjk>[${CJK_NUMERALS}]{1,4})(?=\\s?(?:周岁|岁|歲|歳|才|さい|个月|ヶ月|か月))` +
    `|(?:${CJK_PREFIXES.join('|')})[\\s:：]{0,2}(?<prefixed>\\d{1,3}|[${CJK_NUMERALS}]{1,4})(?![${CJK_NUMERALS}\\d])`,
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

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** Year units that also count a duration ("10 years of service"), as opposed to "years old" or "yo". */
const BARE_YEAR_UNITS = new Set(
  [
    'years',
    'yrs',
    'ans',
    'an',
    'jahre',
    'jahren',
    'jahr',
    'años',
    'año',
    'anos',
    'anni',
    'anno',
    'лет',
    'года',
    'год',
  ].map((unit) => letters(foldWord(unit))),
);
const DURATIONS = new Set(DURATION_WORDS.map(foldWord));
/** The word after position `end` of the folded text ("" at the end of a tag). */
const wordAfter = (folded: string, end: number) =>
  /^[\s\-_]{1,3}([\p{L}]+)/u.exec(folded.slice(end, end + 24))?.[1] ?? '';

/** Every written age in a prepared text, in text order, without overlaps. */
export function locateAges(text: PreparedText): LocatedAge[] {
  const { folded } = text;
  const found: LocatedAge[] = [];
  const add = (from: number, to: number, value: number, unit: AgeUnit) => {
    // "10 yo-yos" is a toy, not an age.
    if (unit === 'year' && /^-?yo/.test(folded.slice(to, to + 3))) return;
    const span = originalSpan(text, from, to);
    found.push({ value, unit, years: value * UNIT_YEARS[unit], ...span, from, to });
  };
  /** The unit after a number that ends at `end`, and the age it makes. */
  const unitAfter = (from: number, end: number, value: number) => {
    UNIT_AFTER.lastIndex = end;
    const hit = UNIT_AFTER.exec(folded);
    if (!hit) return;
    const unit = UNITS.find((name) => hit.groups?.[name] !== undefined) ?? 'year';
    const to = end + hit[0].length;
    // "10 years of service" is a duration; "10 years old" is an age whatever follows.
    if (BARE_YEAR_UNITS.has(letters(hit.groups?.year ?? '')) && DURATIONS.has(wordAfter(folded, to))) return;
    add(from, to, value, unit);
  };

  // Digit runs, scanned by hand (a prompt has many numbers: weights, sizes, lenses).
  for (let start = 0; start < folded.length; start++) {
    if (!isDigit(folded[start])) continue;
    let end = start + 1;
    while (isDigit(folded[end])) end += 1;
    const before = folded[start - 1];
    const decimal = (before === '.' || before === ',') && isDigit(folded[start - 2]);
    if (end - start <= 3 && !decimal) unitAfter(start, end, Number.parseInt(folded.slice(start, end), 10));
    start = end;
  }

  const { atoms } = text;
  for (let i = 0; i < atoms.length; i++) {
    const atom = atoms[i];
    if (!atom || atom.letters === 0 || atom.leadingDigits > 0) continue;
    const word = atom.lookalikes ? folded.slice(atom.start, atom.end) : atom.raw;
    if (PREFIXES.has(word)) {
      PREFIX_FORM.lastIndex = atom.start;
      const hit = PREFIX_FORM.exec(folded);
      const groups = hit?.groups ?? {};
      const value =
        groups.digits !== undefined
          ? Number.parseInt(groups.digits, 10)
          : NUMBER_VALUES.get(letters(groups.word ?? ''));
      if (hit && value !== undefined) add(atom.start, atom.start + hit[0].length, value, 'year');
      continue;
    }
    const next = atoms[i + 1];
    if (next && NUMBER_FIRST_WORDS.has(word) && /^[\s\-_.]{1,2}$/.test(folded.slice(atom.end, next.start))) {
      const two = NUMBER_VALUES.get(word + folded.slice(next.start, next.end));
      if (two !== undefined) {
        unitAfter(atom.start, next.end, two);
        continue;
      }
    }
    const value = NUMBER_VALUES.get(word);
    if (value !== undefined) {
      unitAfter(atom.start, atom.end, value);
      continue;
    }
    const glued = word.length > 5 && GLUED_UNIT.test(word) ? GLUED.exec(word) : null;
    if (glued?.groups?.number) {
      const gluedValue = NUMBER_VALUES.get(letters(glued.groups.number));
      if (gluedValue !== undefined) unitAfter(atom.start, atom.start + glued[0].length, gluedValue);
    }
  }

  if (text.hasCjk) {
    for (const hit of folded.matchAll(CJK_AGE)) {
      const { cjk, prefixed } = hit.groups ?? {};
      if (cjk !== undefined) unitAfter(hit.index, hit.index + cjk.length, parseCjkNumber(cjk));
      else if (prefixed !== undefined) {
        const value = isDigit(prefixed[0]) ? Number.parseInt(prefixed, 10) : parseCjkNumber(prefixed);
        add(hit.index, hit.index + hit[0].length, value, 'year');
      }
    }
  }
  return withoutOverlaps(found);
}

const publicAge = ({ value, unit, years, match, index, length }: LocatedAge): AgeMatch => ({
  value,
  unit,
  years,
  match,
  index,
  length,
});

/** Every written age in the text, in text order, without overlaps. */
export function findAges(text: string): AgeMatch[] {
  if (!text) return [];
  return locateAges(prepareText(text)).map(publicAge);
}
