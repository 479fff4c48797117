import { moderationRuleSchema, type ModerationRule } from '@mirage/domain';

/**
 * The catalogue's moderation rules as the task service reads them: they change rarely, so they are read
 * at most once a minute; a row that does not parse is left out rather than failing every generation.
 */
export function cachedModerationRules(load: () => Promise<unknown[]>, now: () => Date) {
  let cache: { at: number; rules: ModerationRule[] } | null = null;
  return async (): Promise<ModerationRule[]> => {
    if (cache && now().getTime() - cache.at < 60_000) return cache.rules;
    const rules = (await load()).flatMap((row) => {
      const parsed = moderationRuleSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
    cache = { at: now().getTime(), rules };
    return rules;
  };
}
