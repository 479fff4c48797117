import { TASK_STATE, TERMINAL_STATES } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import type { TaskRow } from '../../db/schema/generation.ts';

/**
 * A user's own tasks, as task creation (kinds/) and the task monitor read them. Functions taking `trx`
 * run inside the creation transaction that holds the account row's lock.
 */

/** When the user's tasks that failed since `since` finished, newest first (the failure cooldown). */
export async function recentFailureTimes(
  db: DB,
  userId: number,
  since: Date,
): Promise<{ finished_at: Date | null }[]> {
  return db
    .selectFrom('task')
    .select('finished_at')
    .where('user_id', '=', userId)
    .where('state', '=', TASK_STATE.Fail)
    .where('finished_at', '>=', since)
    .orderBy('finished_at', 'desc')
    .execute();
}

/** The user's unfinished tasks (the running cap and running duplicates). */
export async function unfinishedTasks(
  trx: DB,
  userId: number,
): Promise<{ id: string; type: string; signature: string | null }[]> {
  return trx
    .selectFrom('task')
    .select(['id', 'type', 'signature'])
    .where('user_id', '=', userId)
    .where('state', 'not in', TERMINAL_STATES)
    .execute();
}

/** An unfinished upscale of the image, if any: an image is upscaled once. */
export async function pendingUpscale(trx: DB, imageId: number): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('task')
    .select('id')
    .where('source_image_id', '=', imageId)
    .where('type', '=', 'upscale')
    .where('state', 'not in', TERMINAL_STATES)
    .executeTakeFirst();
}

/** The user's tasks that are unfinished or finished since `since`, newest first, at most 50. */
export async function recentTasks(db: DB, userId: number, since: Date): Promise<TaskRow[]> {
  return db
    .selectFrom('task')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('state', 'not in', TERMINAL_STATES), eb('finished_at', '>=', since)]))
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}

/** Rows per query when reading tasks by id (far below PostgreSQL's limit on bound parameters). */
const IDS_PER_QUERY = 5000;

/** Tasks by id, in any order: the changed tasks that every live stream of an instance sends at once. */
export async function tasksByIds(db: DB, ids: readonly string[]): Promise<TaskRow[]> {
  const rows: TaskRow[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const chunk = ids.slice(start, start + IDS_PER_QUERY);
    rows.push(...(await db.selectFrom('task').selectAll().where('id', 'in', chunk).execute()));
  }
  return rows;
}
