/**
 * The hard child-safety layer (invariant 7 in docs/architecture.md#invariants). It is not a moderation rule:
 * it reads only the constants of wordlists.ts, takes no switch, and nothing in configuration or in the rules
 * table can turn it off or loosen it. The API runs it on every prompt it accepts, whatever the client sent.
 *
 * The steps: normalise and tokenise once (text.ts) -> terms on word boundaries and stems inside words
 * (terms.ts, word-shapes.ts) -> ages, grades, school stages, shorthands and birth years (ages.ts,
 * minor-markers.ts) -> the weight of each word (emphasis.ts) -> both prompts.
 *
 * Policy (each decision is pinned by a test):
 * - Any minor indicator in the POSITIVE prompt is refused outright, with no need for a sexual word: every
 *   image on this adult service may be sexual (style, render and boosters carry that, not the words), so
 *   "a minor" plus "anything" is already the combination to refuse. Indicators: a minor term or a minor
 *   stem inside a word (`minor_term`), an age under 18 however bounded or spelled, a birthday or decade
 *   (`minor_age`), a qualifier that makes a person a child (`young_person`) or a body a child's
 *   (`child_body`), a school grade, stage or shorthand (`school_stage`), a birth year under 18 years ago
 *   (`birth_year`). Whatever the weight: "(child:0)" is refused too.
 * - Words that usually but not always denote a child (baby, cub, ...) are refused only when the same
 *   prompt also carries a sexual-context word (`minor_context`): "baby elephant" stays allowed.
 * - Steering away from adulthood counts as a minor indicator (`adult_negated`): adulthood words, ages 18-30
 *   and signs of age in the NEGATIVE prompt (adulthood.ts), and adulthood weighted below 1 in the positive
 *   prompt ("(adult:0.1)", "[adult]", "(25 years old:-1)", "adult-").
 * - Minor indicators in the NEGATIVE prompt are allowed (they steer away from minors), unless weighted
 *   below zero there, which turns them into a request for a minor.
 * - "girl", "boy", "young woman", "petite", "minor" (minor key), ages 18+ and things with an age ("a 12
 *   year old whisky") are allowed.
 * - The result is machine-readable. `reasons` may be shown or logged; `findings` (which quote the prompt)
 *   are for the moderation log only, never for an error sent to the user.
 */
import { locateAdulthood } from './adulthood.ts';
import { locateAges, type LocatedAge } from './ages.ts';
import { emphasisOf, weightOf } from './emphasis.ts';
import { findMinorMarkers } from './minor-markers.ts';
import type { ModerationField, ModerationInput } from './rules.ts';
import { safetyMatches } from './safety-lists.ts';
import type { LocatedMatch } from './terms.ts';
import { nextWord, originalSpan, prepareText, wordKeys, type PreparedText, type Span } from './text.ts';
import { qualifiedNouns, schoolAbbreviations, stemsInWords } from './word-shapes.ts';
import { AGED_THINGS, LINKING_WORDS, MINOR_AGE_LIMIT, PERSON_NOUNS } from './wordlists.ts';

export const CHILD_SAFETY_REASONS = [
  'minor_term',
  'minor_age',
  'young_person',
  'child_body',
  'school_stage',
  'birth_year',
  'minor_context',
  'adult_negated',
] as const;
export type ChildSafetyReason = (typeof CHILD_SAFETY_REASONS)[number];

export interface ChildSafetyFinding {
  reason: ChildSafetyReason;
  field: ModerationField;
  /** The prompt text that triggered the finding: for the moderation log ONLY. */
  match: string;
  index: number;
  length: number;
}

export interface ChildSafetyResult {
  blocked: boolean;
  /** Distinct reasons, in the order of CHILD_SAFETY_REASONS. */
  reasons: ChildSafetyReason[];
  /** Log-side detail; never echo these words back to the user. */
  findings: ChildSafetyFinding[];
}

interface Indicator extends Span {
  reason: ChildSafetyReason;
}

let agedThings: Set<string> | undefined;
let persons: Set<string> | undefined;
let linking: Set<string> | undefined;

/**
 * "a 12 year old whisky", "a 15 year old single malt", "a decade-old car": the age ending at `to` (folded
 * text) describes a thing one or two words on, and no person follows that thing.
 */
function describesThing(text: PreparedText, to: number): boolean {
  agedThings ??= wordKeys(AGED_THINGS);
  persons ??= wordKeys(PERSON_NOUNS);
  linking ??= wordKeys(LINKING_WORDS);
  const first = nextWord(text, to);
  if (!first || persons.has(first.key)) return false;
  let thing = first;
  if (!agedThings.has(first.key)) {
    if (linking.has(first.key)) return false;
    const second = nextWord(text, text.atoms[first.atom]?.end ?? 0);
    if (!second || !agedThings.has(second.key)) return false;
    thing = second;
  }
  const after = nextWord(text, text.atoms[thing.atom]?.end ?? 0);
  return !after || !persons.has(after.key);
}

/** Drops the matches that lie inside an innocent phrase ("kid gloves", "a newborn star"). */
const outsideInnocent = (innocent: readonly LocatedMatch[]) => (hit: LocatedMatch) =>
  !innocent.some((phrase) => phrase.from <= hit.from && phrase.to >= hit.to);

/** Every minor indicator of a text (the positive-prompt policy above). */
function minorIndicators(text: PreparedText, ages: LocatedAge[], currentYear: number): Indicator[] {
  const found: Indicator[] = [];
  const add = (reason: ChildSafetyReason, hits: readonly Span[]) => {
    for (const { match, index, length } of hits) found.push({ reason, match, index, length });
  };
  const lists = safetyMatches(text);
  const innocent = outsideInnocent(lists('innocent'));
  add('minor_term', lists('minor').filter(innocent));
  add('minor_term', stemsInWords(text).filter(innocent));
  add(
    'minor_age',
    ages.filter((age) => age.years < MINOR_AGE_LIMIT && !describesThing(text, age.to)),
  );
  for (const marker of findMinorMarkers(text.folded, currentYear)) {
    if (marker.reason === 'minor_age' && describesThing(text, marker.to)) continue;
    add(marker.reason, [originalSpan(text, marker.from, marker.to)]);
  }
  add('young_person', qualifiedNouns(text, 'young', { standaloneQualifier: true }));
  add('school_stage', qualifiedNouns(text, 'school', { standaloneQualifier: false }));
  add('school_stage', schoolAbbreviations(text));
  add('child_body', qualifiedNouns(text, 'body', { standaloneQualifier: false }));
  const ambiguous = lists('ambiguous');
  if (ambiguous.length > 0 && lists('sexual').length > 0) {
    add('minor_context', ambiguous);
  }
  return found;
}

/** A prompt as text; whatever else a modified client sent is checked as its JSON, never skipped. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

/** A negative number as a weight: "(x:-1)", "a :-0.5 AND b". */
const NEGATIVE_WEIGHT = /:\s*-\s*\d*\.?\d/;

/**
 * Checks both prompts against the child-safety policy above. Takes the prompts only (the year is the
 * clock, for birth years): there is no option, flag or rule that turns any part of it off.
 */
export function checkChildSafety(
  input: ModerationInput,
  currentYear: number = new Date().getUTCFullYear(),
): ChildSafetyResult {
  const findings: ChildSafetyFinding[] = [];
  const add = (field: ModerationField, hits: readonly Indicator[]) => {
    for (const { reason, match, index, length } of hits)
      findings.push({ reason, field, match, index, length });
  };

  const promptText = asText(input.prompt);
  const prompt = prepareText(promptText);
  const promptAges = locateAges(prompt);
  add('prompt', minorIndicators(prompt, promptAges, currentYear));
  const adulthood = locateAdulthood(prompt, {
    signsOfAge: false,
    ages: promptAges,
    lists: safetyMatches(prompt),
  });
  if (adulthood.length > 0) {
    const weights = emphasisOf(promptText);
    const weighedDown = adulthood.filter((hit) => weightOf(weights, hit.index, hit.length) < 1);
    add(
      'prompt',
      weighedDown.map((hit) => ({ ...hit, reason: 'adult_negated' as const })),
    );
  }

  const negText = asText(input.neg_prompt);
  if (negText) {
    const neg = prepareText(negText);
    const negAges = locateAges(neg);
    const negLists = safetyMatches(neg);
    const signs = locateAdulthood(neg, {
      signsOfAge: true,
      ages: negAges,
      lists: negLists,
      ignore: negLists('minor'),
    });
    add(
      'neg_prompt',
      signs.map((hit) => ({ ...hit, reason: 'adult_negated' as const })),
    );
    if (NEGATIVE_WEIGHT.test(negText)) {
      const weights = emphasisOf(negText);
      const inverted = minorIndicators(neg, negAges, currentYear).filter(
        (hit) => weightOf(weights, hit.index, hit.length) < 0,
      );
      add('neg_prompt', inverted);
    }
  }

  findings.sort((a, b) => (a.field === b.field ? a.index - b.index : a.field === 'prompt' ? -1 : 1));
  const unique = findings.filter(
    (finding, i) =>
      findings.findIndex(
        (other) =>
          other.field === finding.field &&
          other.reason === finding.reason &&
          other.index === finding.index &&
          other.length === finding.length,
      ) === i,
  );
  const reasons = CHILD_SAFETY_REASONS.filter((reason) => unique.some((found) => found.reason === reason));
  return { blocked: unique.length > 0, reasons, findings: unique };
}
