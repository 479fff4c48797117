/**
 * Written forms that place a person under 18 without a minor word or a plain age: school grades ("5th
 * grader", "grade 5 student", "year 7 pupil", "五年级"), bounded ages ("under 16", "u15", "U-15",
 * "almost 18", "18歳未満"), birthdays ("16th birthday"), decades ("a decade old") and birth years that make
 * the person under 18 today ("born in 2012", "2012-born", "born 10 years ago", "2012年生まれ").
 *
 * Pure: the current year is an argument. Read on the folded text (text.ts). Each pattern is tried only
 * when a cheap test finds its key word, so an ordinary prompt costs a handful of scans.
 */
import {
  AGE_BOUND_AFTER,
  AGE_BOUND_BEFORE,
  BIRTH_MARKERS,
  MINOR_AGE_LIMIT,
  NUMBER_WORDS,
  ORDINAL_WORDS,
} from './wordlists.ts';
import { escapeRegex, foldWord } from './text.ts';

export type MinorMarkerReason = 'school_stage' | 'minor_age' | 'birth_year';

export interface MinorMarker {
  reason: MinorMarkerReason;
  /** Span in the folded text. */
  from: number;
  to: number;
}

const NOT_LETTER_BEFORE = '(?<![\\p{L}\\d])';
const NOT_LETTER_AFTER = '(?![\\p{L}\\d])';
const words = (list: readonly string[]) =>
  [...list]
    .map(foldWord)
    .sort((a, b) => b.length - a.length)
    .map((word) => escapeRegex(word).replace(/ /g, '[\\s\\-_]+'))
    .join('|');

const NUMBER_VALUES = new Map(
  NUMBER_WORDS.flatMap(([value, list]) =>
    list.map((word) => [foldWord(word).replace(/[\s-]/g, ''), value] as const),
  ),
);
const NUMBER_WORD = words(NUMBER_WORDS.flatMap(([, list]) => list));
const ORDINAL = words(ORDINAL_WORDS);
const ordinalValue = (word: string) => ORDINAL_WORDS.indexOf(word.replace(/[\s\-_]+/g, '')) + 1;
/** A number in digits or words; undefined when it is neither. */
function numberValue(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10);
  if (/^[一二三四五六七八九十两]+$/.test(text)) return '一二三四五六七八九'.indexOf(text) + 1 || 10;
  return NUMBER_VALUES.get(text.replace(/[\s\-_.]/g, ''));
}

const PERSON = '(?:students?|pupils?|girls?|boys?|kids?|child|children|schoolers?|class(?:es)?)';
const SEP = '[\\s\\-_]*';

interface Pattern {
  reason: MinorMarkerReason;
  /** A cheap test; the pattern runs only when it passes. */
  when: RegExp;
  pattern: RegExp;
  /** True when the hit places a minor (given the named groups). */
  minor: (groups: Record<string, string | undefined>, year: number) => boolean;
}

const atMost = (limit: number) => (groups: Record<string, string | undefined>) => {
  const value = numberValue(groups.n) ?? ordinalValue(groups.o ?? '');
  return value !== undefined && value >= 0 && value <= limit;
};
const under = (limit: number) => (groups: Record<string, string | undefined>) => {
  const value = numberValue(groups.n) ?? ordinalValue(groups.o ?? '');
  return value !== undefined && value > 0 && value < limit;
};

/** An age-bounding phrase is about age when a unit, a person or the end of the tag follows the number. */
const AGE_FOLLOWS =
  '(?=[\\s\\-_.]{0,3}(?:years?|yrs?|y[./]?o|ans|jahren?|anos|anni|лет|года|岁|歳|才)|\\s*(?:[,;)\\]\\n|]|$)|[\\s\\-_]+(?:girls?|boys?|kids?|child|teens?|person|woman|man|female|male)(?!\\p{L}))';

const PATTERNS: readonly Pattern[] = [
  // "5th grade", "5th-grader", "5 graders", "fifth grader", "in grade 5", "grade 5 students".
  {
    reason: 'school_stage',
    when: /grade/,
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?:(?<n>\\d{1,2})${SEP}(?:st|nd|rd|th)${SEP}grade(?:rs?|s)?|(?<n2>\\d{1,2})${SEP}graders?|(?<o>${ORDINAL})${SEP}grade(?:rs?|s)?|(?:in|into)\\s+grade${SEP}(?<n3>\\d{1,2}|${NUMBER_WORD})|grade${SEP}(?<n4>\\d{1,2}|${NUMBER_WORD})${SEP}${PERSON})${NOT_LETTER_AFTER}`,
      'gu',
    ),
    minor: (groups) => atMost(12)({ n: groups.n ?? groups.n2 ?? groups.n3 ?? groups.n4, o: groups.o }),
  },
  // UK school years and forms: "year 7 pupil", "sixth former".
  {
    reason: 'school_stage',
    when: /year[\s\-_]*\d|sixth|former/,
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?:year${SEP}(?<n>\\d{1,2})${SEP}${PERSON}|sixth${SEP}form(?:ers?)?|(?:first|second|third|fourth|fifth)${SEP}formers?)${NOT_LETTER_AFTER}`,
      'gu',
    ),
    minor: (groups) => groups.n === undefined || atMost(13)(groups),
  },
  // Other languages: "5 класс", "五年级", "小学3年生", "5º grado", "terza media", "Klasse 5", "5. Klasse".
  {
    reason: 'school_stage',
    when: /класс|年级|年生|grado|media|element|klasse/,
    pattern: new RegExp(
      [
        `${NOT_LETTER_BEFORE}(?<n>\\d{1,2})[\\s\\-]*[а-я]{0,3}[\\s\\-]*класс[а-я]*`,
        '(?<n2>[一二三四五六七八九\\d])年级',
        '(?<!大学|大學|院)(?:小学|中学|高校)?(?<n3>[1-6一二三四五六])年生',
        `${NOT_LETTER_BEFORE}(?<n4>\\d{1,2})\\s*(?:o|er|°)?\\s*grados?${NOT_LETTER_AFTER}`,
        `${NOT_LETTER_BEFORE}(?:primer|primero|segundo|tercer|tercero|cuarto|quinto|sexto)\\s+grados?${NOT_LETTER_AFTER}`,
        `${NOT_LETTER_BEFORE}(?:prima|seconda|terza|quarta|quinta)\\s+(?:media|elementare)${NOT_LETTER_AFTER}`,
        `${NOT_LETTER_BEFORE}klasse\\s*(?<n5>\\d{1,2})(?!\\d)`,
        `(?<!\\d)(?<n6>\\d{1,2})\\.\\s*klasse`,
      ].join('|'),
      'gu',
    ),
    minor: (groups) => {
      const n = groups.n ?? groups.n2 ?? groups.n3 ?? groups.n4 ?? groups.n5 ?? groups.n6;
      return n === undefined || atMost(12)({ n });
    },
  },
  // Attending a school stage: "a student in middle school", "in junior high", "attends elementary school".
  {
    reason: 'school_stage',
    when: /(?:in|attends?|attending)\s+(?:\S+\s+)?(?:school|junior|kindergarten|preschool|high)/,
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?:in|attends?|attending)\\s+(?:(?:elementary|middle|primary|grade|junior\\s+high|jr\\.?\\s+high|high|secondary|prep|nursery)\\s+school|junior\\s+high|kindergarten|preschool)${NOT_LETTER_AFTER}`,
      'gu',
    ),
    minor: () => true,
  },
  // "13 and a half years old".
  {
    reason: 'minor_age',
    when: /half/,
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?<n>\\d{1,2}|${NUMBER_WORD})\\s+and\\s+a\\s+half[\\s\\-]+(?:years?|yrs?|y\\.?o)${NOT_LETTER_AFTER}`,
      'gu',
    ),
    minor: under(MINOR_AGE_LIMIT),
  },
  // "16th birthday", "sixteenth birthday".
  {
    reason: 'minor_age',
    when: /birthday/,
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?:(?<n>\\d{1,2})${SEP}(?:st|nd|rd|th)|(?<o>${ORDINAL}))${SEP}birthday${NOT_LETTER_AFTER}`,
      'gu',
    ),
    minor: under(MINOR_AGE_LIMIT),
  },
  // "a decade old", "one and a half decades of age".
  {
    reason: 'minor_age',
    when: /decade/,
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?:a|one|half\\s+a|one\\s+and\\s+a\\s+half|1(?:\\.5)?)\\s*decades?[\\s\\-_]*(?:old|of\\s+age)${NOT_LETTER_AFTER}`,
      'gu',
    ),
    minor: () => true,
  },
  // "under 16", "under-15", "younger than twelve", "almost 18", "moins de 15 ans", "未满16岁".
  {
    reason: 'minor_age',
    // The bounding words themselves (cheap: literal alternatives), before the full pattern runs.
    when: /under|below|younger|jünger|junger|less|not yet|almost|nearly|sub|moins|unter|menor|menos|sotto|minore|meno|младше|моложе|меньше|до|未满|未滿|不满|不到/,
    pattern: new RegExp(
      `(?:${NOT_LETTER_BEFORE}(?:${words(AGE_BOUND_BEFORE.filter((word) => /^[\p{L} ]+$/u.test(word) && !/[\u3000-\u9fff]/u.test(word)))})|${words(AGE_BOUND_BEFORE.filter((word) => /[\u3000-\u9fff]/u.test(word)))})[\\s\\-_:]{0,3}(?<n>\\d{1,2}|${NUMBER_WORD})${NOT_LETTER_AFTER}${AGE_FOLLOWS}`,
      'gu',
    ),
    minor: atMost(MINOR_AGE_LIMIT),
  },
  // "u15", "U-15", "u18", "<16", "≤17", "16 and under", "18歳未満", "18岁以下".
  {
    reason: 'minor_age',
    when: /u[-_ ]?\d|[<≤]\s?\d|\d[\s\-_]*(?:and|or|minus)|未満|以下|未满/,
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?:u[\\-_ ]?(?<n>1[0-8])|u-(?<n2>[4-9]))(?!\\d)|[<≤]\\s?(?<n3>\\d{1,2})(?!\\d)${AGE_FOLLOWS}|(?<!\\d)(?<n4>\\d{1,2})[\\s\\-_]*(?:${words(AGE_BOUND_AFTER.filter((word) => /^[a-z ]+$/.test(word)))})${NOT_LETTER_AFTER}|(?<![\\d一二三四五六七八九十])(?<n5>\\d{1,2}|[一二三四五六七八九十]{1,3})\\s?(?:岁|歳|才)?(?:${words(AGE_BOUND_AFTER.filter((word) => /[\u3000-\u9fff]/u.test(word)))})`,
      'gu',
    ),
    minor: (groups) => {
      const raw = groups.n ?? groups.n2 ?? groups.n3 ?? groups.n4 ?? groups.n5;
      const value = /^[一二三四五六七八九十]+$/.test(raw ?? '') ? cjkValue(raw ?? '') : numberValue(raw);
      return value !== undefined && value <= MINOR_AGE_LIMIT;
    },
  },
];

/** 一..九十九 */
function cjkValue(text: string): number {
  const digits = '一二三四五六七八九';
  const [tens, units] = text.includes('十') ? text.split('十') : ['', text];
  const unitValue = digits.indexOf(units ?? '') + 1;
  if (!text.includes('十')) return unitValue;
  return (tens ? digits.indexOf(tens) + 1 : 1) * 10 + unitValue;
}

const BIRTH_WORDS = words(BIRTH_MARKERS);
const YEAR = `(?<year>(?:19|20|21)\\d{2}|['’]\\d{2})(?!\\d)`;
/** A birth marker, then (within the same tag) a year, or a relative form. */
const BIRTH = new RegExp(
  `${NOT_LETTER_BEFORE}(?:(?:${BIRTH_WORDS})|b\\.|geb\\.)(?:(?:[^\\n;|,]|(?<=\\d(?:st|nd|rd|th)?),){0,16}?(?<!\\d)${YEAR}|\\s+(?<ago>\\d{1,2}|${NUMBER_WORD})\\s+years?\\s+ago|\\s+(?<recent>this\\s+year|last\\s+year|recently|yesterday|today|last\\s+month|(?:a|one)\\s+decade\\s+ago))` +
    `|(?<!\\d)(?<before>(?:19|20|21)\\d{2})(?:[\\s\\-]+born|年(?:生まれ|出生|生))${NOT_LETTER_AFTER}`,
  'gu',
);
const BIRTH_WHEN = /born|birth|dob|b\.|n[ée]e?|geb|nacid|nat[oa]|родил|рожд|年生|年出生/;

/** The year a two-digit year ("'12") stands for, read as the most recent such year not in the future. */
function fullYear(text: string, currentYear: number): number {
  if (!/^['’]/.test(text)) return Number.parseInt(text, 10);
  const short = Number.parseInt(text.slice(1), 10);
  const century = Math.floor(currentYear / 100) * 100;
  return century + short <= currentYear ? century + short : century - 100 + short;
}

/**
 * A birth year makes a minor when the person could be under 18 at some point this year: born in
 * `currentYear - 18` or later (someone born in 2008 is still 17 until their birthday in 2026).
 */
const bornMinor = (year: number, currentYear: number) => currentYear - year < MINOR_AGE_LIMIT + 1;

/** Every marker of a minor in a folded text. */
export function findMinorMarkers(folded: string, currentYear: number): MinorMarker[] {
  const found: MinorMarker[] = [];
  for (const { reason, when, pattern, minor } of PATTERNS) {
    if (!when.test(folded)) continue;
    for (const hit of folded.matchAll(pattern)) {
      if (minor(hit.groups ?? {}, currentYear))
        found.push({ reason, from: hit.index, to: hit.index + hit[0].length });
    }
  }
  if (BIRTH_WHEN.test(folded)) {
    for (const hit of folded.matchAll(BIRTH)) {
      const { year, ago, recent, before } = hit.groups ?? {};
      const birthYear = year ?? before;
      const isMinor =
        recent !== undefined ||
        (ago !== undefined && (numberValue(ago) ?? 99) < MINOR_AGE_LIMIT) ||
        (birthYear !== undefined && bornMinor(fullYear(birthYear, currentYear), currentYear));
      if (isMinor) found.push({ reason: 'birth_year', from: hit.index, to: hit.index + hit[0].length });
    }
  }
  return found;
}
