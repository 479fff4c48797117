import { moderationRuleSchema, type ModerationRule } from '@mirage/domain';

/** How long rules are kept without a change signal (a missed NOTIFY costs at most this long). */
export const MODERATION_RULES_TTL_MS = 60_000;

/**
 * The catalogue's moderation rules as prompt checks read them: they change rarely, so they are read at
 * most once a minute; a row that does not parse is left out rather than failing every generation.
 * `invalidate` drops them at once: the console's rule changes call it on this instance and, through the
 * `moderationRulesChanged` notification, on every other one (services.ts), so the next prompt check reads
 * the table again.
 */
export function cachedModerationRules(load: () => Promise<unknown[]>, now: () => Date) {
  let cache: { at: number; rules: ModerationRule[] } | null = null;
  // Bumped by invalidate: a load that began before a change must not store the rules it read.
  let generation = 0;
  const read = async (): Promise<ModerationRule[]> => {
    if (cache && now().getTime() - cache.at < MODERATION_RULES_TTL_MS) return cache.rules;
    const started = generation;
    const rules = (await load()).flatMap((row) => {
      const parsed = moderationRuleSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
    if (started === generation) cache = { at: now().getTime(), rules };
    return rules;
  };
  return Object.assign(read, {
    invalidate(): void {
      generation += 1;
      cache = null;
    },
  });
}
export type CachedModerationRules = ReturnType<typeof cachedModerationRules>;
