import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moderationRuleFields, ruleHasSuggestionsIfNeeded } from '../../src/moderation/rule-input.ts';
import {
  isBuiltInRuleName,
  distinctRuleWords,
  isUsableRuleWord,
  MODERATION_RULE_LIMITS,
} from '../../src/moderation/rule-words.ts';
import { DEFAULT_RULES } from '../../src/moderation/rules.ts';

const schema = z.object(moderationRuleFields).refine(ruleHasSuggestionsIfNeeded);
const valid = { words: ['teapot'], suggestions: [], type: 0, applies_to: 'positive' };

describe('rule words staff may write', () => {
  it('accepts terms in any script and the matcher’s tokens', () => {
    for (const word of ['teapot', 'Früh', '灯台', 'r2d2', '{adulthood}', '{age:18-99}', '{age:30-30}']) {
      expect(isUsableRuleWord(word), word).toBe(true);
    }
  });

  it('refuses punctuation alone and braces that are no token', () => {
    for (const word of [',', ' - ', '{age:40-20}', '{age}', '{adult}', '{teapot', 'teapot}']) {
      expect(isUsableRuleWord(word), word).toBe(false);
    }
  });

  it('keeps each word once, trimmed, in the order written', () => {
    expect(distinctRuleWords([' Teapot', 'kettle', 'teapot ', '', 'KETTLE', 'cup'])).toEqual([
      'Teapot',
      'kettle',
      'cup',
    ]);
  });
});

describe('the rule input schema', () => {
  it('accepts a forbidden rule without suggestions and a suggestion rule with some', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, type: 1, suggestions: ['kettle'] }).success).toBe(true);
  });

  it.each([
    ['no words', { words: [] }],
    ['an empty word', { words: ['   '] }],
    ['a NUL byte', { words: ['tea\u0000pot'] }],
    [
      'too many words',
      { words: Array.from({ length: MODERATION_RULE_LIMITS.words + 1 }, (_, i) => `w${i}`) },
    ],
    ['a long word', { words: ['x'.repeat(MODERATION_RULE_LIMITS.wordLength + 1)] }],
    ['a suggestion rule with nothing to suggest', { type: 1 }],
    ['an unknown type', { type: 2 }],
    ['an unknown scope', { applies_to: 'title' }],
  ])('refuses %s', (_what, change) => {
    expect(schema.safeParse({ ...valid, ...change }).success).toBe(false);
  });

  it('names every built-in rule, which the seed rewrites at boot', () => {
    for (const rule of DEFAULT_RULES) expect(isBuiltInRuleName(String(rule.id))).toBe(true);
    expect(isBuiltInRuleName('negative_adult_ages')).toBe(true);
    expect(isBuiltInRuleName('a rule staff added')).toBe(false);
  });
});
