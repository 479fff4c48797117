import type { WorkerJob } from '@mirage/domain';
import type { TaskRecord, TaskRow } from '../../../db/schema/generation.ts';

/**
 * Where a worker downloads a task's source image (GET /api/worker/jobs/:id/source, worker/routes.ts):
 * relative to the API base the worker talks to, since the public address may not be reachable from it.
 */
export function sourceImageUrl(taskId: string): string {
  return `/api/worker/jobs/${taskId}/source`;
}

/** Where a worker downloads an inpaint task's mask (GET /api/worker/jobs/:id/mask, worker/routes.ts). */
export function maskImageUrl(taskId: string): string {
  return `/api/worker/jobs/${taskId}/mask`;
}

/**
 * The job a worker runs: the stored job, this lease's attempt and end, and the addresses of its source
 * image and mask. Jobs stored before image-to-image existed have no denoise: null.
 */
export function leasedJob(
  task: TaskRow | TaskRecord,
  files: { source: string | null; mask: string | null } = { source: null, mask: null },
): WorkerJob {
  return {
    ...task.job,
    denoise: task.job.denoise ?? null,
    attempt: task.attempts,
    lease_expires_at: task.lease_expires_at?.toISOString() ?? '',
    source_image_url: files.source,
    mask_image_url: files.mask,
  };
}
