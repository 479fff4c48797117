/** The user feature's public face: what other features import from it. */
export { findAccount, lockAccountForUpdate } from './account-repository.ts';
export type { UserRepository } from './repository.ts';
