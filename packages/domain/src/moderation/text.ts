/**
 * The first two steps of prompt moderation: normalise, then tokenise. Every later step reads the same
 * PreparedText, so a prompt is folded and split once however many lists are checked against it.
 *
 * Folding: compatibility forms (NFKD: fullwidth, ligatures, circled letters), diacritics dropped, lower
 * case, invisible characters (zero-width, soft hyphen, bidi controls, variation selectors) removed, with a
 * map back to the original offsets so that matches can be reported and deleted where the user wrote them.
 * One exception: "ñ" stays distinct from "n" (niña vs the name Nina). ASCII text takes a fast path.
 *
 * Tokenising: an atom is a maximal run of alphabetic letters and digits (plus look-alike symbols such as
 * "@" or "|" standing between two of them). Chinese, Japanese and Korean characters end atoms: those
 * scripts are matched as substrings instead (terms.ts). Each atom carries a skeleton in which look-alikes
 * read as the letter they imitate: digits and symbols (only in atoms that also hold a real letter, so that
 * numbers stay numbers: "loop 10 11" is not leetspeak), Cyrillic and Greek homoglyphs. "1", "|" and "!"
 * may stand for i or l; they become "ı", which the matcher accepts for both.
 */

/** Invisible characters an evader can slip between letters (Unicode default-ignorables). */
const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;
const MARK = /^\p{M}$/u;
const DIACRITICS = /[\u0300-\u036f]/g;
const ALPHABETIC = /^\p{L}$/u;
const CJK = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\u30FC\u3005]$/u;

/** What a folded character is to the tokeniser. */
export const CharKind = {
  Other: 0,
  Letter: 1,
  Digit: 2,
  /** A look-alike symbol: part of an atom only between two letters or digits. */
  Symbol: 3,
  Cjk: 4,
  /** Joins the letters of one word: "c.h.i.l.d", "c-h-i-l-d", "c(h)ild". */
  Tight: 5,
  /** Whitespace and commas: join letters only when every piece is at most two letters ("c h i l d"). */
  Loose: 6,
} as const;
export type CharKind = (typeof CharKind)[keyof typeof CharKind];
const Kind = CharKind;

/** Leetspeak and homoglyphs, read as letters inside a word. "ı" stands for "i or l". */
// prettier-ignore
const LOOKALIKE: Readonly<Record<string, string>> = {
  '0': 'o', '1': 'ı', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g',
  '@': 'a', $: 's', '€': 'e', '¢': 'c', '|': 'ı', '!': 'ı',
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i',
  ѕ: 's', α: 'a', ε: 'e', ι: 'i', κ: 'k', η: 'n', ο: 'o', ρ: 'p', χ: 'x', γ: 'y', τ: 't',
};
const SYMBOLS = new Set(['@', '$', '€', '¢', '|', '!']);
const TIGHT = new Set([...'.-_*~+\'\u2019\u2018"`^:;/\\()[]{}<>#=&']);

const kindCache = new Map<string, CharKind>();
/** The tokeniser's view of one folded character (cached; ASCII answered without regular expressions). */
export function kindOf(char: string): CharKind {
  const code = char.charCodeAt(0);
  if (code >= 97 && code <= 122) return Kind.Letter;
  if (code >= 48 && code <= 57) return Kind.Digit;
  if (char === ' ' || char === ',' || char === '\n' || char === '\t' || char === '\r') return Kind.Loose;
  let kind = kindCache.get(char);
  if (kind === undefined) {
    if (SYMBOLS.has(char)) kind = Kind.Symbol;
    else if (TIGHT.has(char)) kind = Kind.Tight;
    else if (CJK.test(char)) kind = Kind.Cjk;
    else if (ALPHABETIC.test(char)) kind = Kind.Letter;
    else if (/^[\s\u3000\u3001\uFF0C]$/u.test(char)) kind = Kind.Loose;
    else if (/^\p{Extended_Pictographic}$/u.test(char)) kind = Kind.Tight;
    else kind = Kind.Other;
    kindCache.set(char, kind);
  }
  return kind;
}

const foldCache = new Map<string, string>();
/** Folds one non-ASCII code point ("" for invisible characters and combining marks). */
function foldChar(char: string): string {
  let folded = foldCache.get(char);
  if (folded === undefined) {
    if (INVISIBLE.test(char) || MARK.test(char)) folded = '';
    else {
      const decomposed = char.normalize('NFKD').toLowerCase();
      const tilde = decomposed.startsWith('n\u0303');
      folded = decomposed.replace(DIACRITICS, '');
      if (tilde) folded = `ñ${folded.slice(1)}`;
    }
    if (foldCache.size > 10_000) foldCache.clear();
    foldCache.set(char, folded);
  }
  return folded;
}

export interface FoldedText {
  /** The folded text. */
  text: string;
  /** For each code unit of `text`: the offset in the original text of the character it came from. */
  starts: number[];
  /** For each code unit of `text`: the end offset (exclusive) in the original text of that character. */
  ends: number[];
}

interface Folding {
  text: string;
  /** Null when folding kept every offset (ASCII input). */
  starts: Int32Array | null;
  ends: Int32Array | null;
}

function fold(input: string): Folding {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7F]*$/.test(input)) return { text: input.toLowerCase(), starts: null, ends: null };
  const parts: string[] = [];
  let starts = new Int32Array(input.length + 16);
  let ends = new Int32Array(input.length + 16);
  let length = 0;
  const room = (more: number) => {
    if (length + more <= starts.length) return;
    // Compatibility forms can expand ("ﬃ" -> "ffi"): grow the maps.
    const grownStarts = new Int32Array(starts.length * 2 + more);
    const grownEnds = new Int32Array(grownStarts.length);
    grownStarts.set(starts);
    grownEnds.set(ends);
    starts = grownStarts;
    ends = grownEnds;
  };
  const n = input.length;
  let i = 0;
  while (i < n) {
    // A run of characters that fold to themselves (ASCII aside from case, most lower-case letters of
    // other scripts) keeps its offsets: one slice for the whole run.
    let j = i;
    while (j < n) {
      const code = input.charCodeAt(j);
      if (code < 0x80 || (code < 0xd800 && foldChar(input[j] ?? '') === input[j])) j += 1;
      else break;
    }
    if (j > i) {
      room(j - i);
      for (let k = i; k < j; k++) {
        starts[length] = k;
        ends[length] = k + 1;
        length += 1;
      }
      parts.push(input.slice(i, j).toLowerCase());
      i = j;
      continue;
    }
    const size = (input.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    const char = input.slice(i, i + size);
    const end = i + size;
    i = end;
    const last = parts.at(-1) ?? '';
    if (char === '\u0303' && length > 0 && last.endsWith('n')) {
      // "n" + combining tilde is "ñ", which stays distinct.
      parts[parts.length - 1] = `${last.slice(0, -1)}ñ`;
      ends[length - 1] = end;
      continue;
    }
    const folded = foldChar(char);
    if (folded === '') {
      // A combining mark belongs to the character before it (so a match covers "c" + U+0301).
      if (length > 0 && MARK.test(char)) ends[length - 1] = end;
      continue;
    }
    room(folded.length);
    for (let unit = 0; unit < folded.length; unit++) {
      starts[length] = end - size;
      ends[length] = end;
      length += 1;
    }
    parts.push(folded);
  }
  const text = parts.join('');
  return { text, starts: starts.subarray(0, length), ends: ends.subarray(0, length) };
}

/** Folds a text for matching and keeps the map back to the original offsets. */
export function foldText(input: string): FoldedText {
  const { text, starts, ends } = fold(input);
  const identity = Array.from({ length: text.length }, (_, i) => i);
  return {
    text,
    starts: starts ? [...starts] : identity,
    ends: ends ? [...ends] : identity.map((i) => i + 1),
  };
}

/** A word of the folded text (see the module comment). Offsets are in the folded text. */
export interface Atom {
  start: number;
  end: number;
  /** The atom with look-alikes read as letters; as long as the atom. */
  raw: string;
  /** Real letters in the atom (not digits or symbols). */
  letters: number;
  /** Digits at the start and at the end of the atom ("1girl", "kid2"). */
  leadingDigits: number;
  trailingDigits: number;
  /** True when `raw` differs from the folded text (look-alikes were read as letters). */
  lookalikes: boolean;
  /** The lossy key of `raw` (lossyKey), which term lists are looked up by. */
  key: string;
}

export interface PreparedText {
  /**
   * What later steps worked out for this text, kept on it (not in a WeakMap, whose entries cost every
   * garbage collection): the candidate words (candidates.ts) and the safety lists' matches.
   */
  memo: { candidates?: unknown; safety?: unknown };
  original: string;
  folded: string;
  atoms: Atom[];
  /** True when the text holds Chinese, Japanese or Korean characters. */
  hasCjk: boolean;
  starts: Int32Array | null;
  ends: Int32Array | null;
}

const PLAIN_WORD = /^[a-z]*$/;

const skeletonCache = new Map<string, string>();
/** An atom's skeleton (look-alikes read as letters), cached: prompts reuse their words. */
function atomSkeleton(text: string, hasLetters: boolean): string {
  const cacheKey = hasLetters ? text : `\u0000${text}`;
  let raw = skeletonCache.get(cacheKey);
  if (raw === undefined) {
    raw = '';
    for (const char of text) raw += skeletonChar(char, hasLetters);
    if (skeletonCache.size >= 50_000) skeletonCache.clear();
    skeletonCache.set(cacheKey, raw);
  }
  return raw;
}

/** Looks a digit or symbol up as the letter it imitates, or leaves the character as it is. */
const skeletonChar = (char: string, wordHasLetters: boolean): string =>
  wordHasLetters || kindOf(char) === Kind.Letter ? (LOOKALIKE[char] ?? char) : char;

function atomsOf(folded: string): { atoms: Atom[]; hasCjk: boolean } {
  const atoms: Atom[] = [];
  let hasCjk = false;
  let i = 0;
  const n = folded.length;
  while (i < n) {
    const kind = kindOf(folded[i] ?? '');
    if (kind === Kind.Cjk) hasCjk = true;
    if (kind !== Kind.Letter && kind !== Kind.Digit) {
      i += 1;
      continue;
    }
    let end = i + 1;
    let letters = kind === Kind.Letter ? 1 : 0;
    while (end < n) {
      const next = kindOf(folded[end] ?? '');
      if (next === Kind.Letter) letters += 1;
      else if (next === Kind.Symbol) {
        const after = kindOf(folded[end + 1] ?? '');
        if (after !== Kind.Letter && after !== Kind.Digit) break;
      } else if (next !== Kind.Digit) break;
      end += 1;
    }
    const text = folded.slice(i, end);
    // Most words are plain lower-case letters: their skeleton is themselves.
    const raw = PLAIN_WORD.test(text) ? text : atomSkeleton(text, letters > 0);
    let leading = 0;
    while (leading < text.length && kindOf(text[leading] ?? '') === Kind.Digit) leading += 1;
    let trailing = 0;
    while (trailing < text.length && kindOf(text[text.length - 1 - trailing] ?? '') === Kind.Digit)
      trailing += 1;
    atoms.push({
      start: i,
      end,
      raw,
      letters,
      leadingDigits: leading,
      trailingDigits: trailing,
      lookalikes: raw !== text,
      key: lossyKey(raw),
    });
    i = end;
  }
  return { atoms, hasCjk };
}

/** Folds and tokenises a text once for every check. */
export function prepareText(input: string): PreparedText {
  const { text, starts, ends } = fold(input);
  const { atoms, hasCjk } = atomsOf(text);
  return { memo: {}, original: input, folded: text, atoms, hasCjk, starts, ends };
}

/** The folded form of a word or term (no offsets): what a prompt's words are compared with. */
export const foldWord = (word: string): string => fold(word).text;

/** A string as a literal inside a regular expression. */
export const escapeRegex = (value: string): string => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A span of the original text. */
export interface Span {
  /** The text as the user wrote it. */
  match: string;
  index: number;
  length: number;
}

/** Maps a span of the folded text (end exclusive) back to the original text. */
export function originalSpan(text: PreparedText, start: number, end: number): Span {
  const from = text.starts ? (text.starts[start] ?? 0) : start;
  const to = text.ends ? (text.ends[Math.max(start, end - 1)] ?? from) : end;
  return { match: text.original.slice(from, to), index: from, length: to - from };
}

/**
 * A lossy key for index lookups: "i", "l" and "ı" merged, runs of a character collapsed. Two spellings
 * of one term share a key ("kiiid", "k1d"); the matcher then checks the exact pattern.
 */
export function lossyKey(raw: string): string {
  let key = keyCache.get(raw);
  if (key === undefined) {
    key = raw.replace(I_OR_L, 'I').replace(RUNS, '$1');
    // Prompts reuse their words: a bounded cache turns most keys into one lookup.
    if (keyCache.size >= 50_000) keyCache.clear();
    keyCache.set(raw, key);
  }
  return key;
}
const keyCache = new Map<string, string>();
const I_OR_L = /[ilı]/g;
const RUNS = /(.)\1+/gsu;

/** The skeleton of a word of a term, as the text's atoms get theirs. */
export function skeletonOf(word: string): string {
  const folded = fold(word).text;
  const hasLetters = [...folded].some((char) => kindOf(char) === Kind.Letter);
  let raw = '';
  for (const char of folded) raw += skeletonChar(char, hasLetters);
  return raw;
}

/** The lossy keys of a word list with their plural forms, for quick "is the next word one of" tests. */
export function wordKeys(list: readonly string[]): Set<string> {
  return new Set(list.flatMap((word) => [lossyKey(skeletonOf(word)), lossyKey(skeletonOf(`${word}s`))]));
}

/** The atom right after [.., to) when only a space or hyphen separates them. */
export function nextWord(text: PreparedText, to: number): { key: string; atom: number } | undefined {
  const at = text.atoms.findIndex((atom) => atom.start >= to);
  const atom = text.atoms[at];
  if (!atom || !/^[\s\-_]{0,2}$/.test(text.folded.slice(to, atom.start))) return undefined;
  return { key: lossyKey(atom.raw), atom: at };
}
