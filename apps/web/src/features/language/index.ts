/** The interface language. */
export { useChangeLanguage } from './useChangeLanguage.ts';
