import { DEFAULT_LANGUAGE, type Language } from '@mirage/domain';
import { loadConsoleTranslations } from '@mirage/i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const NAMESPACE = 'mod';

/** The console's strings in `lang`; after a failed chunk load, one retry, then English's. */
async function loadWithFallback(lang: Language) {
  try {
    return await loadConsoleTranslations(lang);
  } catch {
    try {
      return await loadConsoleTranslations(lang);
    } catch {
      return loadConsoleTranslations(DEFAULT_LANGUAGE);
    }
  }
}

/**
 * The staff console's strings (the `mod` namespace, packages/i18n LAZY_NAMESPACES) in the interface
 * language: they load with the console's page, not with every visitor's language chunk, and again when
 * the language changes on that page. True once they are in.
 */
export function useConsoleTranslations(): boolean {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  useEffect(() => {
    if (i18n.hasResourceBundle(lang, NAMESPACE)) return;
    let cancelled = false;
    void loadWithFallback(lang).then((resources) => {
      i18n.addResourceBundle(lang, NAMESPACE, resources, true, true);
      if (!cancelled) setLoadedFor(lang);
    });
    return () => {
      cancelled = true;
    };
  }, [i18n, lang]);
  return loadedFor === lang || i18n.hasResourceBundle(lang, NAMESPACE);
}
