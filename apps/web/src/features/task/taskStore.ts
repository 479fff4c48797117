import type { Answer } from '@mirage/contract';
/**
 * A feature's view of the user's tasks (docs/product/generation.md#tasks): what the live stream reported plus
 * placeholders for tasks the server has just accepted. Done and failed tasks are handled once: the
 * store reports each end exactly once, so the caller notifies and refreshes the balance once.
 */
import { TASK_STATE, isTerminal, type TaskView } from '@mirage/domain';

/** The server's answer to a task request (txt2img, upscale): the task is queued and paid. */
/** What POST /api/tasks/txt2img answers (from the API's contract). */
export type TaskAccepted = Answer<'createTxt2img'>;

export interface TaskEnd {
  task: TaskView;
  outcome: 'done' | 'failed';
}

export interface TaskStore {
  /** Visible tasks, newest first (a new array after each change). */
  list: () => readonly TaskView[];
  subscribe: (listener: () => void) => () => void;
  /**
   * A task the server accepted: shown at once as queued, until the stream reports it. `genType` is its job
   * type (txt2img unless said), so that a page can tell its kind before the stream does.
   */
  accepted: (answer: TaskAccepted, settings: Record<string, unknown>, now: Date, genType?: string) => void;
  /** Tasks from the stream (a snapshot or changes); returns the tasks that ended just now. */
  apply: (tasks: readonly TaskView[]) => TaskEnd[];
  /** Hides a task (a failed one after a delay). It stays hidden if the stream reports it again. */
  dismiss: (taskId: string) => void;
  /** Tasks not yet Done or Failed. */
  running: () => number;
  /**
   * Tasks kept in the browser from an earlier visit (./localGenerations.ts), shown until the stream
   * confirms or replaces them; tasks the page already knows win. They are "unconfirmed" until the stream
   * reports them.
   */
  hydrate: (tasks: readonly TaskView[]) => void;
  /** Hydrated tasks the stream has not reported since. */
  unconfirmed: () => string[];
  /** Forgets tasks (hydrated ones the server no longer lists). */
  remove: (taskIds: readonly string[]) => void;
}

/**
 * The task a client shows at once for an accepted request, until the stream reports it: queued, with no
 * position, progress or steps yet (the stream brings them; docs/product/generation.md#pipeline-steps).
 */
export function acceptedTaskView(answer: {
  task_id: string;
  seed: number;
  cost: number;
  paid_with_daily: boolean;
  settings: Record<string, unknown>;
  genType: string;
  at: Date;
}): TaskView {
  return {
    task_id: answer.task_id,
    state: TASK_STATE.Queue,
    queued: true,
    completed: false,
    position: null,
    eta_seconds: null,
    step: 0,
    max_step: 0,
    tasks: [],
    preview: null,
    image_uuid: null,
    model: null,
    blurhash: null,
    seed: answer.seed,
    cost: answer.cost,
    paid_with_daily: answer.paid_with_daily,
    refunded: false,
    error: null,
    created_at: answer.at.toISOString(),
    genType: answer.genType,
    settings: answer.settings,
  };
}

const newestFirst = (a: TaskView, b: TaskView) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;

export function createTaskStore(): TaskStore {
  const tasks = new Map<string, TaskView>();
  /** Tasks created on this page: their end is reported even if no earlier state was seen. */
  const created = new Set<string>();
  const handled = new Set<string>();
  const dismissed = new Set<string>();
  const unconfirmed = new Set<string>();
  const listeners = new Set<() => void>();
  let snapshot: readonly TaskView[] = [];

  function emit() {
    snapshot = [...tasks.values()].filter((task) => !dismissed.has(task.task_id)).sort(newestFirst);
    for (const listener of listeners) listener();
  }

  return {
    list: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    accepted(answer, settings, now, genType = 'txt2img') {
      created.add(answer.task_id);
      // The stream may already have reported this task (it can be faster than the POST's answer).
      if (tasks.has(answer.task_id)) return;
      tasks.set(
        answer.task_id,
        acceptedTaskView({ ...answer, settings: { ...settings, seed: answer.seed }, genType, at: now }),
      );
      emit();
    },
    apply(incoming) {
      const ends: TaskEnd[] = [];
      for (const task of incoming) {
        const previous = tasks.get(task.task_id);
        tasks.set(task.task_id, task);
        unconfirmed.delete(task.task_id);
        if (!isTerminal(task.state) || handled.has(task.task_id)) continue;
        handled.add(task.task_id);
        const seenRunning = previous !== undefined && !isTerminal(previous.state);
        if (seenRunning || created.has(task.task_id)) {
          ends.push({ task, outcome: task.state === TASK_STATE.Done ? 'done' : 'failed' });
        } else if (task.state === TASK_STATE.Fail) {
          // An old failure from the first snapshot: already refunded, nothing to show.
          dismissed.add(task.task_id);
        }
      }
      if (incoming.length > 0) emit();
      return ends;
    },
    dismiss(taskId) {
      if (dismissed.has(taskId)) return;
      dismissed.add(taskId);
      emit();
    },
    running: () => snapshot.filter((task) => !isTerminal(task.state)).length,
    hydrate(kept) {
      let changed = false;
      for (const task of kept) {
        if (tasks.has(task.task_id) || dismissed.has(task.task_id)) continue;
        tasks.set(task.task_id, task);
        unconfirmed.add(task.task_id);
        // A kept task that had already ended was told then: the stream's report of it is not an end.
        if (isTerminal(task.state)) handled.add(task.task_id);
        changed = true;
      }
      if (changed) emit();
    },
    unconfirmed: () => [...unconfirmed],
    remove(taskIds) {
      let changed = false;
      for (const id of taskIds) {
        unconfirmed.delete(id);
        changed = tasks.delete(id) || changed;
      }
      if (changed) emit();
    },
  };
}
