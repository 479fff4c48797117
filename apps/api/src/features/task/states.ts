export type { JobType } from '@mirage/domain';

/** Task state numbers the server writes (spec §4 task states); the domain owns the full table. */
export const TASK_STATE_LEASED = { txt2img: 1, upscale: 7, tweak: 10 } as const;
export const TASK_STATE_DB = { queued: 0, save: 5, failed: 8, done: 9 } as const;
