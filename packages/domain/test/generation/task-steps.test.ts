import { describe, expect, it } from 'vitest';
import {
  PIPELINE_STEPS,
  TASK_STATE,
  pipelineStepsOf,
  taskStateFromSteps,
  taskSteps,
  type TaskStep,
  type TaskStepFacts,
} from '../../src/index.ts';

const facts = (patch: Partial<TaskStepFacts>): TaskStepFacts => ({
  type: 'txt2img',
  upscale: false,
  samplingSteps: 30,
  state: TASK_STATE.Queue,
  step: 0,
  max: 0,
  leased: false,
  ...patch,
});

/** `name:state` pairs, easier to read in a failure than objects. */
const line = (steps: TaskStep[]) => steps.map((step) => `${step.name}:${step.state}`).join(' ');

describe('pipeline steps of a task', () => {
  it('lists only the steps each kind goes through, all known step names', () => {
    expect(pipelineStepsOf('txt2img', false)).toEqual(['queued', 'txt2img', 'save', 'upload']);
    expect(pipelineStepsOf('txt2img', true)).toEqual(['queued', 'txt2img', 'upscale', 'save', 'upload']);
    expect(pipelineStepsOf('upscale', false)).toEqual(['queued', 'upscale', 'save', 'upload']);
    expect(pipelineStepsOf('style_convert', false)).toEqual([
      'queued',
      'style_convert',
      'img2img_save',
      'upload',
    ]);
    expect(pipelineStepsOf('inpaint', true)).toEqual(['queued', 'inpaint', 'img2img_save', 'upload']);
    for (const type of ['txt2img', 'upscale', 'style_convert', 'inpaint'] as const) {
      for (const name of pipelineStepsOf(type, true)) expect(PIPELINE_STEPS).toContain(name);
    }
  });

  it('follows a txt2img from the queue to done', () => {
    expect(line(taskSteps(facts({})))).toBe('queued:running txt2img:pending save:pending upload:pending');
    const generating = { state: TASK_STATE.Generate, leased: true };
    expect(line(taskSteps(facts({ ...generating })))).toBe(
      'queued:done txt2img:running save:pending upload:pending',
    );
    expect(line(taskSteps(facts({ ...generating, step: 12, max: 30 })))).toBe(
      'queued:done txt2img:running save:pending upload:pending',
    );
    // The engine is done: its result is being sent and saved.
    expect(line(taskSteps(facts({ ...generating, step: 30, max: 30 })))).toBe(
      'queued:done txt2img:done save:running upload:pending',
    );
    expect(line(taskSteps(facts({ state: TASK_STATE.Done, leased: true, step: 30, max: 30 })))).toBe(
      'queued:done txt2img:done save:done upload:done',
    );
  });

  it('shows the model upscale running once the counter is past the sampler steps', () => {
    const upscaling = { upscale: true, state: TASK_STATE.Generate, leased: true, samplingSteps: 30 };
    expect(line(taskSteps(facts({ ...upscaling, step: 29, max: 31 })))).toBe(
      'queued:done txt2img:running upscale:pending save:pending upload:pending',
    );
    expect(line(taskSteps(facts({ ...upscaling, step: 30, max: 31 })))).toBe(
      'queued:done txt2img:done upscale:running save:pending upload:pending',
    );
    expect(line(taskSteps(facts({ ...upscaling, step: 31, max: 31 })))).toBe(
      'queued:done txt2img:done upscale:done save:running upload:pending',
    );
    // An engine that does not count the upscale (the preview renderer): the txt2img step runs to the end.
    expect(line(taskSteps(facts({ ...upscaling, step: 29, max: 30 })))).toBe(
      'queued:done txt2img:running upscale:pending save:pending upload:pending',
    );
  });

  it('marks the step a task failed at, the rest pending', () => {
    const failed = { state: TASK_STATE.Fail, leased: true };
    expect(line(taskSteps(facts({ ...failed, step: 4, max: 30 })))).toBe(
      'queued:done txt2img:failed save:pending upload:pending',
    );
    // A result the API refused (invalid result) after a full run.
    expect(line(taskSteps(facts({ ...failed, step: 30, max: 30 })))).toBe(
      'queued:done txt2img:done save:failed upload:pending',
    );
    expect(line(taskSteps(facts({ state: TASK_STATE.Fail, leased: false })))).toBe(
      'queued:failed txt2img:pending save:pending upload:pending',
    );
    expect(
      line(taskSteps(facts({ type: 'inpaint', state: TASK_STATE.Fail, leased: true, step: 2, max: 10 }))),
    ).toBe('queued:done inpaint:failed img2img_save:pending upload:pending');
  });

  it('sends a retried task back to the queued step', () => {
    // A retryable failure queues the task again (state Queue) with its progress reset.
    expect(line(taskSteps(facts({ state: TASK_STATE.Queue, leased: true })))).toBe(
      'queued:running txt2img:pending save:pending upload:pending',
    );
  });

  it('agrees with the task state the spec maps the steps to', () => {
    const status = (steps: TaskStep[]) => steps.map(({ name, state }) => ({ name, status: state }));
    const cases: [Partial<TaskStepFacts>, number][] = [
      [{}, TASK_STATE.Queue],
      [{ state: TASK_STATE.Generate, leased: true, step: 3, max: 30 }, TASK_STATE.Generate],
      [{ type: 'upscale', state: TASK_STATE.UpscaleOnly, leased: true, max: 1 }, TASK_STATE.UpscaleOnly],
      [{ type: 'style_convert', state: TASK_STATE.Tweak, leased: true }, TASK_STATE.Tweak],
      [{ type: 'inpaint', state: TASK_STATE.Tweak, leased: true, step: 1, max: 10 }, TASK_STATE.Tweak],
      [{ state: TASK_STATE.Generate, leased: true, step: 30, max: 30 }, TASK_STATE.Save],
      [{ state: TASK_STATE.Done, leased: true }, TASK_STATE.Done],
      [{ state: TASK_STATE.Fail, leased: true }, TASK_STATE.Fail],
    ];
    for (const [patch, expected] of cases) {
      const made = facts(patch);
      expect(taskStateFromSteps(status(taskSteps(made)), { upscaleOnly: made.type === 'upscale' })).toBe(
        expected,
      );
    }
  });
});
