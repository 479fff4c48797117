/** The interface language. */
export { useChangeLanguage } from './useChangeLanguage.ts';
export { useConsoleTranslations } from './useConsoleTranslations.ts';
