/**
 * The word lists the child-safety layer and the adulthood reading look up, compiled into one index: one
 * pass over a prompt finds the terms of every list (terms.ts, compileTermLists), and the result is kept
 * for the prompt, so each check after the first only reads it.
 */
import { compileTermLists, locateLists, type LocatedMatch } from './terms.ts';
import type { PreparedText } from './text.ts';
import {
  ADULT_NEGATION_TERMS,
  AMBIGUOUS_MINOR_TERMS,
  BODY_PAIRS,
  INNOCENT_PHRASES,
  MINOR_TERMS,
  NEGATIVE_AGE_MARKERS,
  SCHOOL_STAGE_PAIRS,
  SEXUAL_CONTEXT_TERMS,
  YOUNG_PERSON_PAIRS,
  type QualifiedNounPairs,
} from './wordlists.ts';

export const PAIR_GROUPS = {
  young: YOUNG_PERSON_PAIRS,
  school: SCHOOL_STAGE_PAIRS,
  body: BODY_PAIRS,
} as const;
export type PairKind = keyof typeof PAIR_GROUPS;

/** The list names of one qualifier + noun group: its qualifiers, its nouns, both glued ("younggirl"). */
export const pairLists = (kind: PairKind, group: number) => ({
  qualifiers: `${kind}.${group}.qualifiers`,
  nouns: `${kind}.${group}.nouns`,
  glued: `${kind}.${group}.glued`,
});

/** "younggirl", "littleboy": each qualifier glued to each noun (stems and two-word qualifiers left out). */
function gluedPairs(pairs: QualifiedNounPairs): string[] {
  const qualifiers = pairs.qualifiers.filter((word) => !word.endsWith('*') && !word.includes(' '));
  return qualifiers.flatMap((qualifier) => pairs.nouns.map((noun) => `${qualifier}${noun}`));
}

let lists: Record<string, readonly string[]> | undefined;
function safetyLists(): Record<string, readonly string[]> {
  if (!lists) {
    lists = {
      minor: MINOR_TERMS,
      innocent: INNOCENT_PHRASES,
      ambiguous: AMBIGUOUS_MINOR_TERMS,
      sexual: SEXUAL_CONTEXT_TERMS,
      adult: ADULT_NEGATION_TERMS,
      signsAlways: NEGATIVE_AGE_MARKERS.always,
      signsOfPeople: NEGATIVE_AGE_MARKERS.describingPeople,
    };
    for (const [kind, groups] of Object.entries(PAIR_GROUPS) as [PairKind, readonly QualifiedNounPairs[]][]) {
      groups.forEach((group, at) => {
        const names = pairLists(kind, at);
        lists = { ...lists, [names.qualifiers]: group.qualifiers, [names.nouns]: group.nouns };
        lists[names.glued] = gluedPairs(group);
      });
    }
  }
  return lists;
}

/** The matches of every safety list in a prepared text, by list name (computed once per text). */
export function safetyMatches(text: PreparedText): (list: string) => LocatedMatch[] {
  let byList = text.memo.safety as ((list: string) => LocatedMatch[]) | undefined;
  if (!byList) {
    byList = locateLists(text, compileTermLists(safetyLists()));
    text.memo.safety = byList;
  }
  return byList;
}
