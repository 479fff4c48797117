/**
 * The words of a moderation rule as staff write them in the console
 * (docs/product/moderation-console.md#moderation-rules): the limits and checks that keep a typo or a pasted
 * list from becoming a rule that matches everything or slows every prompt check. No zod here, so that the
 * console's form can use them without loading it (rule-input.ts builds the request schema from them).
 */
import { ADULTHOOD_TOKEN } from './rule-types.ts';
import { DEFAULT_RULES } from './rules.ts';

export const MODERATION_RULE_LIMITS = {
  /** Words of one rule: every prompt check matches each of them, so a pasted dictionary is refused. */
  words: 200,
  suggestions: 50,
  /** Characters of one word or suggestion. */
  wordLength: 100,
} as const;

const AGE_TOKEN = /^\{age:(\d{1,3})-(\d{1,3})\}$/;

/**
 * Whether a rule word can be matched as written: a term needs a letter or digit (a lone comma or space
 * would match everywhere), and a word in braces must be one of the tokens the matcher knows
 * (`{age:MIN-MAX}` with MIN ≤ MAX, or `{adulthood}`), not a typo that silently matches nothing.
 */
export function isUsableRuleWord(word: string): boolean {
  const trimmed = word.trim();
  if (trimmed.startsWith('{') || trimmed.endsWith('}')) {
    if (trimmed === ADULTHOOD_TOKEN) return true;
    const age = AGE_TOKEN.exec(trimmed);
    return age !== null && Number(age[1]) <= Number(age[2]);
  }
  return /[\p{L}\p{N}]/u.test(trimmed);
}

/** The words once each (compared case-insensitively, trimmed), in the order written. */
export function distinctRuleWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const word of words) {
    const trimmed = word.trim();
    const key = trimmed.toLocaleLowerCase('en');
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
  }
  return kept;
}

/**
 * Whether a rule is one of the built-in ones, by its stable name (the seed rewrites them at every boot:
 * edit them in code, not in the console). A function, not a set built on load: a page that imports this
 * module for its word checks then does not carry the built-in rules' word lists.
 */
export function isBuiltInRuleName(name: string): boolean {
  return DEFAULT_RULES.some((rule) => String(rule.id) === name);
}
