/** The worker feature's public face: what other features import from it. */
export type { WorkerRepository } from './repository.ts';
export { newWorkerToken, type WorkerAuth } from './service.ts';
