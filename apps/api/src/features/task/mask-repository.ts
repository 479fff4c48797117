import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** The masks of inpaint tasks (migration 0017, table task_mask). */

/** Stores a task's mask, in the transaction that queues the task. */
export async function saveTaskMask(trx: Transaction<Database>, taskId: string, png: Buffer): Promise<void> {
  await trx.insertInto('task_mask').values({ task_id: taskId, png }).execute();
}

export async function findTaskMask(db: DB, taskId: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('task_mask').select('png').where('task_id', '=', taskId).executeTakeFirst();
  return row?.png;
}

/** Drops a finished task's mask: nothing reads it once the task has ended. */
export async function deleteTaskMask(db: DB, taskId: string): Promise<void> {
  await db.deleteFrom('task_mask').where('task_id', '=', taskId).execute();
}
