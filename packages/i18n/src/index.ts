/**
 * Interface translations: locales/<lang>/<namespace>.json for the 8 languages of
 * docs/product/accounts.md#languages. loadLocale() imports one language on demand, so a bundler emits one
 * chunk per language and the app never ships all eight up front.
 */
import { LANGUAGES, type Language } from '@mirage/domain';
import type en from '../locales/en/index.ts';

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

/** The resources of one language: namespace -> nested keys. English is the reference shape. */
export type LocaleResources = typeof en;

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

export async function loadLocale(lang: Language): Promise<LocaleResources> {
  const module = await LOADERS[lang]();
  return module.default as LocaleResources;
}

export { CONTENT_DOCS, loadContent, type ContentDoc } from './content.ts';
