import { isPublished } from '@mirage/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { changeTagUsage } from '../tag/index.ts';

export type ReportState = 'open' | 'approved' | 'rejected';

/** The report queue's SQL (migration 0019): reports with their image, reporter and track records. */
export function createModReportRepository(db: DB) {
  return {
    /** Open reports oldest first; decided ones newest decision first. */
    async list(state: ReportState, limit: number, offset: number) {
      let query = db
        .selectFrom('image_report as report')
        .innerJoin('image', 'image.id', 'report.image_id')
        .innerJoin('app_user as reporter', 'reporter.id', 'report.user_id')
        .innerJoin('app_user as owner', 'owner.id', 'image.user_id')
        .leftJoin('app_user as resolver', 'resolver.id', 'report.resolved_by')
        .select((eb) => [
          'report.id',
          'report.reason',
          'report.state',
          'report.created_at',
          'report.resolved_at',
          'resolver.username as resolved_by',
          'image.uuid as image_uuid',
          'image.prompt as image_prompt',
          'image.is_private as image_private',
          'image.hidden_at as image_hidden_at',
          'reporter.id as reporter_id',
          'reporter.username as reporter_name',
          'owner.id as owner_id',
          'owner.username as owner_name',
          // Other open reports on the same image: approving this one decides them all.
          eb
            .selectFrom('image_report as other')
            .select((inner) => inner.fn.countAll<string | number>().as('n'))
            .whereRef('other.image_id', '=', 'report.image_id')
            .where('other.state', '=', 'open')
            .as('open_on_image'),
          // The reporter's track record.
          eb
            .selectFrom('image_report as past')
            .select((inner) => inner.fn.countAll<string | number>().as('n'))
            .whereRef('past.user_id', '=', 'report.user_id')
            .where('past.state', '=', 'approved')
            .as('reporter_approved'),
          eb
            .selectFrom('image_report as past')
            .select((inner) => inner.fn.countAll<string | number>().as('n'))
            .whereRef('past.user_id', '=', 'report.user_id')
            .where('past.state', '=', 'rejected')
            .as('reporter_rejected'),
          // Reports upheld against the owner's images before (from the audit log: it outlives removed images).
          eb
            .selectFrom('staff_audit')
            .select((inner) => inner.fn.countAll<string | number>().as('n'))
            .where('staff_audit.action', '=', 'report_approved')
            .where(sql<boolean>`staff_audit.detail->>'owner_id' = owner.id::text`)
            .as('owner_upheld'),
        ])
        .where('report.state', '=', state)
        .limit(limit)
        .offset(offset);
      query =
        state === 'open'
          ? query.orderBy('report.created_at').orderBy('report.id')
          : query.orderBy('report.resolved_at', 'desc').orderBy('report.id', 'desc');
      const rows = await query.execute();
      return rows.map((row) => ({
        ...row,
        open_on_image: Number(row.open_on_image ?? 0),
        reporter_approved: Number(row.reporter_approved ?? 0),
        reporter_rejected: Number(row.reporter_rejected ?? 0),
        owner_upheld: Number(row.owner_upheld ?? 0),
      }));
    },

    /** The image a report is about (unlocked: the caller locks the image first, then the report). */
    async imageOf(trx: DB, reportId: number) {
      const seen = await trx
        .selectFrom('image_report')
        .select('image_id')
        .where('id', '=', reportId)
        .executeTakeFirst();
      if (!seen) return undefined;
      return trx
        .selectFrom('image')
        .select(['id', 'uuid', 'user_id'])
        .where('id', '=', seen.image_id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Locks the report row: two moderators deciding it at once are served one after the other. */
    async lock(trx: DB, reportId: number) {
      return trx
        .selectFrom('image_report')
        .select(['id', 'image_id', 'state'])
        .where('id', '=', reportId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Upholds every open report of the image; returns them (each reporter is credited once). */
    async approveOpenOf(trx: DB, imageId: number, by: number, at: Date) {
      return trx
        .updateTable('image_report')
        .set({ state: 'approved', resolved_at: at, resolved_by: by })
        .where('image_id', '=', imageId)
        .where('state', '=', 'open')
        .returning(['id', 'user_id'])
        .execute();
    },

    async reject(trx: DB, reportId: number, by: number, at: Date): Promise<void> {
      await trx
        .updateTable('image_report')
        .set({ state: 'rejected', resolved_at: at, resolved_by: by })
        .where('id', '=', reportId)
        .execute();
    },

    /**
     * Hides the image: private for good (its owner cannot publish it again), its tags' public usage given
     * back when it was published. Returns the image's uuid and owner.
     */
    async hideImage(trx: DB, imageId: number, at: Date) {
      const before = await trx
        .selectFrom('image')
        .select(['uuid', 'user_id', 'is_private', 'tag_ids', 'safety_state'])
        .where('id', '=', imageId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('image')
        .set({ is_private: true, hidden_at: at })
        .where('id', '=', imageId)
        .execute();
      if (isPublished(before)) await changeTagUsage(trx, before.tag_ids, -1);
      return { uuid: before.uuid, ownerId: before.user_id };
    },
  };
}
export type ModReportRepository = ReturnType<typeof createModReportRepository>;

/** Whether an image has a report or a safety review: only those are previewed for staff. */
export async function imageUnderReview(db: DB, uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('image')
    .select('image.id')
    .where('image.uuid', '=', uuid)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('image_report')
            .select('image_report.id')
            .whereRef('image_report.image_id', '=', 'image.id'),
        ),
        eb.exists(
          eb
            .selectFrom('image_safety_review')
            .select('image_safety_review.id')
            .whereRef('image_safety_review.image_id', '=', 'image.id'),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
