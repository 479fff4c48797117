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

/**
 * The languages of an Accept-Language header, most wanted first (RFC 9110 §12.5.4): the server's stand-in
 * for navigator.languages. Weights out of range or unreadable count as 1; `q=0` means "not this one".
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters
        .map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1])
        .find((value) => value !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) && weight <= 1 ? weight : 1, order };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((entry) => entry.tag);
}
