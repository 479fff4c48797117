import type { TaskView } from '@mirage/domain';

export type TaskStepView = TaskView['tasks'][number];

/**
 * The steps that run on the worker's engine: the task's step / max_step count theirs
 * (docs/product/generation.md#pipeline-steps). Queued waits, save and upload run on the API, uncounted.
 */
const ENGINE_STEPS: ReadonlySet<string> = new Set(['txt2img', 'upscale', 'style_convert', 'inpaint']);

/** The progress a step shows on the task card: the counter of the running engine step, else none. */
export function stepProgress(
  task: Pick<TaskView, 'step' | 'max_step'>,
  step: TaskStepView,
): { step: number; max: number } | null {
  if (step.state !== 'running' || !ENGINE_STEPS.has(step.name) || task.max_step <= 0) return null;
  return { step: Math.min(Math.max(task.step, 0), task.max_step), max: task.max_step };
}
