/**
 * When to read the player again. XP moves when a task ends (the API's projector applies `task.done` right
 * after the task's own change, docs/product/player.md#exactly-once), and no live event says so: a task seen
 * reaching Done asks for a refresh a few times (the projector usually lands within the first wait; on a busy
 * server the outbox may take seconds).
 */
import { TASK_STATE, type TaskView } from '@mirage/domain';

/** Waits after a task is done before reading the player again, in ms. */
export const PROGRESS_REFRESH_DELAYS_MS = [700, 2500, 6000, 12000] as const;

/**
 * Notes each task's state in `known` and says whether one has just been done: seen earlier in another state,
 * or first seen done but created after `since` (a task that went through in one batch). Tasks of the
 * stream's first snapshot that were done before `since` change nothing.
 */
export function taskJustDone(known: Map<string, number>, views: readonly TaskView[], since: number): boolean {
  let done = false;
  for (const view of views) {
    const before = known.get(view.task_id);
    known.set(view.task_id, view.state);
    if (view.state !== TASK_STATE.Done || before === TASK_STATE.Done) continue;
    if (before !== undefined || new Date(view.created_at).getTime() >= since) done = true;
  }
  return done;
}
