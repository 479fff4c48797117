/**
 * What the top menu's generation progress shows (docs/product/routes.md#shell): how many of the user's tasks
 * are running, and how far the current one is — the oldest that has left the queue, else the oldest queued.
 * Pure, so the choice is tested without a stream.
 */
import { TASK_STATE, isTerminal, type TaskView } from '@mirage/domain';

export interface GenerationProgress {
  /** Tasks neither Done nor Failed. */
  running: number;
  /** The current task's progress in percent; null while it waits in the queue or its steps are unknown. */
  percent: number | null;
  /** The current task still waits in the queue (every running task does). */
  queued: boolean;
}

const oldestFirst = (a: TaskView, b: TaskView) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;

export function generationProgress(tasks: readonly TaskView[]): GenerationProgress {
  const running = tasks.filter((task) => !isTerminal(task.state)).sort(oldestFirst);
  const current = running.find((task) => task.state !== TASK_STATE.Queue) ?? running[0];
  if (!current) return { running: 0, percent: null, queued: false };
  if (current.state === TASK_STATE.Queue) return { running: running.length, percent: null, queued: true };
  const percent =
    current.max_step > 0 ? Math.min(100, Math.round((current.step / current.max_step) * 100)) : null;
  return { running: running.length, percent, queued: false };
}
