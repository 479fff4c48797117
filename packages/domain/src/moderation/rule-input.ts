/**
 * A moderation rule as staff write it in the console (docs/product/moderation-console.md#moderation-rules):
 * the limits and checks that keep a typo or a pasted list from becoming a rule that matches everything,
 * slows every prompt check, or cannot be stored. The child-safety layer is not a rule and has no input here.
 */
import { z } from 'zod';
import { safeText } from '../input.ts';
import { MODERATION_RULE_TYPE, MODERATION_SCOPES } from './rules.ts';
import { isUsableRuleWord, MODERATION_RULE_LIMITS } from './rule-words.ts';

const ruleWord = safeText()
  .trim()
  .min(1)
  .max(MODERATION_RULE_LIMITS.wordLength)
  .refine(isUsableRuleWord, 'not a usable word');

/**
 * A rule's fields as the console sends them; every failure answers `validation_error` with the field. The
 * contract builds its bodies from these (with `ruleHasSuggestionsIfNeeded` as a refinement); the service
 * stores the words through `distinctRuleWords`.
 */
export const moderationRuleFields = {
  words: z.array(ruleWord).min(1).max(MODERATION_RULE_LIMITS.words).describe('Words or tokens to match'),
  suggestions: z
    .array(ruleWord)
    .max(MODERATION_RULE_LIMITS.suggestions)
    .default([])
    .describe('Terms offered instead (suggestion rules)'),
  type: z
    .union([z.literal(MODERATION_RULE_TYPE.forbidden), z.literal(MODERATION_RULE_TYPE.suggestion)])
    .describe('0 forbidden (deleted from the prompt), 1 suggestion'),
  applies_to: z.enum(MODERATION_SCOPES).describe('Which prompt the rule reads'),
};

/** A suggestion rule needs something to suggest; a forbidden rule suggests nothing it needs. */
export function ruleHasSuggestionsIfNeeded(rule: { type: number; suggestions: readonly string[] }): boolean {
  return rule.type === MODERATION_RULE_TYPE.forbidden || rule.suggestions.length > 0;
}
