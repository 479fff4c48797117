/**
 * Tolerant term matching for prompt moderation (spec §5: "matching tolerates separators between letters,
 * plurals and repeats"; DESIGN.md invariant 7: "however they are spelled").
 *
 * The text is folded (NFKD compatibility forms, diacritics dropped, lower case, zero-width and other
 * invisible characters removed) with a map back to the original offsets, so that matches can be reported
 * and deleted in the text the user wrote. Each term compiles to a regular expression in which every letter
 * accepts its leetspeak and Cyrillic/Greek look-alikes (o: 0, о), may repeat ("looong") and may be split
 * by separators ("l.o-n_g", "l o n g", "l,o,n,g", emoji), and the last word takes an English plural (s,
 * es, z, y -> ies).
 *
 * False hits are kept out by boundaries: a Latin or Cyrillic term matches whole words only ("cat" never
 * hits "category" or "concatenate"), a katakana term only between non-katakana, and a term split by
 * spaces or commas only when every piece is at most two letters ("c a t" and "ca t" are hits, "chic at"
 * and "lol i" are not). Chinese characters and hiragana have no word boundaries: those terms are substrings.
 * One exception to folding: "ñ" stays distinct from "n" (niña vs the name Nina).
 */

/**
 * Invisible characters an evader can slip between letters: the Unicode default-ignorables (zero-width
 * space and joiners, soft hyphen, word joiner, BOM, variation selectors, bidi controls, fillers, tags).
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** A base character with its combining marks (so "c" + U+0301 folds like "ć"). */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;
const DIACRITICS = /[\u0300-\u036f]/g;

/** Characters allowed between the letters of a term ("c.a.t", "c-a-t", "c a t", "c*a*t", "c(a)t", ...). */
export const TERM_SEPARATOR =
  '[\\s.,_\\-*~+\'\u2019\u2018"\u0060^:;/\\\\()\\[\\]{}<>#=&\\p{Extended_Pictographic}]';
const GAP = `${TERM_SEPARATOR}{0,3}`;
const ALPHABETIC = '[\\p{sc=Latin}\\p{sc=Cyrillic}\\p{sc=Greek}]';
const KATAKANA = '[\\p{sc=Katakana}\\u30FC\\u3099\\u309A]';

/**
 * Look-alikes per folded letter: leetspeak digits and symbols, Cyrillic and Greek homoglyphs. One-way
 * for i/l: "l" accepts "i" (a capital I passes for an l), "i" does not accept "l" ("loll" is no hit).
 */
// prettier-ignore
const LOOKALIKES: Readonly<Record<string, string>> = {
  a: '4@аα', b: '8в', c: '¢с', e: '3€еε', g: '9', h: 'н', i: '1!|іι', k: 'кκ', l: '1|i', m: 'м', n: 'η',
  o: '0оο', p: 'рρ', s: '5$ѕ', t: '7т', x: 'хχ', y: 'уγ',
  а: 'a4@', в: 'b', е: 'e3', к: 'k', м: 'm', н: 'h', о: 'o0', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
};

export interface FoldedText {
  /** The folded text. */
  text: string;
  /** For each code unit of `text`: the offset in the original text of the character it came from. */
  starts: number[];
  /** For each code unit of `text`: the end offset (exclusive) in the original text of that character. */
  ends: number[];
}

function foldCluster(cluster: string): string {
  const decomposed = cluster.normalize('NFKD').toLowerCase();
  const keepTilde = /^n\u0303/.test(decomposed);
  const stripped = decomposed.replace(DIACRITICS, '');
  return keepTilde ? `ñ${stripped.slice(1)}` : stripped;
}

/** Folds a text for matching and keeps the map back to the original offsets. */
export function foldText(input: string): FoldedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (const found of input.matchAll(CLUSTER)) {
    const cluster = found[0];
    const folded = foldCluster(cluster.replace(INVISIBLE, ''));
    for (let unit = 0; unit < folded.length; unit++) {
      starts.push(found.index);
      ends.push(found.index + cluster.length);
    }
    text += folded;
  }
  return { text, starts, ends };
}

/**
 * Shortens every run of four or more identical characters to three ("looooong" -> "looong"), extending
 * the last kept character over the dropped ones so that a match still covers the whole run. Terms never
 * need more than three in a row (two, plus a look-alike: "fiIIette"), and short runs keep the matcher's
 * backtracking linear on hostile input ("1111...").
 */
export function collapseRuns(folded: FoldedText): FoldedText {
  const result: FoldedText = { text: '', starts: [], ends: [] };
  const chars = folded.text;
  for (let i = 0; i < chars.length; i++) {
    const last = result.text.length - 1;
    const char = chars[i];
    if (last >= 2 && [0, 1, 2].every((back) => result.text[last - back] === char)) {
      result.ends[last] = folded.ends[i] ?? result.ends[last] ?? 0;
      continue;
    }
    result.text += char;
    result.starts.push(folded.starts[i] ?? 0);
    result.ends.push(folded.ends[i] ?? 0);
  }
  return result;
}

/** The folded form of a term or word (no offsets). */
export const foldTerm = (value: string): string => foldText(value).text;

const escapeClass = (chars: string) => chars.replace(/[\\\][\-^]/g, '\\$&');
const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A character class accepting a folded letter and its look-alikes. */
function letterClass(letter: string): string {
  const extra = LOOKALIKES[letter];
  return extra ? `[${escapeClass(letter + extra)}]` : escapeRegex(letter);
}

type TermScript = 'alphabetic' | 'katakana' | 'substring';

function scriptOf(term: string): TermScript {
  if (/\p{scx=Han}|\p{sc=Hiragana}/u.test(term)) return 'substring';
  if (/\p{sc=Katakana}/u.test(term)) return 'katakana';
  return 'alphabetic';
}

/** Extra separator-split repeats of one letter that still match ("l.o.o.o.o.l" has four o's). */
const MAX_SPLIT_REPEATS = 6;
const PLURAL = "(?:['\u2019]?[e3]?[s5$z]+)?";

function wordPattern(word: string, repeats: boolean, plural: boolean): string {
  const letters = [...word];
  const last = letters.at(-1);
  const ies = plural && last === 'y' && letters.length > 2;
  const core = ies ? letters.slice(0, -1) : letters;
  const one = (letter: string) => {
    const cls = letterClass(letter);
    // Lazy and bounded: runs of a letter are collapsed to three before matching (collapseRuns), so only
    // separator-split repeats ("l.o.o.o.l") reach here, and a bound keeps overlapping classes linear.
    return repeats && /\p{L}/u.test(letter) ? `${cls}(?:${GAP}${cls}){0,${MAX_SPLIT_REPEATS}}?` : cls;
  };
  let pattern = core.map(one).join(GAP);
  if (ies) pattern += `${GAP}(?:${one('y')}${PLURAL}|[i1!|]+[e3]+[s5$z]+)`;
  else if (plural) pattern += PLURAL;
  return pattern;
}

interface CompiledTerm {
  regex: RegExp;
  wordCount: number;
}

const compiled = new Map<string, CompiledTerm | null>();

/** Compiles a term (see wordlists.ts for the syntax); null for an empty term. Cached. */
function compileTerm(term: string): CompiledTerm | null {
  const cached = compiled.get(term);
  if (cached !== undefined) return cached;
  const stem = term.trimEnd().endsWith('*');
  const body = foldTerm(stem ? term.trimEnd().slice(0, -1) : term)
    .replace(new RegExp(TERM_SEPARATOR, 'gu'), ' ')
    .trim();
  let result: CompiledTerm | null = null;
  if (body) {
    const words = body.split(/\s+/);
    const script = scriptOf(body);
    const alphabetic = script === 'alphabetic';
    const groups = words.map(
      (word, i) => `(${wordPattern(word, alphabetic, alphabetic && !stem && i === words.length - 1)})`,
    );
    let before = '';
    let after = '';
    if (alphabetic) {
      before = /^\d/.test(body) ? `(?<!${ALPHABETIC}|\\d)` : `(?<!${ALPHABETIC})`;
      if (!stem) after = /\d$/.test(body) ? `(?!${ALPHABETIC}|\\d)` : `(?!${ALPHABETIC})`;
    } else if (script === 'katakana') {
      before = `(?<!${KATAKANA})`;
      if (!stem) after = `(?!${KATAKANA})`;
    }
    result = { regex: new RegExp(before + groups.join(GAP) + after, 'gu'), wordCount: words.length };
  }
  if (compiled.size > 5000) compiled.clear();
  compiled.set(term, result);
  return result;
}

/** A word split by spaces or commas is a hit only when every piece is at most two letters ("c a t"). */
function spacedPiecesOk(group: string): boolean {
  if (!/[\s,]/.test(group)) return true;
  const separators = new RegExp(TERM_SEPARATOR, 'gu');
  return group
    .split(/[\s,]+/)
    .map((piece) => piece.replace(separators, ''))
    .every((piece) => piece.length <= 2);
}

export interface TermMatch {
  /** The term as given (e.g. from a word list or a rule). */
  term: string;
  /** The matched text, exactly as written in the original text. */
  match: string;
  /** Offset of the match in the original text. */
  index: number;
  /** Length of the match in the original text. */
  length: number;
}

function matchesInFolded(original: string, folded: FoldedText, term: string): TermMatch[] {
  const compiledTerm = compileTerm(term);
  if (!compiledTerm) return [];
  const { regex, wordCount } = compiledTerm;
  const found: TermMatch[] = [];
  regex.lastIndex = 0;
  for (let hit = regex.exec(folded.text); hit; hit = regex.exec(folded.text)) {
    const groups = hit.slice(1, wordCount + 1);
    if (groups.every((group) => group === undefined || spacedPiecesOk(group))) {
      const start = folded.starts[hit.index] ?? 0;
      const end = folded.ends[hit.index + hit[0].length - 1] ?? start;
      found.push({ term, match: original.slice(start, end), index: start, length: end - start });
      regex.lastIndex = hit.index + hit[0].length;
    } else {
      regex.lastIndex = hit.index + 1;
    }
  }
  return found;
}

/** Sorts matches by position and drops any that overlaps an earlier (or, at one position, longer) one. */
export function withoutOverlaps<T extends { index: number; length: number }>(matches: readonly T[]): T[] {
  const sorted = [...matches].sort((a, b) => a.index - b.index || b.length - a.length);
  const kept: T[] = [];
  let end = -1;
  for (const match of sorted) {
    if (match.index >= end) {
      kept.push(match);
      end = match.index + match.length;
    }
  }
  return kept;
}

/**
 * Finds the terms in a text, tolerantly (see the module comment). Returns non-overlapping matches in text
 * order; where two terms overlap, the earlier and then the longer match wins.
 */
export function findTerms(text: string, terms: readonly string[]): TermMatch[] {
  if (!text) return [];
  const folded = collapseRuns(foldText(text));
  return withoutOverlaps(terms.flatMap((term) => matchesInFolded(text, folded, term)));
}

/** True when at least one of the terms occurs in the text (tolerantly). */
export const containsAny = (text: string, terms: readonly string[]): boolean =>
  findTerms(text, terms).length > 0;

/**
 * Tidies a prompt after words were cut out of it: drops emptied weight groups ("()", "(:1.2)", "[]"),
 * repeated or dangling commas and runs of spaces; keeps line breaks.
 */
export function tidyPrompt(text: string): string {
  return text
    .replace(/\(\s*(?::\s*-?\d*\.?\d+)?\s*\)|\[\s*\]|\{\s*\}/g, '')
    .replace(/[ \t\u00A0]+,/g, ',')
    .replace(/,(?:[ \t]*,)+/g, ',')
    .replace(/[ \t\u00A0]{2,}/g, ' ')
    .split('\n')
    .map((line) => line.replace(/^[\s,]+|[\s,]+$/g, ''))
    .join('\n')
    .trim();
}

/** Cuts the matched spans out of the text (overlaps merged) and tidies what is left. */
export function removeMatches(text: string, matches: readonly { index: number; length: number }[]): string {
  const spans = [...matches].sort((a, b) => a.index - b.index);
  let result = '';
  let cursor = 0;
  for (const { index, length } of spans) {
    if (index + length <= cursor) continue;
    result += text.slice(cursor, Math.max(cursor, index));
    cursor = Math.max(cursor, index + length);
  }
  return tidyPrompt(result + text.slice(cursor));
}
