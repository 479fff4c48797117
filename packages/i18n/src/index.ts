/**
 * Interface translations: locales/<lang>/<namespace>.json for the 8 languages of
 * docs/product/accounts.md#languages. loadLocale() imports one language on demand, so a bundler emits one
 * chunk per language and the app never ships all eight up front.
 */
import { LANGUAGES, type Language } from '@mirage/domain';
import type en from '../locales/en/index.ts';
import type enConsole from '../locales/en/mod.json';

export { LANGUAGES, type Language };

export const NAMESPACES = [
  'common',
  'account',
  'settings',
  'error',
  'landing',
  'pages',
  'generator',
  'catalogue',
  'gallery',
  'image',
  'prompt',
  'player',
  'event',
  'shop',
  'referral',
  'mask',
  'tweak',
  'guide',
  'about',
  'promo',
  'legal',
  'onboarding',
  'assistant',
  'mod',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Namespaces that are not in a language's chunk but load with the one page that uses them: the staff
 * console's strings (`mod`, loadConsoleTranslations) would otherwise weigh on every visitor's first load.
 */
export const LAZY_NAMESPACES = ['mod'] as const;
/** The namespaces a language's chunk carries (loadLocale). */
export const EAGER_NAMESPACES = NAMESPACES.filter(
  (ns): ns is Exclude<Namespace, (typeof LAZY_NAMESPACES)[number]> =>
    !(LAZY_NAMESPACES as readonly string[]).includes(ns),
);

/** The resources of one language: namespace -> nested keys. English is the reference shape. */
export type LocaleResources = typeof en & { mod: typeof enConsole };

/** Each language by its own name, as the language setter lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  ru: 'Русский',
  zh: '中文',
  ja: '日本語',
};

// Plural forms differ by language (e.g. Russian has "few" and "many"), so other locales are not exactly
// English's type; test/keys.test.ts checks that every locale has the right keys.
type Loader = () => Promise<{ default: object }>;

// Literal import paths, one per language, so that bundlers can split them.
const LOADERS: Record<Language, Loader> = {
  en: () => import('../locales/en/index.ts'),
  fr: () => import('../locales/fr/index.ts'),
  de: () => import('../locales/de/index.ts'),
  es: () => import('../locales/es/index.ts'),
  it: () => import('../locales/it/index.ts'),
  ru: () => import('../locales/ru/index.ts'),
  zh: () => import('../locales/zh/index.ts'),
  ja: () => import('../locales/ja/index.ts'),
};

/** One language's chunk: every namespace but the lazy ones (LAZY_NAMESPACES). */
export async function loadLocale(lang: Language): Promise<Omit<LocaleResources, 'mod'>> {
  const module = await LOADERS[lang]();
  return module.default as Omit<LocaleResources, 'mod'>;
}

/** The staff console's strings in one language (the `mod` namespace), a chunk of their own. */
export async function loadConsoleTranslations(lang: Language): Promise<LocaleResources['mod']> {
  const module = (await import(`../locales/${lang}/mod.json`)) as { default: LocaleResources['mod'] };
  return module.default;
}

export { CONTENT_DOCS, loadContent, type ContentDoc } from './content.ts';
