/** The ledger feature's public face: what other features import from it. */
export { accountBalances, post } from './repository.ts';
