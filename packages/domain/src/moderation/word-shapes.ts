/**
 * Child-safety checks that look at how words sit together rather than at single words:
 * - a stem glued inside a longer word ("<x>con", "one<x>", "<x>like"), unless the word is an ordinary
 *   one that happens to contain it (kidney, canteen; INNOCENT_WORDS_WITH_STEMS);
 * - a qualifier before a noun ("young girl", "middle school student", "underdeveloped body"): adjacent or
 *   with up to two words between, never across a tag; glued ("younggirl"); or, for the young-person pairs,
 *   the qualifier standing as a tag of its own beside the noun ("1girl, young");
 * - Japanese school-stage shorthands (JK, JC, ...) as a tag of their own or right before a noun.
 */
import { PAIR_GROUPS, pairLists, safetyMatches, type PairKind } from './safety-lists.ts';
import { lettersPattern, type LocatedMatch } from './terms.ts';
import { originalSpan, skeletonOf, type PreparedText } from './text.ts';
import { INNOCENT_WORDS_WITH_STEMS, MINOR_STEMS_IN_WORDS, SCHOOL_ABBREVIATIONS } from './wordlists.ts';

/** What separates tags or sentences: a qualifier never pairs with a noun across one of these. */
const TAG_BREAK = /[,;!?|()[\]{}<>\n]|\.\s/;
const TAG_DELIMITER = /[,;|\n]/;
/** Weight syntax and brackets around a tag: "(young:1.2)", "[young]". */
const TAG_DECORATION = /[\s()[\]{}]|:\s*-?\d*\.?\d+/g;

/** True when [from, to) of the folded text is a whole comma-separated tag, weight syntax aside. */
export function isWholeTag(folded: string, from: number, to: number): boolean {
  const before =
    folded
      .slice(Math.max(0, from - 64), from)
      .split(TAG_DELIMITER)
      .at(-1) ?? '';
  const after = folded.slice(to, to + 64).split(TAG_DELIMITER)[0] ?? '';
  return before.replace(TAG_DECORATION, '') === '' && after.replace(TAG_DECORATION, '') === '';
}

let stemPatterns: { stems: RegExp; innocent: RegExp } | undefined;
/** Compiled once, on first use (so that code which never checks child safety never builds it). */
function compiledStems() {
  stemPatterns ??= {
    stems: new RegExp(
      MINOR_STEMS_IN_WORDS.map((stem) => lettersPattern(skeletonOf(stem), { capitalI: false })).join('|'),
      'gu',
    ),
    innocent: new RegExp(
      INNOCENT_WORDS_WITH_STEMS.map((word) => lettersPattern(skeletonOf(word), { capitalI: false })).join(
        '|',
      ),
      'gu',
    ),
  };
  return stemPatterns;
}

/** The whole text with every word as its skeleton (look-alikes read as letters); as long as `folded`. */
function skeletonText(text: PreparedText): string {
  const parts: string[] = [];
  let cursor = 0;
  for (const atom of text.atoms) {
    if (!atom.lookalikes) continue;
    parts.push(text.folded.slice(cursor, atom.start), atom.raw);
    cursor = atom.end;
  }
  if (parts.length === 0) return text.folded;
  parts.push(text.folded.slice(cursor));
  return parts.join('');
}

/** The atom holding a position of the folded text (atoms are sorted), or -1. */
function atomAt(text: PreparedText, position: number): number {
  let low = 0;
  let high = text.atoms.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const atom = text.atoms[middle];
    if (!atom) break;
    if (position < atom.start) high = middle - 1;
    else if (position >= atom.end) low = middle + 1;
    else return middle;
  }
  return -1;
}

/** Stems of MINOR_STEMS_IN_WORDS inside any word, ordinary words that contain one excepted. */
export function stemsInWords(text: PreparedText): LocatedMatch[] {
  const { stems, innocent } = compiledStems();
  const found: LocatedMatch[] = [];
  for (const hit of skeletonText(text).matchAll(stems)) {
    const from = hit.index;
    const to = from + hit[0].length;
    const at = atomAt(text, from);
    const atom = text.atoms[at];
    if (!atom || atom.letters === 0) continue;
    const start = from - atom.start;
    const end = to - atom.start;
    const covered = [...atom.raw.matchAll(innocent)].some(
      (word) => word.index <= start && word.index + word[0].length >= end,
    );
    if (covered) continue;
    const span = originalSpan(text, from, to);
    found.push({ term: hit[0], list: 'stems', ...span, from, to, firstAtom: at, lastAtom: at });
  }
  return found;
}

/** The qualifiers of the groups that stand before one of their nouns (see the module comment). */
export function qualifiedNouns(
  text: PreparedText,
  kind: PairKind,
  options: { standaloneQualifier: boolean },
): LocatedMatch[] {
  const lists = safetyMatches(text);
  const found: LocatedMatch[] = [];
  PAIR_GROUPS[kind].forEach((_group, at) => {
    const names = pairLists(kind, at);
    found.push(...lists(names.glued));
    const qualifiers = lists(names.qualifiers);
    if (qualifiers.length === 0) return;
    const nouns = lists(names.nouns);
    for (const qualifier of qualifiers) {
      const standalone = options.standaloneQualifier && isWholeTag(text.folded, qualifier.from, qualifier.to);
      const noun = nouns.find((candidate) => {
        if (candidate.from < qualifier.to && candidate.to > qualifier.from) return false;
        if (standalone) return true;
        if (candidate.firstAtom <= qualifier.lastAtom || candidate.firstAtom - qualifier.lastAtom > 3)
          return false;
        return !TAG_BREAK.test(text.folded.slice(qualifier.to, candidate.from));
      });
      if (noun) found.push(qualifier);
    }
  });
  return found;
}

const ABBREVIATIONS = new Set<string>(SCHOOL_ABBREVIATIONS.abbreviations);
const ABBREVIATION_NOUNS = new Set(SCHOOL_ABBREVIATIONS.nouns.flatMap((noun) => [noun, `${noun}s`]));

/** JK, JC, JS, DK, DC, DS (with a year digit or not) as a tag of their own or before a noun. */
export function schoolAbbreviations(text: PreparedText): LocatedMatch[] {
  const found: LocatedMatch[] = [];
  const { atoms, folded } = text;
  atoms.forEach((atom, at) => {
    if (atom.end - atom.trailingDigits - atom.start !== 2) return;
    const word = folded.slice(atom.start, atom.end - atom.trailingDigits);
    if (!ABBREVIATIONS.has(word)) return;
    const next = atoms[at + 1];
    const beforeNoun =
      (next !== undefined &&
        /^[\s\-_]{1,2}$/.test(folded.slice(atom.end, next.start)) &&
        ABBREVIATION_NOUNS.has(folded.slice(next.start, next.end))) ||
      // "JK制服" (the uniform), "JK生" (the student).
      /^[\s\-_]?(?:制服|生)/u.test(folded.slice(atom.end, atom.end + 3));
    if (beforeNoun || isWholeTag(folded, atom.start, atom.end)) {
      found.push({
        term: word,
        list: 'abbreviations',
        ...originalSpan(text, atom.start, atom.end),
        from: atom.start,
        to: atom.end,
        firstAtom: at,
        lastAtom: at,
      });
    }
  });
  return found;
}
