import { describe, expect, it } from 'vitest';
import {
  ADULT_NEGATION_TERMS,
  DEFAULT_RULES,
  MODERATION_RULE_TYPE,
  SUGGESTION_GROUPS,
  ageToken,
  injectSuggestions,
  moderatePrompt,
  moderationRuleSchema,
} from '../../src/index.ts';
import type { ModerationRule } from '../../src/index.ts';
import { NEUTRAL_CORPUS, NEUTRAL_NEGATIVE_CORPUS } from './corpus/neutral.ts';

const positive = (prompt: string, rules: readonly ModerationRule[] = DEFAULT_RULES) =>
  moderatePrompt({ prompt, neg_prompt: '' }, rules);
const negative = (neg_prompt: string, rules: readonly ModerationRule[] = DEFAULT_RULES) =>
  moderatePrompt({ prompt: 'a lighthouse at dusk', neg_prompt }, rules);

describe('DEFAULT_RULES', () => {
  it('are valid rules with the seed names', () => {
    for (const rule of DEFAULT_RULES) expect(moderationRuleSchema.parse(rule)).toEqual(rule);
    expect(DEFAULT_RULES.map((rule) => rule.id)).toEqual([
      'suggest_yaoi',
      'suggest_yuri',
      'suggest_furry',
      'negative_adult_ages',
      'negative_adult_words',
    ]);
  });

  it.each(NEUTRAL_CORPUS)('leave the neutral prompt %j untouched', (prompt) => {
    const result = moderatePrompt({ prompt, neg_prompt: NEUTRAL_NEGATIVE_CORPUS.join(', ') }, DEFAULT_RULES);
    expect(result.forbidden).toEqual([]);
    expect(result.cleanedPrompt).toBe(prompt);
  });
});

describe('suggestions', () => {
  const cases = SUGGESTION_GROUPS.flatMap((group) => group.words.map((word) => [word, group] as const));
  it.each(cases)('suggests for %j', (word, group) => {
    const result = positive(`portrait of two knights, ${word}, rain`);
    expect(result.suggestions).toEqual([
      {
        ruleId: group.id,
        field: 'prompt',
        words: [word],
        matches: [word],
        suggestions: [...group.suggestions],
      },
    ]);
    expect(result.forbidden).toEqual([]);
  });

  it('matches tolerantly (plural, separators) and lists each word once', () => {
    const [, , animal] = SUGGESTION_GROUPS;
    const word = animal?.words[0] ?? '';
    const spaced = [...word].join('.');
    const result = positive(`${word}s in a forest, ${spaced}`);
    expect(result.suggestions[0]?.words).toEqual([word]);
    expect(result.suggestions[0]?.matches).toEqual([`${word}s`, spaced]);
  });

  it.each(SUGGESTION_GROUPS.flatMap((group) => group.suggestions.map((tag) => [group, tag] as const)))(
    'is skipped when a suggested term is already present (%#)',
    (group, tag) => {
      expect(positive(`${group.words[0]}, ${tag}, a lighthouse`).suggestions).toEqual([]);
    },
  );

  it('applies to the positive prompt only', () => {
    expect(negative(SUGGESTION_GROUPS[2]?.words[0] ?? '').suggestions).toEqual([]);
  });

  it('injectSuggestions appends the missing ones', () => {
    expect(injectSuggestions('a fox in the snow, ', ['furry', 'anthro'])).toBe(
      'a fox in the snow, furry, anthro',
    );
    expect(injectSuggestions('a fox, furry', ['furry', 'anthro'])).toBe('a fox, furry, anthro');
    expect(injectSuggestions('a fox, furry, anthro', ['furry', 'anthro'])).toBe('a fox, furry, anthro');
    expect(injectSuggestions('', ['furry'])).toBe('furry');
  });
});

describe('negative-prompt adulthood rule', () => {
  const ages = Array.from({ length: 13 }, (_, i) => 18 + i);
  const spellings = (n: number) => [`${n} years old`, `${n} yo`, `${n}yo`, `${n}-year-old`, `${n} y.o.`];
  it.each(ages.flatMap(spellings))('forbids %j in the negative prompt and deletes it', (age) => {
    const result = negative(`blurry, ${age}, watermark`);
    expect(result.forbidden).toEqual([
      expect.objectContaining({ ruleId: 'negative_adult_ages', field: 'neg_prompt', match: age }),
    ]);
    expect(result.cleanedNegPrompt).toBe('blurry, watermark');
  });

  it.each(['twenty-five years old', '25 ans', '25岁'])('forbids %j too', (age) => {
    expect(negative(age).forbidden).toHaveLength(1);
  });

  it.each(['17 years old', '31 years old', '31yo', '45 yo', '117 years old'])('does not hit %j', (age) => {
    expect(negative(`blurry, ${age}`).forbidden).toEqual([]);
  });

  it.each([...ADULT_NEGATION_TERMS.map((term) => term.replace(/\*$/, '')), 'grown-up', 'grownup', 'adults'])(
    'forbids %j',
    (word) => {
      const result = negative(`blurry, ${word}, watermark`);
      expect(result.forbidden.map((hit) => hit.match)).toEqual([word]);
      expect(result.cleanedNegPrompt).toBe('blurry, watermark');
    },
  );

  it.each([
    'old',
    'older',
    'elderly',
    'wrinkles',
    'wrinkled skin',
    'aged',
    'milf',
    'middle aged',
    'old woman',
  ])(
    'forbids the sign of age %j and deletes it (the generator cleans what the server would refuse)',
    (words) => {
      const result = negative(`blurry, ${words}, watermark`);
      expect(result.forbidden.map((hit) => hit.ruleId)).toContain('negative_adult_words');
      expect(result.cleanedNegPrompt).not.toContain(words.split(' ')[0]);
    },
  );

  it.each([
    'old photo',
    'old-fashioned style',
    'wrinkled clothes',
    'wrinkled paper',
    '12 years old',
    '40 years old',
  ])('leaves %j alone: it describes a thing, or is an age outside 18-30', (words) =>
    expect(negative(`blurry, ${words}`).forbidden).toEqual([]),
  );

  it('lists every forbidden word in text order and leaves the positive prompt alone', () => {
    const result = moderatePrompt(
      { prompt: 'a mature oak, 25 years old violinist', neg_prompt: 'adult, blurry, 20yo, m.a.t.u.r.e' },
      DEFAULT_RULES,
    );
    expect(result.forbidden.map((hit) => [hit.field, hit.match])).toEqual([
      ['neg_prompt', 'adult'],
      ['neg_prompt', '20yo'],
      ['neg_prompt', 'm.a.t.u.r.e'],
    ]);
    expect(result.cleanedPrompt).toBe('a mature oak, 25 years old violinist');
    expect(result.cleanedNegPrompt).toBe('blurry');
  });
});

describe('server rules', () => {
  const forbid = (words: string[], applies_to: ModerationRule['applies_to']): ModerationRule => ({
    id: 7,
    words,
    suggestions: [],
    type: MODERATION_RULE_TYPE.forbidden,
    applies_to,
  });

  it('forbids positive-prompt words from the server list', () => {
    const result = positive('a lighthouse, seagull, dusk', [forbid(['seagull'], 'positive')]);
    expect(result.forbidden).toEqual([
      { ruleId: 7, field: 'prompt', word: 'seagull', match: 'seagull', index: 14, length: 7 },
    ]);
    expect(result.cleanedPrompt).toBe('a lighthouse, dusk');
  });

  it('applies an "all" rule to both prompts and a scoped rule to its own', () => {
    const input = { prompt: 'seagull at dusk', neg_prompt: 'seagulls' };
    expect(moderatePrompt(input, [forbid(['seagull'], 'all')]).forbidden.map((hit) => hit.field)).toEqual([
      'prompt',
      'neg_prompt',
    ]);
    expect(moderatePrompt(input, [forbid(['seagull'], 'negative')]).cleanedPrompt).toBe('seagull at dusk');
  });

  it('understands literal age words as the API seed writes them, and age tokens', () => {
    expect(
      negative('blurry, 25 years old', [forbid(['25 years old', '25 yo'], 'negative')]).cleanedNegPrompt,
    ).toBe('blurry');
    expect(negative('40 yo', [forbid([ageToken(35, 45)], 'negative')]).forbidden).toHaveLength(1);
  });

  it('validates rules', () => {
    const valid = forbid(['seagull'], 'positive');
    expect(moderationRuleSchema.safeParse(valid).success).toBe(true);
    expect(moderationRuleSchema.safeParse({ ...valid, type: 2 }).success).toBe(false);
    expect(moderationRuleSchema.safeParse({ ...valid, words: [] }).success).toBe(false);
    expect(moderationRuleSchema.safeParse({ ...valid, applies_to: 'both' }).success).toBe(false);
    expect(moderationRuleSchema.safeParse({ ...valid, type: MODERATION_RULE_TYPE.suggestion }).success).toBe(
      false,
    );
  });
});
