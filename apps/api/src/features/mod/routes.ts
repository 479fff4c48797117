import {
  adjustUserBalance,
  approveReport,
  banUser,
  getStaffMe,
  getStaffUser,
  listModerationReviews,
  listStaffAudit,
  listStaffReports,
  muteUser,
  rejectReport,
  resolveModerationReview,
  revokeUserSessions,
  searchStaffUsers,
  unbanUser,
  unmuteUser,
} from '@mirage/contract';
import { staffAreasOf, staffRolesFor } from '@mirage/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { StaffActor } from './actor.ts';
import type { ModServices } from './index.ts';
import { auditView, reportView, reviewView, staffUserView, userSummaryView } from './views.ts';

/**
 * `/api/mod/*`: the moderation console's calls (docs/product/moderation-console.md). Each declares the
 * roles its console area accepts (@mirage/domain STAFF_AREAS); the hook refuses everyone else with
 * `unauthorized_resource` before the handler runs.
 */
export function registerModRoutes(fastify: FastifyInstance, deps: { mod: ModServices }): void {
  const { mod } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest) => mod.actor(userIdOf(request));
  const ok = { ok: true as const };

  app.get(
    getStaffMe.path,
    { config: { auth: staffRolesFor('audit') }, schema: schemaOf(getStaffMe) },
    async (request) => {
      const actor = await actorOf(request);
      return {
        id: actor.id,
        username: actor.name,
        roles: [...actor.roles],
        areas: staffAreasOf(actor.roles),
      };
    },
  );

  // Reports
  const reports = { auth: staffRolesFor('reports') };
  app.get(listStaffReports.path, { config: reports, schema: schemaOf(listStaffReports) }, async (request) => {
    const { state, limit, offset } = request.query;
    return { items: (await mod.reports.list(state, limit, offset)).map(reportView) };
  });
  app.post(approveReport.path, { config: reports, schema: schemaOf(approveReport) }, async (request) => {
    const { outcome, note } = request.body;
    return mod.reports.approve(await actorOf(request), request.params.id, outcome, note ?? null);
  });
  app.post(rejectReport.path, { config: reports, schema: schemaOf(rejectReport) }, async (request) => {
    await mod.reports.reject(await actorOf(request), request.params.id, request.body.note ?? null);
    return ok;
  });

  // The child-safety review queue (moderation feature)
  const reviews = { auth: staffRolesFor('reviews') };
  app.get(
    listModerationReviews.path,
    { config: reviews, schema: schemaOf(listModerationReviews) },
    async (request) => {
      const { state, limit, offset } = request.query;
      return { items: (await mod.moderation.reviews(state, limit, offset)).map(reviewView) };
    },
  );
  app.post(
    resolveModerationReview.path,
    { config: reviews, schema: schemaOf(resolveModerationReview) },
    async (request) => {
      await mod.resolveReview(await actorOf(request), request.params.id, request.body.resolution);
      return ok;
    },
  );

  // Users
  const users = { auth: staffRolesFor('users') };
  app.get(searchStaffUsers.path, { config: users, schema: schemaOf(searchStaffUsers) }, async (request) => ({
    items: (await mod.users.search(request.query.q, request.query.limit)).map(userSummaryView),
  }));
  app.get(getStaffUser.path, { config: users, schema: schemaOf(getStaffUser) }, async (request) =>
    staffUserView(await mod.users.detail(request.params.id)),
  );
  const restrictions = { auth: staffRolesFor('restrictions') };
  // Mute, unmute, ban, unban and sign-out share their shape: an account id and a written reason.
  const restrictionRoutes = [
    [muteUser, (actor: StaffActor, id: number, note: string) => mod.users.mute(actor, id, note)],
    [unmuteUser, (actor: StaffActor, id: number, note: string) => mod.users.unmute(actor, id, note)],
    [banUser, (actor: StaffActor, id: number, note: string) => mod.users.ban(actor, id, note)],
    [unbanUser, (actor: StaffActor, id: number, note: string) => mod.users.unban(actor, id, note)],
    [
      revokeUserSessions,
      (actor: StaffActor, id: number, note: string) => mod.users.revokeSessions(actor, id, note),
    ],
  ] as const;
  for (const [operation, act] of restrictionRoutes) {
    app.post(operation.path, { config: restrictions, schema: schemaOf(operation) }, async (request) => {
      await act(await actorOf(request), request.params.id, request.body.note);
      return ok;
    });
  }
  app.post(
    adjustUserBalance.path,
    { config: { auth: staffRolesFor('balances') }, schema: schemaOf(adjustUserBalance) },
    async (request) => {
      const { currency, delta, note, request_id: requestId } = request.body;
      return mod.users.adjust(await actorOf(request), request.params.id, {
        currency,
        delta,
        note,
        requestId,
      });
    },
  );

  app.get(
    listStaffAudit.path,
    { config: { auth: staffRolesFor('audit') }, schema: schemaOf(listStaffAudit) },
    async (request) => ({
      items: (await mod.audit(request.query.before, request.query.limit)).map(auditView),
    }),
  );
}
