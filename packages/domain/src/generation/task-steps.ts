import type { JobType } from './job.ts';
import { TASK_STATE, type PipelineStepName, type StepStatus } from './task-state.ts';

/**
 * The pipeline steps of one task (Task.tasks[]: name, state; docs/product/generation.md#pipeline-steps),
 * derived from what the server knows about it: its job type, its task state, and the worker's progress
 * counter. Pure: the API maps every TaskView through it, the web its optimistic placeholder.
 */
export interface TaskStep {
  name: PipelineStepName;
  state: StepStatus;
}

export interface TaskStepFacts {
  type: JobType;
  /** A txt2img job with the model upscale (job.upscale set); ignored for other types. */
  upscale: boolean;
  /**
   * The job's sampler steps (first pass plus hires pass). Engines that count the model upscale on their
   * progress counter (ComfyUI, A1111) count it after these, as its last unit: a counter past them means
   * the upscale is running.
   */
  samplingSteps: number;
  /** The task's TASK_STATE number. */
  state: number;
  /** The worker's progress counter (0 / 0 until its first report of an attempt). */
  step: number;
  max: number;
  /** A worker leased the task at least once (started_at set): a failure before that failed in the queue. */
  leased: boolean;
}

/**
 * Which steps each kind goes through, in order. Only what the task really does:
 * - queued: waiting in the queue (every kind);
 * - txt2img / style_convert / inpaint / upscale: the worker's engine run (sampling, hires pass); a txt2img
 *   with the model upscale has an upscale step after txt2img, run by the same engine at the end of its run;
 * - save (img2img_save for a tweak, as the spec names it): the result sent to the API, checked against the
 *   job, watermarked and encoded (one call to `complete`);
 * - upload: its files written to the object store and the image (with its tags) stored; its success is
 *   the task's Done, as in the spec ("successful upload -> Done").
 * Not listed: `tag` (tags come from the prompt while the image is stored, within upload: there is no
 * interrogation) and `validation` (the image-side safety check runs after the task is Done, on the image,
 * not as a task step).
 */
export function pipelineStepsOf(type: JobType, upscale: boolean): PipelineStepName[] {
  switch (type) {
    case 'txt2img':
      return upscale
        ? ['queued', 'txt2img', 'upscale', 'save', 'upload']
        : ['queued', 'txt2img', 'save', 'upload'];
    case 'upscale':
      return ['queued', 'upscale', 'save', 'upload'];
    case 'style_convert':
      return ['queued', 'style_convert', 'img2img_save', 'upload'];
    case 'inpaint':
      return ['queued', 'inpaint', 'img2img_save', 'upload'];
  }
}

/**
 * The step a task is at (or failed at), as an index into its steps:
 * - queued (state Queue, also after a retry sent it back): queued;
 * - leased: the engine's step while its counter runs; the txt2img upscale once the counter is past the
 *   sampler steps (engines that count it); the save step once the counter is full (the engine is done and
 *   its result is on its way: `complete` stores it, then the task is Done at once);
 * - failed: where it was when it failed (the progress is kept on failure), queued if never leased.
 * Upload is never the current step of a live task: it runs inside `complete`, which ends the task.
 */
function currentIndex(steps: readonly PipelineStepName[], facts: TaskStepFacts): number {
  const failed = facts.state === TASK_STATE.Fail;
  if (facts.state === TASK_STATE.Queue || (failed && !facts.leased)) return 0;
  if (facts.max > 0 && facts.step >= facts.max) return steps.length - 2;
  const upscaleStep = steps.indexOf('upscale');
  if (
    facts.type === 'txt2img' &&
    upscaleStep > 0 &&
    facts.max > facts.samplingSteps &&
    facts.step >= facts.samplingSteps
  ) {
    return upscaleStep;
  }
  return 1;
}

/** The task's steps with their states: done before the current one, pending after it. */
export function taskSteps(facts: TaskStepFacts): TaskStep[] {
  const names = pipelineStepsOf(facts.type, facts.upscale);
  if (facts.state === TASK_STATE.Done) return names.map((name) => ({ name, state: 'done' }));
  const current = currentIndex(names, facts);
  const currentState: StepStatus = facts.state === TASK_STATE.Fail ? 'failed' : 'running';
  return names.map((name, index) => ({
    name,
    state: index < current ? 'done' : index === current ? currentState : 'pending',
  }));
}
