import {
  EVENT_DEDUPE_KEY,
  isPublished,
  TASK_STATE,
  TERMINAL_STATES,
  type DomainEventPayload,
} from '@mirage/domain';
import { sql, type Insertable } from 'kysely';
import type { DB } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { ImageTable } from '../../db/schema/generation.ts';
import { notifyExpression, type Channel } from '../../events/notifier.ts';
import { upsertTags } from '../tag/index.ts';

/** The `task.done` payload but the image id, which the statement learns when it inserts the image. */
export type DonePayloadWithoutImage = Omit<DomainEventPayload<'task.done'>, 'imageId'>;

export interface NewImageCompletion {
  taskId: string;
  workerId: number;
  image: Omit<Insertable<ImageTable>, 'tag_ids'>;
  tags: readonly { kind: string; name: string }[];
  now: Date;
  /** The task's change, for its owner's live streams. */
  notification: { channel: Channel; payload: string };
  event: DonePayloadWithoutImage;
}

/**
 * The done completion unit of a kind that makes a new image, as ONE statement (its own transaction):
 * lock the task if this worker still holds its lease and it is not finished, upsert the image's tags,
 * insert the image, mark the task done, drop an inpaint's mask, count the job for the worker, append the `task.done` event to the
 * outbox (deduplicated per task: a task ends once), and NOTIFY the task's change — or, when the guard
 * fails (lease lost, already finished), change nothing and return undefined. A concurrent second
 * `complete` waits on the row lock, then sees a finished task. One round trip instead of eight keeps the
 * worker protocol fast (BENCHMARKS.md, bench:queue).
 *
 * Decision: unlike appendEvent, this statement does not NOTIFY the outbox. Woken by every image, the
 * outbox dispatchers ran a pass per completion, and on PGlite (one connection) that cut bench:queue's
 * throughput about threefold; their periodic recheck (2 s) picks the `task.done` events up in batches.
 */
export async function completeWithNewImage(
  db: DB,
  completion: NewImageCompletion,
): Promise<{ id: number; uuid: string } | undefined> {
  const { taskId, workerId, image, now } = completion;
  const columns = Object.keys(image) as (keyof typeof image)[];
  return (
    db
      .with('locked', (q) =>
        q
          .selectFrom('task')
          .select(['id', 'started_at'])
          .where('id', '=', taskId)
          .where('worker_id', '=', workerId)
          .where('lease_expires_at', 'is not', null)
          .where('state', 'not in', TERMINAL_STATES)
          .forUpdate(),
      )
      // The image's tags, written only when the lease guard holds; counted only for a published image
      // (tag/usage-repository.ts): not while it waits for the safety check.
      .with('tagged', () =>
        upsertTags(
          db,
          completion.tags,
          isPublished({ is_private: image.is_private === true, safety_state: image.safety_state ?? 'clear' }),
          'locked',
        ),
      )
      .with('stored', (q) =>
        q
          .insertInto('image')
          .columns([...columns, 'tag_ids'])
          // Parameters in INSERT … SELECT take the types of their target columns.
          .expression((eb) =>
            eb
              .selectFrom('locked')
              .select([
                ...columns.map((column) => eb.val(image[column]).as(column)),
                sql<number[]>`coalesce((select array_agg(id order by id) from tagged), '{}')`.as('tag_ids'),
              ]),
          )
          .returning(['id', 'uuid']),
      )
      .with('done', (q) =>
        q
          .updateTable('task')
          .from('stored')
          .set((eb) => ({
            state: TASK_STATE.Done,
            lease_expires_at: null,
            image_id: eb.ref('stored.id'),
            finished_at: now,
            preview: null,
            error: null,
          }))
          .where('task.id', '=', taskId),
      )
      // An inpaint's mask is not needed once its task has ended (migration 0017).
      .with('unmasked', (q) =>
        q.deleteFrom('task_mask').where('task_id', 'in', (eb) => eb.selectFrom('locked').select('id')),
      )
      .with('counted', (q) =>
        q
          .updateTable('worker')
          .from('locked')
          .set({
            jobs_done: sql`jobs_done + 1`,
            busy_ms: sql`busy_ms + greatest(0, round(extract(epoch from (${now}::timestamptz - locked.started_at)) * 1000))::bigint`,
          })
          .where('worker.id', '=', workerId),
      )
      // The outbox row as appendEvent (features/outbox) writes it, in this statement's transaction.
      .with('evented', (q) =>
        q
          .insertInto('outbox')
          .columns(['type', 'payload', 'dedupe_key'])
          .expression((eb) =>
            eb
              .selectFrom('stored')
              .select([
                sql.lit('task.done').as('type'),
                sql<string>`${JSON.stringify(completion.event)}::jsonb || jsonb_build_object('imageId', stored.id)`.as(
                  'payload',
                ),
                eb.val(EVENT_DEDUPE_KEY.taskEnded(taskId)).as('dedupe_key'),
              ]),
          )
          .onConflict((oc) => oc.column('dedupe_key').doNothing()),
      )
      .selectFrom('stored')
      .select([
        'stored.id',
        'stored.uuid',
        notifyExpression(completion.notification.channel, completion.notification.payload).as('notified'),
      ])
      .modifyEnd(prepared('complete_with_image'))
      .executeTakeFirst()
  );
}
