import { loadContent, type ContentDoc, type Language } from '@mirage/i18n';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** The query key of one long-form document in one language; a pre-renderer may fill it before rendering. */
export const contentKey = (lang: Language, doc: ContentDoc) => ['content', lang, doc] as const;

/**
 * A long-form document (packages/i18n/content/<lang>/<doc>.json) in the interface language, loaded with the
 * page that shows it and kept for the session; undefined while it loads. The caller narrows the parsed
 * JSON to its own shape (`parse`), so a malformed file fails loudly in tests rather than rendering
 * half a page.
 */
export function useContent<T>(doc: ContentDoc, parse: (value: unknown) => T): T | undefined {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  const query = useQuery({
    queryKey: contentKey(lang, doc),
    queryFn: async () => parse(await loadContent(lang, doc)),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return query.data;
}
