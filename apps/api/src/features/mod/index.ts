import type { DB } from '../../db/database.ts';
import type { ModerationService } from '../moderation/index.ts';
import type { SessionService } from '../session/index.ts';
import { staffActor, type StaffActor } from './actor.ts';
import { appendAudit, listAudit } from './audit-repository.ts';
import { createModReportRepository, imageUnderReview } from './report-repository.ts';
import { createModReportService } from './report-service.ts';
import { createRoleRepository } from './role-repository.ts';
import { createModUserRepository } from './user-repository.ts';
import { createModUserService } from './user-service.ts';
import { createModCommerceService } from './commerce-service.ts';

export { createRoleRepository, type RoleRepository } from './role-repository.ts';
export { registerModRoutes } from './routes.ts';
export { registerModImageRoutes } from './image-routes.ts';
export { registerModOperationRoutes } from './operation-routes.ts';
export { createModOperations, type ModOperations } from './operations.ts';
export { registerModCommerceRoutes } from './commerce-routes.ts';

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
    actor: (userId: number): Promise<StaffActor> => staffActor(roles, userId),
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
    /** Flagged payments and game events (admins only). */
    commerce: createModCommerceService({ db, now }),
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
    underReview: (uuid: string) => imageUnderReview(db, uuid),
  };
}
export type ModServices = ReturnType<typeof createModServices>;
