import { TASK_STATE } from '@mirage/domain';

export { TASK_STATE };
export type { JobType } from '@mirage/domain';

/** The state a leased task shows while a worker runs it, by job type (spec §4 task states). */
export const LEASED_STATE = {
  txt2img: TASK_STATE.Generate,
  upscale: TASK_STATE.UpscaleOnly,
  tweak: TASK_STATE.Tweak,
} as const;

/** A task in one of these states is finished: it never runs, charges or refunds again. */
export const FINISHED_STATES: number[] = [TASK_STATE.Fail, TASK_STATE.Done];
