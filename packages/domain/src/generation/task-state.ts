/**
 * Task states (docs/product/generation.md#task-states) as the numbers the client receives in
 * Task.state, and the mapping from the pipeline's steps (Task.tasks[]: name, state) to them.
 */
export const TASK_STATE = {
  NoState: -1,
  Queue: 0,
  Generate: 1,
  Interrogate: 2,
  Validate: 3,
  Upscale: 4,
  Save: 5,
  Upload: 6,
  UpscaleOnly: 7,
  Fail: 8,
  Done: 9,
  Tweak: 10,
} as const;
export type TaskState = (typeof TASK_STATE)[keyof typeof TASK_STATE];

/**
 * Pipeline step names (docs/product/generation.md#task-states): queued, txt2img, tag, validation, upscale,
 * save, img2img save, upload, tweaks.
 */
export const PIPELINE_STEPS = [
  'queued',
  'txt2img',
  'tag',
  'validation',
  'upscale',
  'save',
  'img2img_save',
  'upload',
  'style_convert',
  'inpaint',
] as const;
export type PipelineStepName = (typeof PIPELINE_STEPS)[number];

export const STEP_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export interface PipelineStep {
  /** A known step name; anything else maps to NoState. */
  name: string;
  status: StepStatus;
}

const STATE_BY_STEP: Readonly<Record<PipelineStepName, TaskState>> = {
  queued: TASK_STATE.Queue,
  txt2img: TASK_STATE.Generate,
  tag: TASK_STATE.Interrogate,
  validation: TASK_STATE.Validate,
  upscale: TASK_STATE.Upscale,
  save: TASK_STATE.Save,
  // docs/product/generation.md#task-states: "save (including img2img save) -> Save(5)".
  img2img_save: TASK_STATE.Save,
  upload: TASK_STATE.Upload,
  style_convert: TASK_STATE.Tweak,
  inpaint: TASK_STATE.Tweak,
};

function isStepName(name: string): name is PipelineStepName {
  return (PIPELINE_STEPS as readonly string[]).includes(name);
}

/**
 * The state one step puts its task in: any failed step is Fail; a finished upload is Done; an upscale
 * step of an upscale-only job is UpscaleOnly; otherwise the step's own state; unknown names NoState.
 */
export function stateFor(step: PipelineStep, options: { upscaleOnly?: boolean } = {}): TaskState {
  if (step.status === 'failed') return TASK_STATE.Fail;
  if (!isStepName(step.name)) return TASK_STATE.NoState;
  if (step.name === 'upload' && step.status === 'done') return TASK_STATE.Done;
  if (step.name === 'upscale' && options.upscaleOnly) return TASK_STATE.UpscaleOnly;
  return STATE_BY_STEP[step.name];
}

/**
 * The state of a whole task from its steps in pipeline order.
 * Decision: the current step is the first one not yet done; when all are done the last step decides
 * (a finished upload is Done, docs/product/generation.md#task-states); no steps at all is NoState ("else").
 */
export function taskStateFromSteps(
  steps: readonly PipelineStep[],
  options: { upscaleOnly?: boolean } = {},
): TaskState {
  if (steps.some((step) => step.status === 'failed')) return TASK_STATE.Fail;
  const current = steps.find((step) => step.status !== 'done') ?? steps[steps.length - 1];
  return current ? stateFor(current, options) : TASK_STATE.NoState;
}

/**
 * Done and Fail end a task: its refund or result is settled and it is handled once
 * (docs/product/generation.md#task-states). The list is for queries (`state not in TERMINAL_STATES`); code
 * asks isTerminal.
 */
export const TERMINAL_STATES: readonly TaskState[] = [TASK_STATE.Fail, TASK_STATE.Done];

export function isTerminal(state: number): boolean {
  return (TERMINAL_STATES as readonly number[]).includes(state);
}

export function isTaskState(value: unknown): value is TaskState {
  return typeof value === 'number' && (Object.values(TASK_STATE) as number[]).includes(value);
}
