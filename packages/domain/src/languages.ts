/**
 * The 8 interface languages (docs/product/accounts.md#languages), in the order the language setter lists
 * them.
 */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'ru', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * docs/product/accounts.md#languages: the language comes from the language cookie, else the browser language,
 * else English. `browserLanguages` is navigator.languages (or the Accept-Language list): "ja-JP" matches
 * "ja".
 */
export function pickLanguage(
  cookieValue: string | undefined | null,
  browserLanguages: readonly string[],
): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
