import type { DB } from '../../db/database.ts';
import type { ModerationService } from '../moderation/index.ts';
import type { SessionService } from '../session/index.ts';
import { staffActor, type StaffActor } from './actor.ts';
import { appendAudit, listAudit } from './audit-repository.ts';
import { createModReportRepository } from './report-repository.ts';
import { createModReportService } from './report-service.ts';
import { createRoleRepository } from './role-repository.ts';
import { createModUserRepository } from './user-repository.ts';
import { createModUserService } from './user-service.ts';

export { createRoleRepository, type RoleRepository } from './role-repository.ts';
export { registerModRoutes } from './routes.ts';
export { registerModImageRoutes } from './image-routes.ts';

/** The moderation console's services (docs/product/moderation-console.md), composed once in services.ts. */
export function createModServices(deps: {
  db: DB;
  sessions: SessionService;
  moderation: ModerationService;
  removeImage: (image: { id: number; uuid: string }) => Promise<void>;
  now: () => Date;
}) {
  const { db, now } = deps;
  const roles = createRoleRepository(db);
  return {
    roles,
    moderation: deps.moderation,
    actor: (userId: number): Promise<StaffActor> => staffActor(db, roles, userId),
    reports: createModReportService({
      db,
      reports: createModReportRepository(db),
      removeImage: deps.removeImage,
      now,
    }),
    users: createModUserService({
      db,
      users: createModUserRepository(db),
      roles,
      sessions: deps.sessions,
      moderation: deps.moderation,
      now,
    }),
    /** Resolving a child-safety review, with its audit entry in the same transaction. */
    resolveReview: (actor: StaffActor, reviewId: number, resolution: string) =>
      deps.moderation.resolveReview(reviewId, actor.name, resolution, (trx, at) =>
        appendAudit(trx, {
          actor,
          action: 'review_resolved',
          target: { type: 'review', id: reviewId },
          note: resolution,
          at,
        }).then(() => undefined),
      ),
    audit: (before: number | undefined, limit: number) => listAudit(db, { before, limit }),
    /** Whether an image has a report or a safety review: only those are previewed for staff. */
    underReview: async (uuid: string): Promise<boolean> => {
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
    },
  };
}
export type ModServices = ReturnType<typeof createModServices>;
