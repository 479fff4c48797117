import type { WorkerJob } from '@mirage/domain';
import type { TaskRecord, TaskRow } from '../../../db/schema/generation.ts';

/**
 * Where a worker downloads a task's source image (GET /api/worker/jobs/:id/source, worker/routes.ts):
 * relative to the API base the worker talks to, since the public address may not be reachable from it.
 */
export function sourceImageUrl(taskId: string): string {
  return `/api/worker/jobs/${taskId}/source`;
}

/** The job a worker runs: the stored job, this lease's attempt and end, and the source image's address. */
export function leasedJob(task: TaskRow | TaskRecord, sourceImage: string | null): WorkerJob {
  return {
    ...task.job,
    attempt: task.attempts,
    lease_expires_at: task.lease_expires_at?.toISOString() ?? '',
    source_image_url: sourceImage,
  };
}
