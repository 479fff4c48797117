import type { TaskStep } from './task-steps.ts';

/**
 * A task as the client sees it (docs/product/generation.md#tasks) on GET /api/tasks/monitor: the API builds
 * it, the generator page renders it. `state` holds the TASK_STATE numbers.
 */
export interface TaskView {
  task_id: string;
  state: number;
  queued: boolean;
  completed: boolean;
  /** 1 = next in line; null when not queued. */
  position: number | null;
  eta_seconds: number | null;
  step: number;
  max_step: number;
  /**
   * The pipeline's steps in order with their states (spec: Task.tasks[] name, state), derived by
   * taskSteps (task-steps.ts); step / max_step are the progress of the running engine step.
   */
  tasks: TaskStep[];
  /** Base64 JPEG while generating. */
  preview: string | null;
  image_uuid: string | null;
  /** What rendered the image: a checkpoint file, or 'preview-renderer' for the built-in CPU renderer. */
  model: string | null;
  blurhash: string | null;
  seed: number;
  cost: number;
  paid_with_daily: boolean;
  refunded: boolean;
  error: string | null;
  created_at: string;
  genType: string;
  settings: Record<string, unknown>;
}
