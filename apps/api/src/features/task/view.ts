import { TASK_STATE, taskSteps, type TaskStep, type TaskView } from '@mirage/domain';
import type { TaskRow } from '../../db/schema/generation.ts';
import type { ImageRepository } from '../image/index.ts';
import type { WorkerRepository } from '../worker/index.ts';
import type { QueueRepository } from './queue-repository.ts';
import type { TaskService } from './service.ts';

/** Average time a worker spends per task recently, and how many workers are around, cached briefly. */
export function createThroughputEstimator(
  workers: WorkerRepository,
  queue: QueueRepository,
  now: () => Date,
) {
  let cached: { at: number; perTaskMs: number; workers: number } | null = null;
  return async () => {
    const time = now().getTime();
    if (cached && time - cached.at < 5000) return cached;
    const { done, busyMs } = await queue.recentThroughput(new Date(time - 10 * 60_000));
    const active = await workers.countSeenSince(new Date(time - 60_000));
    cached = {
      at: time,
      perTaskMs: done > 0 ? busyMs / done : 15_000,
      workers: Math.max(1, active),
    };
    return cached;
  };
}

/** The task's pipeline steps (the domain's taskSteps) from its row: its job, state and progress. */
export function stepsOf(task: TaskRow): TaskStep[] {
  return taskSteps({
    type: task.type,
    // Rows written before a field existed may lack it: no upscale, no hires pass.
    upscale: Boolean(task.job.upscale),
    samplingSteps: task.job.steps + (task.job.hires?.steps ?? 0),
    state: task.state,
    step: task.progress_step,
    max: task.progress_max,
    leased: task.started_at !== null,
  });
}

export async function toTaskView(
  task: TaskRow,
  extras: {
    queue: QueueRepository;
    estimate: ReturnType<typeof createThroughputEstimator>;
    image?: { uuid: string; blurhash: string; gen_data: Record<string, unknown> } | undefined;
  },
): Promise<TaskView> {
  const queued = task.state === TASK_STATE.Queue;
  const position = queued ? ((await extras.queue.position(task.id)) ?? null) : null;
  let eta: number | null = null;
  if (position !== null) {
    const { perTaskMs, workers } = await extras.estimate();
    eta = Math.round((position * perTaskMs) / workers / 1000);
  }
  return {
    task_id: task.id,
    state: task.state,
    queued,
    completed: task.state === TASK_STATE.Done,
    position,
    eta_seconds: eta,
    step: task.progress_step,
    max_step: task.progress_max,
    tasks: stepsOf(task),
    // PostgreSQL's driver gives a Buffer, PGlite a plain Uint8Array (whose toString ignores 'base64').
    preview: task.preview ? Buffer.from(task.preview).toString('base64') : null,
    image_uuid: extras.image?.uuid ?? null,
    model: typeof extras.image?.gen_data.model === 'string' ? extras.image.gen_data.model : null,
    blurhash: extras.image?.blurhash ?? null,
    seed: task.job.seed,
    cost: task.cost,
    paid_with_daily: task.paid_with === 'daily_token',
    refunded: task.refunded,
    error: task.state === TASK_STATE.Fail ? 'generation_failed' : null,
    created_at: task.created_at.toISOString(),
    genType: task.type,
    settings: task.settings,
  };
}

/**
 * How a user's tasks are shown on a live stream (GET /api/tasks/monitor and GET /api/events): all of them
 * for a snapshot, or just the ones that changed.
 *
 * Changed tasks are read for every stream of this instance at once: the flushes that fall in the same turn
 * of the event loop (a change reaches all of a user's streams, and a broadcast many users' streams, in one
 * coalescing window) share one read by id, and each stream is given its own user's tasks only. Without
 * it, 10,000 streams made 10,000 reads through a pool of ten connections (BENCHMARKS.md, live streams).
 */
export function createTaskViews(deps: {
  tasks: Pick<TaskService, 'tasksOf' | 'tasksByIds'>;
  queue: QueueRepository;
  images: Pick<ImageRepository, 'findById'>;
  estimate: ReturnType<typeof createThroughputEstimator>;
}) {
  const viewOf = async (task: TaskRow): Promise<TaskView> => {
    const image = task.image_id ? await deps.images.findById(task.image_id) : undefined;
    return toTaskView(task, { queue: deps.queue, estimate: deps.estimate, image });
  };

  type Changed = Map<string, { userId: number; createdAt: number; view: TaskView }>;
  /** One turn's flushes: the ids they asked for, the shared read, and the answers handed out by user. */
  let batch: { ids: Set<string>; read: Promise<Changed>; answers: Map<string, TaskView[]> } | null = null;
  const readChanged = async (ids: Set<string>): Promise<Changed> => {
    const rows = await deps.tasks.tasksByIds([...ids]);
    const views = await Promise.all(rows.map(viewOf));
    return new Map(
      rows.map((row, index) => [
        row.id,
        { userId: Number(row.user_id), createdAt: row.created_at.getTime(), view: views[index]! },
      ]),
    );
  };
  const changed = async (userId: number, taskIds: Set<string>): Promise<TaskView[]> => {
    if (!batch) {
      const ids = new Set<string>();
      // After the other flushes of this turn have added their ids; the next change starts a new batch.
      const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batch = null;
        return readChanged(ids);
      });
      batch = { ids, read, answers: new Map() };
    }
    const { answers } = batch;
    for (const id of taskIds) batch.ids.add(id);
    const found = await batch.read;
    // A user's streams get the same signals, so they ask for the same ids: they are handed one array,
    // which the streams serialise once (live/stream.ts).
    const key = `${userId}:${[...taskIds].sort().join(',')}`;
    const known = answers.get(key);
    if (known) return known;
    const own = [...taskIds].flatMap((id) => {
      const entry = found.get(id);
      return entry && entry.userId === userId ? [entry] : [];
    });
    // Newest first, as in a snapshot.
    const views = own.sort((a, b) => b.createdAt - a.createdAt).map((entry) => entry.view);
    answers.set(key, views);
    return views;
  };

  return async (userId: number, taskIds?: Set<string>): Promise<TaskView[]> =>
    taskIds ? changed(userId, taskIds) : Promise.all((await deps.tasks.tasksOf(userId)).map(viewOf));
}
export type TaskViews = ReturnType<typeof createTaskViews>;
