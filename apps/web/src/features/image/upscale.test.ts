import { TASK_STATE, type TaskView } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { createUpscaleRegistry, upscaleStatus } from './upscale.ts';

const task = (overrides: Partial<TaskView>) =>
  ({
    task_id: 't1',
    state: TASK_STATE.UpscaleOnly,
    position: null,
    step: 0,
    max_step: 0,
    ...overrides,
  }) as TaskView;

describe('upscale overlay status', () => {
  it('says queued with the position while the task waits', () => {
    expect(upscaleStatus(task({ state: TASK_STATE.Queue, position: 3 }))).toEqual({
      key: 'upscale.queued',
      position: 3,
    });
  });

  it('gives the progress in percent once the worker reports steps, capped at 100', () => {
    expect(upscaleStatus(task({ step: 1, max_step: 4 }))).toEqual({ key: 'upscale.progress', percent: 25 });
    expect(upscaleStatus(task({ step: 9, max_step: 4 }))).toEqual({ key: 'upscale.progress', percent: 100 });
  });

  it('says working while the worker has not reported steps yet', () => {
    expect(upscaleStatus(task({}))).toEqual({ key: 'upscale.working' });
  });
});

describe('upscale registry', () => {
  it('finds the running task of an image, not finished ones or other images', () => {
    const registry = createUpscaleRegistry();
    registry.started('t1', 'image-a');
    registry.started('t2', 'image-b');
    const tasks = [task({ task_id: 't1' }), task({ task_id: 't2', state: TASK_STATE.Done })];
    expect(registry.runningFor('image-a', tasks)?.task_id).toBe('t1');
    expect(registry.runningFor('image-b', tasks)).toBeUndefined();
    expect(registry.runningFor('image-c', tasks)).toBeUndefined();
    expect(registry.imageOf('t2')).toBe('image-b');
    expect(registry.pending).toBe(2);
    registry.finished('t1');
    expect(registry.runningFor('image-a', tasks)).toBeUndefined();
    expect(registry.pending).toBe(1);
  });
});
