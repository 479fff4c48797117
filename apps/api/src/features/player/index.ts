/** The player feature's public face: what other features import from it. */
export { equippedView } from './service.ts';
/** Bell notifications written in an outbox handler's transaction (the referral gains use it). */
export { createProgressRepository } from './progress-repository.ts';
