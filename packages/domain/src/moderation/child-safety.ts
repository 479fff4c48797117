/**
 * The hard child-safety layer (DESIGN.md invariant 7). It is not a moderation rule: it reads only the
 * constants of wordlists.ts, takes no options, and nothing in configuration or in the rules table can
 * switch it off or loosen it. The API runs it on every prompt it accepts, whatever the client sent.
 *
 * Policy (each decision is pinned by a test):
 * - Any explicit minor indicator in the POSITIVE prompt is refused outright, with no need for a sexual
 *   word: every image on this adult service may be sexual (style, render and boosters carry that, not
 *   the words), so "a minor" plus "anything" is already the combination to refuse.
 *   Indicators: a minor term (`minor_term`: child, kid, teen, loli, ... in the 8 languages), a written
 *   age under 18 (`minor_age`: "12 years old", "12yo", "aged twelve", "12 ans", "12歳", "18 months old",
 *   ...), and a qualifier making a person noun a child (`young_person`: "young girl", "little boy",
 *   "petite fille", "kleines Mädchen"; also "young" alone as a tag beside "1girl").
 * - Words that usually but not always denote a child (baby, cub, juvenile, ...) are refused only when
 *   the same prompt also carries a sexual-context word (`minor_context`): "baby elephant" stays allowed.
 * - Negating adulthood counts as a minor indicator (`adult_negated`): adulthood words ("adult", "mature",
 *   "grown up", ...) or ages 18-30 in the NEGATIVE prompt, or with a negative weight in the positive
 *   prompt ("(adult:-1)").
 * - Minor terms and minor ages in the NEGATIVE prompt are allowed: they steer images away from minors.
 * - "girl", "boy", "young woman", "young man", "petite", "minor" (minor key) and ages 18+ are allowed.
 * - The result is machine-readable. `reasons` may be shown or logged; `findings` (which quote the
 *   prompt) are for the moderation log only, never for an error sent to the user.
 */
import { findAges } from './ages.ts';
import { findTerms } from './normalise.ts';
import type { TermMatch } from './normalise.ts';
import type { ModerationField, ModerationInput } from './rules.ts';
import {
  ADULT_AGE_RANGE,
  ADULT_NEGATION_TERMS,
  AMBIGUOUS_MINOR_TERMS,
  MINOR_AGE_LIMIT,
  MINOR_TERMS,
  SEXUAL_CONTEXT_TERMS,
  YOUNG_PERSON_PAIRS,
} from './wordlists.ts';

export const CHILD_SAFETY_REASONS = [
  'minor_term',
  'minor_age',
  'young_person',
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

/** What separates tags or sentences: a qualifier never pairs with a noun across one of these. */
const TAG_BREAK = /[,;!?|()[\]{}<>\n]|\.\s/;
const TAG_DELIMITER = /[,;|\n]/;
/** Weight syntax and brackets around a tag: "(young:1.2)", "[young]". */
const TAG_DECORATION = /[\s()[\]{}]|:\s*-?\d*\.?\d+/g;
/** A weighted group with a negative weight in the positive prompt: "(adult:-1)". */
const NEGATIVE_WEIGHT = /\(([^()]*):\s*-\s*\d*\.?\d+\s*\)/g;

/** True when the match is a whole comma-separated tag, weight syntax aside ("1girl, young, ..."). */
function isWholeTag(text: string, match: TermMatch): boolean {
  const before = text.slice(0, match.index).split(TAG_DELIMITER).at(-1) ?? '';
  const after = text.slice(match.index + match.length).split(TAG_DELIMITER)[0] ?? '';
  return before.replace(TAG_DECORATION, '') === '' && after.replace(TAG_DECORATION, '') === '';
}

/** Qualifier + noun of the same language: adjacent (up to two words between) or the qualifier as a tag. */
function youngPersonMatches(text: string): TermMatch[] {
  const found: TermMatch[] = [];
  for (const pair of YOUNG_PERSON_PAIRS) {
    const qualifiers = findTerms(text, pair.qualifiers);
    if (qualifiers.length === 0) continue;
    const nouns = findTerms(text, pair.nouns);
    for (const qualifier of qualifiers) {
      const end = qualifier.index + qualifier.length;
      const standalone = isWholeTag(text, qualifier);
      const noun = nouns.find((candidate) => {
        if (candidate.index < end && candidate.index + candidate.length > qualifier.index) return false;
        if (standalone) return true;
        if (candidate.index < end) return false;
        const gap = text.slice(end, candidate.index);
        return !TAG_BREAK.test(gap) && gap.split(/[\s_-]+/).filter(Boolean).length <= 2;
      });
      if (noun) found.push(qualifier);
    }
  }
  return found;
}

/** Adulthood in a text: the adulthood words and ages 18-30. */
function adulthoodMatches(text: string): { match: string; index: number; length: number }[] {
  const ages = findAges(text).filter(
    (age) => age.unit === 'year' && age.value >= ADULT_AGE_RANGE.min && age.value <= ADULT_AGE_RANGE.max,
  );
  return [...findTerms(text, ADULT_NEGATION_TERMS), ...ages];
}

/** Adulthood inside negatively weighted groups of the positive prompt ("(adult:-1)"). */
function negativelyWeightedAdulthood(text: string): { match: string; index: number; length: number }[] {
  const found: { match: string; index: number; length: number }[] = [];
  for (const group of text.matchAll(NEGATIVE_WEIGHT)) {
    const inner = group[1] ?? '';
    if (adulthoodMatches(inner).length > 0) {
      found.push({ match: group[0], index: group.index, length: group[0].length });
    }
  }
  return found;
}

/** A prompt as text; whatever else a modified client sent is checked as its JSON, never skipped. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

/**
 * Checks both prompts against the child-safety policy above. Takes the prompts only: there is no option,
 * flag or rule that turns any part of it off.
 */
export function checkChildSafety(input: ModerationInput): ChildSafetyResult {
  const prompt = asText(input.prompt);
  const negPrompt = asText(input.neg_prompt);
  const findings: ChildSafetyFinding[] = [];
  const add = (
    reason: ChildSafetyReason,
    field: ModerationField,
    hits: readonly { match: string; index: number; length: number }[],
  ) => {
    for (const { match, index, length } of hits) findings.push({ reason, field, match, index, length });
  };

  add('minor_term', 'prompt', findTerms(prompt, MINOR_TERMS));
  add(
    'minor_age',
    'prompt',
    findAges(prompt).filter((age) => age.years < MINOR_AGE_LIMIT),
  );
  add('young_person', 'prompt', youngPersonMatches(prompt));
  const ambiguous = findTerms(prompt, AMBIGUOUS_MINOR_TERMS);
  if (ambiguous.length > 0 && findTerms(prompt, SEXUAL_CONTEXT_TERMS).length > 0) {
    add('minor_context', 'prompt', ambiguous);
  }
  add('adult_negated', 'prompt', negativelyWeightedAdulthood(prompt));
  add('adult_negated', 'neg_prompt', adulthoodMatches(negPrompt));

  const reasons = CHILD_SAFETY_REASONS.filter((reason) => findings.some((found) => found.reason === reason));
  return { blocked: findings.length > 0, reasons, findings };
}
