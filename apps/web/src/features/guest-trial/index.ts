/**
 * The guest trial on the web (docs/product/generation.md#guest-trial): the landing and promo pages' "try it"
 * section, its box loaded lazily.
 */
export { TRY_IT_ID, TryIt } from './TryIt.tsx';
