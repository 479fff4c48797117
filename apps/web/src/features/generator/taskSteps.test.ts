import { describe, expect, it } from 'vitest';
import { stepProgress } from './taskSteps.ts';

describe('task step progress', () => {
  it('shows the counter on the running engine step only', () => {
    const task = { step: 12, max_step: 30 };
    expect(stepProgress(task, { name: 'txt2img', state: 'running' })).toEqual({ step: 12, max: 30 });
    expect(stepProgress(task, { name: 'inpaint', state: 'running' })).toEqual({ step: 12, max: 30 });
    expect(stepProgress(task, { name: 'upscale', state: 'running' })).toEqual({ step: 12, max: 30 });
    expect(stepProgress(task, { name: 'txt2img', state: 'done' })).toBeNull();
    expect(stepProgress(task, { name: 'txt2img', state: 'failed' })).toBeNull();
    // Queued, save and upload run without the worker's counter.
    expect(stepProgress(task, { name: 'queued', state: 'running' })).toBeNull();
    expect(stepProgress(task, { name: 'save', state: 'running' })).toBeNull();
  });

  it('shows nothing before the first report, and never more than the maximum', () => {
    expect(stepProgress({ step: 0, max_step: 0 }, { name: 'txt2img', state: 'running' })).toBeNull();
    expect(stepProgress({ step: 31, max_step: 30 }, { name: 'txt2img', state: 'running' })).toEqual({
      step: 30,
      max: 30,
    });
  });
});
