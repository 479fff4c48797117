/**
 * Tolerant term matching on a PreparedText (docs/product/moderation.md#rules: "matching tolerates separators
 * between letters, plurals and repeats"; invariant 7 in docs/architecture.md#invariants: "however they are
 * spelled").
 *
 * A term matches a whole word: an atom ("cat" never hits "category" or "bobcat"), an atom without the
 * digits glued to it ("1kid"), a run of atoms split by separators inside a word ("c.a.t", "c(a)t", "c*a*t",
 * and "c a t" / "ca t" when every piece between spaces or commas is at most two letters), and, for terms
 * of several words, consecutive atoms of one tag ("pre teen", "pre-teen", "preteen"). Letters may repeat
 * ("caaat"), look-alikes count ("c4t", "сat" in Cyrillic), a capital I reads as l ("smaII") but l never as
 * i, and an English plural is accepted (s, es, z, y -> ies). A stem (`term*`) matches the start of a word.
 * Chinese characters and hiragana are matched as substrings, katakana between non-katakana.
 *
 * Speed: a term list is compiled once into a map from a lossy key (i/l merged, runs collapsed) to terms;
 * each candidate word costs one map lookup, and only a key hit runs the exact pattern. A 2,000-character
 * prompt is checked against every list in well under a millisecond (BENCHMARKS.md).
 */
import { candidatesOf, phrasesFrom, position, type Candidate } from './candidates.ts';
import { escapeRegex, lossyKey, originalSpan, prepareText, skeletonOf, type PreparedText } from './text.ts';

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

/** A match with its list, its place in the folded text and its atoms (-1 for Chinese/Japanese matches). */
export interface LocatedMatch extends TermMatch {
  list: string;
  from: number;
  to: number;
  firstAtom: number;
  lastAtom: number;
}

interface CompiledTerm {
  term: string;
  /** The list the term came from (compileTermLists), "" for a single list. */
  list: string;
  /** Whole-word pattern (plural included) on a candidate's skeleton. */
  exact: RegExp;
  /** Start-of-word pattern, for stems. */
  prefix: RegExp | null;
  multiWord: boolean;
}

export interface TermIndex {
  whole: Map<string, CompiledTerm[]>;
  /** Stems by the first character of their key, each with its key. */
  stems: Map<string, { key: string; compiled: CompiledTerm }[]>;
  /** Lossy keys of the first word of each multi-word term: only those start a phrase candidate. */
  phraseStarts: Set<string>;
  cjk: RegExp | null;
  cjkTerms: Map<string, { term: string; list: string }[]>;
}

/**
 * One letter of a term: "i" accepts "ı" (1, |, !); "l" accepts "ı" and, in a whole word, "i" (a capital
 * I: "smaII"). Inside longer words that reading would find "loli" in "violinist", so it is left out there.
 */
function letterClass(char: string, capitalI: boolean): string {
  if (char === 'i' || char === 'ı') return '[iı]';
  if (char === 'l') return capitalI ? '[lıi]' : '[lı]';
  return escapeRegex(char);
}

/** Letters as a pattern in which every letter may repeat (a doubled letter needs at least two). */
export function lettersPattern(raw: string, options: { capitalI: boolean } = { capitalI: true }): string {
  let pattern = '';
  for (let i = 0; i < raw.length;) {
    const char = raw[i] ?? '';
    let run = 1;
    while (raw[i + run] === char) run += 1;
    pattern += `${letterClass(char, options.capitalI)}${run > 1 ? `{${run},}` : '+'}`;
    i += run;
  }
  return pattern;
}

function pluralPattern(raw: string): { body: string; plural: string } {
  if (raw.endsWith('y') && raw.length > 2) {
    const core = raw.replace(/y+$/, '');
    return { body: lettersPattern(core), plural: '(?:y+s*|[iı]+e+s+)' };
  }
  return { body: lettersPattern(raw), plural: '(?:e*s+|z+)?' };
}

const CJK_TERM = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
const KATAKANA = '[\\p{sc=Katakana}\\u30FC\\u3099\\u309A]';

function compileTerm(term: string, list: string): CompiledTerm | null {
  const trimmed = term.trim();
  const stem = trimmed.endsWith('*');
  const words = (stem ? trimmed.slice(0, -1) : trimmed)
    .split(/[\s\-_.]+/)
    .map(skeletonOf)
    .filter(Boolean);
  const raw = words.join('');
  if (!raw) return null;
  const { body, plural } = pluralPattern(raw);
  return {
    term,
    list,
    exact: new RegExp(`^${stem ? lettersPattern(raw) : body + plural}$`, 'u'),
    prefix: stem ? new RegExp(`^${lettersPattern(raw)}`, 'u') : null,
    multiWord: words.length > 1,
  };
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

function buildIndex(entries: readonly (readonly [term: string, list: string])[]): TermIndex {
  const index: TermIndex = {
    whole: new Map(),
    stems: new Map(),
    phraseStarts: new Set(),
    cjk: null,
    cjkTerms: new Map(),
  };
  const cjkPatterns = new Set<string>();
  for (const [term, list] of entries) {
    if (CJK_TERM.test(term)) {
      const folded = skeletonOf(term.replace(/\*$/, ''));
      if (!folded) continue;
      push(index.cjkTerms, folded, { term, list });
      const katakana = /\p{sc=Katakana}/u.test(folded) && !/[\p{sc=Han}\p{sc=Hiragana}]/u.test(folded);
      const body = escapeRegex(folded);
      cjkPatterns.add(katakana ? `(?<!${KATAKANA})${body}(?!${KATAKANA})` : body);
      continue;
    }
    const compiled = compileTerm(term, list);
    if (!compiled) continue;
    const words = term
      .replace(/\*$/, '')
      .trim()
      .split(/[\s\-_.]+/);
    const key = lossyKey(words.map(skeletonOf).join(''));
    if (compiled.prefix) push(index.stems, key.charAt(0), { key, compiled });
    else push(index.whole, key, compiled);
    if (compiled.multiWord) index.phraseStarts.add(lossyKey(skeletonOf(words[0] ?? '')));
  }
  if (cjkPatterns.size > 0) {
    const patterns = [...cjkPatterns].sort((a, b) => b.length - a.length);
    index.cjk = new RegExp(patterns.join('|'), 'gu');
  }
  return index;
}

const byList = new WeakMap<readonly string[], TermIndex>();
const byContent = new Map<string, TermIndex>();

/** Compiles a term list once (cached by the list, and by its content for lists rebuilt per call). */
export function compileTerms(terms: readonly string[]): TermIndex {
  let index = byList.get(terms);
  if (index) return index;
  const content = terms.join('\u0001');
  index = byContent.get(content);
  if (!index) {
    index = buildIndex(terms.map((term) => [term, ''] as const));
    if (byContent.size > 500) byContent.clear();
    byContent.set(content, index);
  }
  byList.set(terms, index);
  return index;
}

const byLists = new WeakMap<object, TermIndex>();
/**
 * Compiles several named lists into one index (cached by the record): one pass over a text then finds
 * the terms of every list, each match tagged with its list's name.
 */
export function compileTermLists(lists: Readonly<Record<string, readonly string[]>>): TermIndex {
  let index = byLists.get(lists);
  if (!index) {
    index = buildIndex(
      Object.entries(lists).flatMap(([list, terms]) => terms.map((term) => [term, list] as const)),
    );
    byLists.set(lists, index);
  }
  return index;
}

function lookUpKey(
  text: PreparedText,
  index: TermIndex,
  found: LocatedMatch[],
  word: Candidate,
  key: string,
): void {
  const terms = key ? index.whole.get(key) : undefined;
  if (!terms) return;
  for (const compiled of terms) {
    if (word.phrase && !compiled.multiWord) continue;
    if (compiled.exact.test(word.raw)) found.push(located(text, compiled, word, word.from, word.to));
  }
}

function located(
  text: PreparedText,
  compiled: CompiledTerm,
  word: Candidate,
  from: number,
  to: number,
): LocatedMatch {
  const { term, list } = compiled;
  const { firstAtom, lastAtom } = word;
  return { term, list, ...originalSpan(text, from, to), from, to, firstAtom, lastAtom };
}

function lookUp(text: PreparedText, index: TermIndex, found: LocatedMatch[], word: Candidate): void {
  if (word.phrase && !index.phraseStarts.has(word.firstKey)) return;
  const { key } = word;
  lookUpKey(text, index, found, word, key);
  // Without an English plural ending: "kids", "boxes", "ponies".
  const last = key.charCodeAt(key.length - 1);
  if (last === 115 || last === 122) {
    lookUpKey(text, index, found, word, key.slice(0, -1));
    if (key.endsWith('es')) lookUpKey(text, index, found, word, key.slice(0, -2));
    if (key.endsWith('Ies')) lookUpKey(text, index, found, word, `${key.slice(0, -3)}y`);
  }
  if (word.phrase || index.stems.size === 0) return;
  // A stem's lossy key starts the word's; only then is its exact pattern tried.
  for (const stem of index.stems.get(key.charAt(0)) ?? []) {
    const { compiled } = stem;
    if (!key.startsWith(stem.key)) continue;
    const hit = compiled.prefix?.exec(word.raw);
    if (hit) found.push(located(text, compiled, word, word.from, position(word, hit[0].length - 1) + 1));
  }
}

function cjkMatches(text: PreparedText, index: TermIndex, found: LocatedMatch[]): void {
  const pattern = index.cjk;
  if (!pattern || !text.hasCjk) return;
  // Step one character at a time, so that terms of several lists may overlap.
  pattern.lastIndex = 0;
  for (let hit = pattern.exec(text.folded); hit; hit = pattern.exec(text.folded)) {
    const end = hit.index + hit[0].length;
    for (const { term, list } of index.cjkTerms.get(hit[0]) ?? []) {
      const span = originalSpan(text, hit.index, end);
      found.push({ term, list, ...span, from: hit.index, to: end, firstAtom: -1, lastAtom: -1 });
    }
    pattern.lastIndex = hit.index + 1;
  }
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

/** Every match of a compiled list in a prepared text, overlaps included (callers pick). */
export function locateTerms(text: PreparedText, index: TermIndex): LocatedMatch[] {
  const found: LocatedMatch[] = [];
  const candidates = candidatesOf(text);
  // The atoms through one reused candidate: a prompt's words cost no object each.
  const atomWord: Candidate = {
    raw: '',
    key: '',
    from: 0,
    to: 0,
    firstAtom: 0,
    lastAtom: 0,
    offsets: null,
    phrase: false,
    firstKey: '',
  };
  text.atoms.forEach((atom, at) => {
    atomWord.raw = atom.raw;
    atomWord.key = atom.key;
    atomWord.from = atom.start;
    atomWord.to = atom.end;
    atomWord.firstAtom = at;
    atomWord.lastAtom = at;
    lookUp(text, index, found, atomWord);
  });
  for (const word of candidates.all) lookUp(text, index, found, word);
  if (index.phraseStarts.size > 0) {
    text.atoms.forEach((word, at) => {
      if (!index.phraseStarts.has(word.key)) return;
      let phrases = candidates.phrases.get(at);
      if (!phrases) candidates.phrases.set(at, (phrases = phrasesFrom(text, at)));
      for (const phrase of phrases) lookUp(text, index, found, phrase);
    });
  }
  cjkMatches(text, index, found);
  return found;
}

const publicMatch = ({ term, match, index, length }: TermMatch): TermMatch => ({
  term,
  match,
  index,
  length,
});

/** The matches of a compiled list, without overlaps, in text order (the longer of two overlaps wins). */
export function matchTerms(text: PreparedText, index: TermIndex): TermMatch[] {
  return withoutOverlaps(locateTerms(text, index)).map(publicMatch);
}

/**
 * Finds the terms in a text, tolerantly (see the module comment). Returns non-overlapping matches in text
 * order; where two terms overlap, the earlier and then the longer match wins.
 */
export function findTerms(text: string, terms: readonly string[]): TermMatch[] {
  if (!text) return [];
  return matchTerms(prepareText(text), compileTerms(terms));
}

/** True when at least one of the terms occurs in the text (tolerantly). */
export const containsAny = (text: string, terms: readonly string[]): boolean =>
  findTerms(text, terms).length > 0;

/** The matches of a compiled set of lists, by list name (see compileTermLists). */
export function locateLists(text: PreparedText, index: TermIndex): (list: string) => LocatedMatch[] {
  const byName = new Map<string, LocatedMatch[]>();
  for (const match of locateTerms(text, index)) push(byName, match.list, match);
  return (list) => byName.get(list) ?? [];
}
