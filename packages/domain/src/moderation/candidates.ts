/**
 * The candidate words of a prepared text that term lists are looked up in (terms.ts): each atom, the atom
 * without digits glued to it ("1kid"), words spelled across separators ("c.h.i.l.d", "c h i l d") and the
 * phrases of one tag for terms of several words ("pre teen"). Built once per text.
 */
import { CharKind, kindOf, lossyKey, skeletonOf, type PreparedText } from './text.ts';

/**
 * A stretch of atoms to look terms up in: [from, to) in the folded text. `offsets` places each character
 * of a word spelled across separators (null: the characters are consecutive from `from`). A phrase
 * (several words of one tag) is only looked up for terms of several words.
 */
export interface Candidate {
  raw: string;
  /** The lossy key (text.ts) of `raw`. */
  key: string;
  from: number;
  to: number;
  firstAtom: number;
  lastAtom: number;
  offsets: number[] | null;
  phrase: boolean;
  /** The key of the first word of a phrase or a phrase-like chain. */
  firstKey: string;
}

function candidate(
  raw: string,
  from: number,
  to: number,
  firstAtom: number,
  lastAtom: number,
  offsets: number[] | null = null,
  phrase = false,
  firstKey = '',
): Candidate {
  return {
    raw,
    key: lossyKey(raw),
    from,
    to,
    firstAtom,
    lastAtom,
    offsets,
    phrase,
    firstKey,
  };
}

export const position = (word: Candidate, p: number) =>
  word.offsets ? (word.offsets[p] ?? 0) : word.from + p;

const LINK_TIGHT = 1;
const LINK_LOOSE = 2;
const LINK_SPACE = 3;
/** How two neighbouring atoms may join into one word (0: they may not). */
function linkBetween(folded: string, end: number, start: number): number {
  if (start - end > 3) return 0;
  let link = LINK_TIGHT;
  let comma = false;
  for (let i = end; i < start; i++) {
    const char = folded[i] ?? '';
    const kind = kindOf(char);
    if (kind === CharKind.Loose) {
      link = LINK_LOOSE;
      if (char === ',' || char === '\n' || char === '\u3001' || char === '\uFF0C') comma = true;
    } else if (kind !== CharKind.Tight) return 0;
  }
  return link === LINK_LOOSE && !comma ? LINK_SPACE : link;
}

/** The atom as a skeleton even when it holds digits only (inside a spelled-out word: "c h 1 l d"). */
const leetRaw = (text: PreparedText, atom: number): string => {
  const found = text.atoms[atom];
  if (!found) return '';
  return found.letters > 0 ? found.raw : skeletonOf(`a${text.folded.slice(found.start, found.end)}`).slice(1);
};

const MAX_CHAIN = 20;

/**
 * Words spelled across separators: "c.h.i.l.d", "ch-ild", "c h i l d" (pieces of at most two letters).
 * A spelled-out word may be followed by the further words of a multi-word term ("u.n.d.e.r a.g.e"): past
 * a space between longer pieces the chain goes on as a phrase.
 */
function chains(text: PreparedText, out: Candidate[]): void {
  const { atoms, folded } = text;
  const links: number[] = [];
  for (let i = 1; i < atoms.length; i++) {
    const before = atoms[i - 1]?.end ?? 0;
    const after = atoms[i];
    const link = linkBetween(folded, before, after?.start ?? 0);
    // A weight ("adult:0.5") is not part of the word before it.
    const weight = link !== 0 && after?.letters === 0 && folded.slice(before, after.start).includes(':');
    links.push(weight ? 0 : link);
  }
  const skeletons = new Map<number, string>();
  const leet = (atom: number) => {
    let raw = skeletons.get(atom);
    if (raw === undefined) skeletons.set(atom, (raw = leetRaw(text, atom)));
    return raw;
  };
  for (let first = 0; first < atoms.length - 1; first++) {
    const firstLink = links[first];
    // A spelled-out word starts with a letter: "1.8", "10 11" start none.
    if (!firstLink || (atoms[first]?.letters ?? 0) === 0) continue;
    // Common case, a word then a space: a spaced-out word has pieces of at most two letters.
    const shortPieces = (atoms[first]?.raw.length ?? 0) <= 2 && (atoms[first + 1]?.raw.length ?? 0) <= 2;
    if (firstLink !== LINK_TIGHT && !shortPieces) continue;
    let raw = leet(first);
    const offsets: number[] = [];
    for (let i = 0; i < raw.length; i++) offsets.push((atoms[first]?.start ?? 0) + i);
    let letters = atoms[first]?.letters ?? 0;
    let loose = false;
    let phrase = false;
    let looseLinks = 0;
    let pieceLength = raw.length;
    let longestPiece = pieceLength;
    let firstPiece = raw;
    for (let last = first + 1; last < atoms.length; last++) {
      const link = links[last - 1] ?? 0;
      if (!link || (phrase && link === LINK_LOOSE)) break;
      const next = leet(last);
      const atom = atoms[last];
      if (!atom || raw.length + next.length > MAX_CHAIN) break;
      if (link !== LINK_TIGHT) {
        if (!loose) firstPiece = raw;
        loose = true;
        looseLinks += 1;
        pieceLength = next.length;
      } else pieceLength += next.length;
      longestPiece = Math.max(longestPiece, pieceLength);
      raw += next;
      for (let i = 0; i < next.length; i++) offsets.push(atom.start + i);
      letters += atom.letters;
      if (loose && longestPiece > 2) {
        if (looseLinks > 3 || link === LINK_LOOSE) break;
        phrase = true;
      }
      // Numbers stay numbers: a spelled-out word needs letters ("loop 10 11" is no word).
      if (letters === 0 || (loose && !phrase && letters * 2 < raw.length)) continue;
      // `offsets` only grows, so the positions of this candidate stay valid.
      out.push(candidate(raw, offsets[0] ?? 0, atom.end, first, last, offsets, phrase, lossyKey(firstPiece)));
    }
  }
}

/** Consecutive atoms of one tag starting with `first`, for terms of several words ("pre teen"). */
export function phrasesFrom(text: PreparedText, first: number): Candidate[] {
  const { atoms, folded } = text;
  const atom = atoms[first];
  const out: Candidate[] = [];
  if (!atom) return out;
  let raw = atom.raw;
  const firstKey = lossyKey(raw);
  for (let last = first + 1; last < atoms.length && last <= first + 3; last++) {
    const next = atoms[last];
    const gap = folded.slice(atoms[last - 1]?.end ?? 0, next?.start ?? 0);
    if (!next || gap.length > 3 || !/^[\s\-_.'’:]+$/u.test(gap) || gap.includes('\n')) break;
    raw += next.raw;
    out.push(candidate(raw, atom.start, next.end, first, last, null, true, firstKey));
  }
  return out;
}

/** Atoms without the digits glued to them ("1kid", "kid2", as "1girl" has them); atoms themselves are
 * looked up directly (terms.ts). */
function digitless(text: PreparedText, out: Candidate[]): void {
  text.atoms.forEach((atom, i) => {
    const { start, end, raw, leadingDigits, trailingDigits } = atom;
    if (atom.letters === 0) return;
    if (leadingDigits > 0 && leadingDigits < raw.length) {
      out.push(candidate(raw.slice(leadingDigits), start + leadingDigits, end, i, i));
    }
    if (trailingDigits > 0 && trailingDigits < raw.length) {
      out.push(candidate(raw.slice(0, raw.length - trailingDigits), start, end - trailingDigits, i, i));
    }
  });
}

interface Candidates {
  /** Digit-stripped atoms and chains (the atoms themselves are not copied into candidates). */
  all: Candidate[];
  /** Phrases starting at an atom, built when a list has a term of several words starting there. */
  phrases: Map<number, Candidate[]>;
}

/** Every candidate word of a text beyond its atoms, built once however many lists are looked up. */
export function candidatesOf(text: PreparedText): Candidates {
  let found = text.memo.candidates as Candidates | undefined;
  if (!found) {
    found = { all: [], phrases: new Map() };
    digitless(text, found.all);
    chains(text, found.all);
    text.memo.candidates = found;
  }
  return found;
}
