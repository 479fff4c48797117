/** The catalogue feature's public face: what other features import from it. */
export { findBoosters, findStyle, findStyleByLib, listStyleLibs } from './repository.ts';
export type { GenerationBooster, GenerationStyle } from './repository.ts';
