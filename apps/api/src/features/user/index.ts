/** The user feature's public face: what other features import from it. */
export { findAccount, lockAccountForUpdate } from './account-repository.ts';
export type { UserRepository } from './repository.ts';
export { createAccountDeletion, eraseAccount, registerAccountFileRemoval } from './account-deletion.ts';
export type { AccountDeletion } from './account-deletion.ts';
export { createDataExport } from './data-export.ts';
export { registerAccountDataRoutes } from './account-data-routes.ts';
