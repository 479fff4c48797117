import { TASK_STATE, type TaskView } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { generationProgress } from './generationProgress.ts';

const task = (id: string, state: number, minute: number, step = 0, max_step = 0) =>
  ({ task_id: id, state, step, max_step, created_at: `2026-03-01T12:0${minute}:00.000Z` }) as TaskView;

describe("the top menu's generation progress", () => {
  it('is empty without running tasks: finished and failed ones do not count', () => {
    expect(generationProgress([])).toEqual({ running: 0, percent: null, queued: false });
    expect(generationProgress([task('a', TASK_STATE.Done, 1), task('b', TASK_STATE.Fail, 2)])).toEqual({
      running: 0,
      percent: null,
      queued: false,
    });
  });

  it('counts the running tasks and follows the oldest one past the queue', () => {
    const tasks = [
      task('new', TASK_STATE.Queue, 3),
      task('rendering', TASK_STATE.Generate, 2, 9, 20),
      task('older-queued', TASK_STATE.Queue, 1),
      task('done', TASK_STATE.Done, 0),
    ];
    expect(generationProgress(tasks)).toEqual({ running: 3, percent: 45, queued: false });
  });

  it('says so while every task waits in the queue, and has no percent for a state without steps', () => {
    expect(generationProgress([task('a', TASK_STATE.Queue, 1)])).toEqual({
      running: 1,
      percent: null,
      queued: true,
    });
    expect(generationProgress([task('a', TASK_STATE.Save, 1)])).toEqual({
      running: 1,
      percent: null,
      queued: false,
    });
    expect(generationProgress([task('a', TASK_STATE.Tweak, 1, 30, 20)]).percent).toBe(100);
  });
});
