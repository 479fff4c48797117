/** The player feature's public face: what other features import from it. */
export { equippedView } from './service.ts';
