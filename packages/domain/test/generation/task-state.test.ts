import { describe, expect, it } from 'vitest';
import {
  TASK_STATE,
  TERMINAL_STATES,
  isTaskState,
  isTerminal,
  stateFor,
  taskStateFromSteps,
  type StepStatus,
} from '../../src/index.ts';

describe('task states', () => {
  it('uses the spec numbers', () => {
    expect(TASK_STATE).toEqual({
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
    });
  });

  it.each([
    ['queued', 'pending', false, 0],
    ['txt2img', 'pending', false, 1],
    ['txt2img', 'running', false, 1],
    ['tag', 'running', false, 2],
    ['validation', 'running', false, 3],
    ['upscale', 'running', false, 4],
    ['upscale', 'running', true, 7],
    ['save', 'running', false, 5],
    ['img2img_save', 'running', false, 5],
    ['upload', 'running', false, 6],
    ['upload', 'done', false, 9],
    ['style_convert', 'running', false, 10],
    ['inpaint', 'pending', false, 10],
    ['txt2img', 'failed', false, 8],
    ['upload', 'failed', false, 8],
    ['mystery', 'running', false, -1],
  ] as [string, StepStatus, boolean, number][])(
    '%s %s (upscale only %s) -> %d',
    (name, status, upscaleOnly, state) => {
      expect(stateFor({ name, status }, { upscaleOnly })).toBe(state);
    },
  );

  it.each([
    ['no steps', [], -1],
    ['queued', [['queued', 'pending']], 0],
    [
      'generating',
      [
        ['queued', 'done'],
        ['txt2img', 'running'],
        ['upload', 'pending'],
      ],
      1,
    ],
    [
      'saving',
      [
        ['txt2img', 'done'],
        ['tag', 'done'],
        ['save', 'running'],
        ['upload', 'pending'],
      ],
      5,
    ],
    [
      'uploaded',
      [
        ['txt2img', 'done'],
        ['upload', 'done'],
      ],
      9,
    ],
    [
      'any failure',
      [
        ['txt2img', 'done'],
        ['tag', 'failed'],
        ['upload', 'pending'],
      ],
      8,
    ],
  ] as [string, [string, StepStatus][], number][])('pipeline %s -> %d', (_name, steps, state) => {
    expect(taskStateFromSteps(steps.map(([name, status]) => ({ name, status })))).toBe(state);
  });

  it('an upscale-only pipeline reports UpscaleOnly', () => {
    const steps = [
      { name: 'upscale', status: 'running' as const },
      { name: 'upload', status: 'pending' as const },
    ];
    expect(taskStateFromSteps(steps, { upscaleOnly: true })).toBe(TASK_STATE.UpscaleOnly);
  });

  it.each(Object.entries(TASK_STATE))('%s terminal only for Done and Fail', (name, state) => {
    expect(isTerminal(state)).toBe(name === 'Done' || name === 'Fail');
    expect(TERMINAL_STATES.includes(state)).toBe(isTerminal(state));
    expect(isTaskState(state)).toBe(true);
  });

  it('rejects numbers that are not states', () => {
    expect(isTaskState(11)).toBe(false);
    expect(isTaskState('9')).toBe(false);
  });
});
