/** The ledger feature's public face: what other features import from it. */
export { post } from './repository.ts';
