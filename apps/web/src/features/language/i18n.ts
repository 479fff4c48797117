/**
 * i18next setup. One locale is loaded at a time, lazily (one chunk per language); switching loads the
 * new one on demand. The <html lang> attribute follows the language.
 */
import {
  COOKIE,
  COOKIE_DAYS,
  DEFAULT_LANGUAGE,
  LANGUAGE_PARAM,
  pickLanguage,
  requestedLanguage,
  type Language,
} from '@mirage/domain';
import { EAGER_NAMESPACES, loadLocale } from '@mirage/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from '../cookie/index.ts';

/**
 * docs/product/accounts.md#languages: the language cookie, else the browser language, else English — and
 * above them `?lang=<code>`, the address of one language version of a page (docs/product/routes.md#search-engines),
 * which the visitor thereby chooses: it is kept in the language cookie like a choice in the settings.
 */
export function initialLanguage(): Language {
  const requested = requestedLanguage(window.location.search);
  if (requested) {
    setCookie(COOKIE.language, requested, COOKIE_DAYS.version);
    return requested;
  }
  return pickLanguage(getCookie(COOKIE.language), navigator.languages);
}

async function loadWithFallback(lang: Language) {
  try {
    return { lang, resources: await loadLocale(lang) };
  } catch {
    // A failed chunk load (flaky network): one retry, then English.
    try {
      return { lang, resources: await loadLocale(lang) };
    } catch {
      return { lang: DEFAULT_LANGUAGE, resources: await loadLocale(DEFAULT_LANGUAGE) };
    }
  }
}

export async function initI18n(requested: Language): Promise<void> {
  const { lang, resources } = await loadWithFallback(requested);
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    ns: [...EAGER_NAMESPACES],
    defaultNS: 'common',
    resources: { [lang]: resources },
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    react: { useSuspense: false },
  });
  document.documentElement.lang = lang;
}

/** Loads (if needed) and switches to a language, and remembers it in the language cookie for 1 year. */
export async function applyLanguage(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'common')) {
    const resources = await loadLocale(lang);
    for (const ns of EAGER_NAMESPACES) i18next.addResourceBundle(lang, ns, resources[ns], true, true);
  }
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
  setCookie(COOKIE.language, lang, COOKIE_DAYS.version);
  // An address that names a language version (?lang=) follows the new choice, or a reload would undo it.
  // Replaced in place, with the router's own history state, so the router's history is left as it was.
  const url = new URL(window.location.href);
  if (url.searchParams.has(LANGUAGE_PARAM) && url.searchParams.get(LANGUAGE_PARAM) !== lang) {
    url.searchParams.set(LANGUAGE_PARAM, lang);
    window.history.replaceState(window.history.state, '', url);
  }
}
