/**
 * The local generation store (./localGenerations.ts, with `idb`), loaded on first use: no part of the first
 * load, nor of the pages sharing this feature's chunk (the tweak studio) that do not keep tasks.
 */
export const loadLocalGenerations = () => import('./localGenerations.ts');
