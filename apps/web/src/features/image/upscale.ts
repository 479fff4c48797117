/**
 * The ×2 upscale of an existing image (docs/product/image-viewer.md#upscale: "Upscale marks the target image
 * as updating; on Done it is marked upscaled with a notification"; docs/product/image-viewer.md#the-viewer: a
 * progress overlay while the image is updating). Which image each upscale task belongs to, and what its
 * overlay says.
 */
import { isTerminal, TASK_STATE, type TaskView } from '@mirage/domain';

/** What the "updating" overlay says about a running upscale task. */
export type UpscaleStatus =
  | { key: 'upscale.queued'; position: number | null }
  | { key: 'upscale.progress'; percent: number }
  | { key: 'upscale.working' };

export function upscaleStatus(task: TaskView): UpscaleStatus {
  if (task.state === TASK_STATE.Queue) return { key: 'upscale.queued', position: task.position };
  if (task.max_step > 0) {
    const percent = Math.round((100 * Math.min(task.step, task.max_step)) / task.max_step);
    return { key: 'upscale.progress', percent };
  }
  return { key: 'upscale.working' };
}

/**
 * The upscales asked for in this tab: task id → image uuid. An image counts as updating while its task
 * is known and not finished (the monitor stream may report the task before or after the POST answers).
 */
export function createUpscaleRegistry() {
  const imageOfTask = new Map<string, string>();
  return {
    started(taskId: string, imageUuid: string) {
      imageOfTask.set(taskId, imageUuid);
    },
    imageOf: (taskId: string) => imageOfTask.get(taskId),
    finished(taskId: string) {
      imageOfTask.delete(taskId);
    },
    /** The running upscale task of an image, among the tasks the stream reported. */
    runningFor(imageUuid: string, tasks: readonly TaskView[]): TaskView | undefined {
      return tasks.find((task) => imageOfTask.get(task.task_id) === imageUuid && !isTerminal(task.state));
    },
    get pending() {
      return imageOfTask.size;
    },
  };
}
export type UpscaleRegistry = ReturnType<typeof createUpscaleRegistry>;
