/**
 * Moderation rules (docs/product/moderation.md#two-layers: words in, suggestions out, type Suggestion 1 or
 * Forbidden 0, applying to the positive, negative or both prompts) and their evaluation
 * (docs/product/moderation.md#rules): forbidden words are listed and auto-deleted; suggestions are offered
 * (with an "inject all" action) unless a suggested term is already present. The web shows the result as
 * feedback; the API runs the same function again (invariant 6).
 *
 * A rule word is a term (terms.ts: tolerant of separators, repeats, plurals, leetspeak, accents), an age
 * range token `{age:MIN-MAX}` that matches any written age in that range ("25 years old", "25yo",
 * "twenty-five year old", "25 ans", ...; see ages.ts), or `{adulthood}`: adulthood words and signs of age
 * as the child-safety layer reads them in a negative prompt (adulthood.ts), so that the generator deletes
 * them before sending instead of the server refusing the prompt.
 *
 * The child-safety layer (child-safety.ts) is NOT a rule: it cannot be edited or switched off here.
 */
import { locateAdulthood } from './adulthood.ts';
import { locateAges, type LocatedAge } from './ages.ts';
import { removeMatches } from './cleanup.ts';
import { compileTerms, matchTerms, withoutOverlaps } from './terms.ts';
import type { ModerationRule } from './rule-schema.ts';
import { prepareText, type PreparedText } from './text.ts';
import { ADULT_AGE_RANGE, SUGGESTION_GROUPS } from './wordlists.ts';
import {
  ADULTHOOD_TOKEN,
  ageToken,
  MODERATION_RULE_TYPE,
  type ModerationField,
  type ModerationScope,
} from './rule-types.ts';

export * from './rule-types.ts';

const AGE_TOKEN = /^\{age:(\d{1,3})-(\d{1,3})\}$/;

/**
 * The built-in rules of docs/product/generation.md#settings, which the API seeds into its rules table (ids
 * are the seed's stable names). The negative-prompt rules forbid negating adulthood, which steers an image
 * towards minors.
 */
export const DEFAULT_RULES: readonly ModerationRule[] = [
  ...SUGGESTION_GROUPS.map((group) => ({
    id: group.id,
    words: [...group.words],
    suggestions: [...group.suggestions],
    type: MODERATION_RULE_TYPE.suggestion,
    applies_to: 'positive' as const,
  })),
  {
    id: 'negative_adult_ages',
    words: [ageToken(ADULT_AGE_RANGE.min, ADULT_AGE_RANGE.max)],
    suggestions: [],
    type: MODERATION_RULE_TYPE.forbidden,
    applies_to: 'negative',
  },
  {
    id: 'negative_adult_words',
    words: [ADULTHOOD_TOKEN],
    suggestions: [],
    type: MODERATION_RULE_TYPE.forbidden,
    applies_to: 'negative',
  },
];

export interface WordMatch {
  /** The rule's word that matched (a term or an age token). */
  word: string;
  /** The text as the user wrote it. */
  match: string;
  index: number;
  length: number;
}

/** Every occurrence of a rule's words in a prepared text (terms tolerantly, tokens as above). */
function ruleWordsIn(text: PreparedText, words: readonly string[], ages: () => LocatedAge[]): WordMatch[] {
  const terms: string[] = [];
  const found: WordMatch[] = [];
  for (const word of words) {
    const trimmed = word.trim();
    const token = AGE_TOKEN.exec(trimmed);
    if (token) {
      const min = Number(token[1]);
      const max = Number(token[2]);
      for (const age of ages()) {
        if (age.unit === 'year' && age.value >= min && age.value <= max) {
          found.push({ word, match: age.match, index: age.index, length: age.length });
        }
      }
    } else if (trimmed === ADULTHOOD_TOKEN) {
      for (const { match, index, length } of locateAdulthood(text, { signsOfAge: true, ages: ages() })) {
        found.push({ word, match, index, length });
      }
    } else terms.push(word);
  }
  if (terms.length > 0) {
    for (const { term, match, index, length } of matchTerms(text, compileTerms(terms))) {
      found.push({ word: term, match, index, length });
    }
  }
  return withoutOverlaps(found);
}

/** Every occurrence of a rule's words in a text (terms tolerantly, age and adulthood tokens by meaning). */
export function findRuleWords(text: string, words: readonly string[]): WordMatch[] {
  if (!text) return [];
  const prepared = prepareText(text);
  let ages: LocatedAge[] | undefined;
  return ruleWordsIn(prepared, words, () => (ages ??= locateAges(prepared)));
}

export interface ForbiddenWord extends WordMatch {
  ruleId: ModerationRule['id'];
  field: ModerationField;
}

export interface SuggestionHit {
  ruleId: ModerationRule['id'];
  field: ModerationField;
  /** The rule's words that were found (each once). */
  words: string[];
  /** The text that matched, as the user wrote it. */
  matches: string[];
  /** The terms to suggest (the "inject all" action adds them all). */
  suggestions: string[];
}

export interface ModerationResult {
  forbidden: ForbiddenWord[];
  suggestions: SuggestionHit[];
  /** The positive prompt with its forbidden words auto-deleted (spacing and commas tidied). */
  cleanedPrompt: string;
  /** The negative prompt with its forbidden words auto-deleted (spacing and commas tidied). */
  cleanedNegPrompt: string;
}

export interface ModerationInput {
  prompt?: string | null;
  neg_prompt?: string | null;
}

const FIELDS: readonly { field: ModerationField; scope: ModerationScope }[] = [
  { field: 'prompt', scope: 'positive' },
  { field: 'neg_prompt', scope: 'negative' },
];

const appliesTo = (rule: ModerationRule, scope: ModerationScope) =>
  rule.applies_to === 'all' || rule.applies_to === scope;

/**
 * Applies the rules to both prompts. Forbidden words are reported (in text order, per field) and deleted
 * from the cleaned prompts; a suggestion rule is reported when one of its words is present and none of
 * its suggestions is. The prompts themselves are not trimmed beyond the tidying of deleted words.
 */
export function moderatePrompt(input: ModerationInput, rules: readonly ModerationRule[]): ModerationResult {
  const result: ModerationResult = {
    forbidden: [],
    suggestions: [],
    cleanedPrompt: '',
    cleanedNegPrompt: '',
  };
  for (const { field, scope } of FIELDS) {
    const text = input[field] ?? '';
    const prepared = prepareText(text);
    let ages: LocatedAge[] | undefined;
    const agesOnce = () => (ages ??= locateAges(prepared));
    const forbidden: ForbiddenWord[] = [];
    for (const rule of rules) {
      if (!appliesTo(rule, scope)) continue;
      const found = text ? ruleWordsIn(prepared, rule.words, agesOnce) : [];
      if (found.length === 0) continue;
      if (rule.type === MODERATION_RULE_TYPE.forbidden) {
        forbidden.push(...found.map((hit) => ({ ruleId: rule.id, field, ...hit })));
      } else if (ruleWordsIn(prepared, rule.suggestions, agesOnce).length === 0) {
        result.suggestions.push({
          ruleId: rule.id,
          field,
          words: [...new Set(found.map((hit) => hit.word))],
          matches: found.map((hit) => hit.match),
          suggestions: [...rule.suggestions],
        });
      }
    }
    const kept = withoutOverlaps(forbidden);
    result.forbidden.push(...kept);
    const cleaned = kept.length > 0 ? removeMatches(text, kept) : text;
    if (field === 'prompt') result.cleanedPrompt = cleaned;
    else result.cleanedNegPrompt = cleaned;
  }
  return result;
}

/**
 * The "inject all" action: appends to the prompt every suggested term it does not already contain,
 * comma-separated. Returns the prompt unchanged when nothing is missing.
 */
export function injectSuggestions(prompt: string, suggestions: readonly string[]): string {
  const prepared = prepareText(prompt);
  const missing = [...new Set(suggestions.map((term) => term.trim()))].filter(
    (term) => term && matchTerms(prepared, compileTerms([term])).length === 0,
  );
  if (missing.length === 0) return prompt;
  const base = prompt.replace(/[\s,]+$/, '');
  return base ? `${base}, ${missing.join(', ')}` : missing.join(', ');
}
