/**
 * The kinds of a prompt moderation rule and its special words: plain constants in a module of their own,
 * so that a page that only names them (the staff console's rule form) does not load the matcher and its
 * word lists (rules.ts).
 */
export const MODERATION_RULE_TYPE = { forbidden: 0, suggestion: 1 } as const;
export type ModerationRuleType = (typeof MODERATION_RULE_TYPE)[keyof typeof MODERATION_RULE_TYPE];
export const MODERATION_SCOPES = ['positive', 'negative', 'all'] as const;
export type ModerationScope = (typeof MODERATION_SCOPES)[number];
export type ModerationField = 'prompt' | 'neg_prompt';

/** A rule word matching every written age from `min` to `max` years, inclusive. */
export const ageToken = (min: number, max: number): string => `{age:${min}-${max}}`;
/** A rule word matching adulthood and signs of age (adulthood.ts). */
export const ADULTHOOD_TOKEN = '{adulthood}';
