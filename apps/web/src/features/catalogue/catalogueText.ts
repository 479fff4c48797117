/**
 * Translated names of the catalogue (namespace `catalogue`): styles, boosters and booster categories by
 * their lib, preset path segments and preset titles by a slug of the English text. A name the locale
 * files do not know yet (a style added on the server today) falls back to the English lib text.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** "Sci-Fi" -> "sci_fi", "Greenhouse café" -> "greenhouse_cafe". */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** "anime_modern" -> "Anime modern": a readable fallback for a lib without a translation. */
export function humanise(lib: string): string {
  const text = lib.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type CatalogueGroup = 'style' | 'category' | 'booster' | 'preset_path' | 'preset';

export interface CatalogueText {
  style: (lib: string) => string;
  category: (lib: string) => string;
  booster: (lib: string) => string;
  /** One segment of a preset path ("Mountains"). */
  pathSegment: (segment: string) => string;
  /** A preset's title from its English lib. */
  preset: (lib: string) => string;
}

export function useCatalogueText(): CatalogueText {
  const { i18n } = useTranslation('catalogue');
  const language = i18n.language;
  const lookup = useCallback(
    (group: CatalogueGroup, key: string, fallback: string): string => {
      const value: unknown = i18n.getResource(language, 'catalogue', `${group}.${key}`);
      return typeof value === 'string' && value ? value : fallback;
    },
    [i18n, language],
  );
  return useMemo(
    () => ({
      style: (lib) => lookup('style', lib, humanise(lib)),
      category: (lib) => lookup('category', lib, humanise(lib)),
      booster: (lib) => lookup('booster', lib, humanise(lib)),
      pathSegment: (segment) => lookup('preset_path', slug(segment), segment),
      preset: (lib) => lookup('preset', slug(lib), lib),
    }),
    [lookup],
  );
}
