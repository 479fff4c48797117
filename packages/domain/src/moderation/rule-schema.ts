/**
 * The moderation rule's schema (zod), which the API reads its rules table with. Apart from rules.ts so that
 * the generator page, which runs moderatePrompt over rules the API already checked, does not build it or
 * load zod.
 */
import { z } from 'zod';
import { MODERATION_RULE_TYPE, MODERATION_SCOPES } from './rules.ts';

export const moderationRuleSchema = z
  .object({
    /** The table's id, or a stable name for the built-in rules (the seed's `lib`). */
    id: z.union([z.number().int(), z.string().min(1)]),
    words: z.array(z.string().trim().min(1)).min(1),
    suggestions: z.array(z.string().trim().min(1)),
    type: z.union([z.literal(MODERATION_RULE_TYPE.forbidden), z.literal(MODERATION_RULE_TYPE.suggestion)]),
    applies_to: z.enum(MODERATION_SCOPES),
  })
  .refine((rule) => rule.type === MODERATION_RULE_TYPE.forbidden || rule.suggestions.length > 0, {
    message: 'a suggestion rule needs suggestions',
    path: ['suggestions'],
  });
export type ModerationRule = z.infer<typeof moderationRuleSchema>;
