/** The task feature's public face: what other features import from it. */
export { isJobKindName, jobKind } from './kinds/index.ts';
export type { LeasedTaskCache } from './leased-tasks.ts';
export type { TaskLifecycle } from './lifecycle.ts';
export type { QueueRepository } from './queue-repository.ts';
