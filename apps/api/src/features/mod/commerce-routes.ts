import {
  createStaffGameEvent,
  endStaffGameEvent,
  listFlaggedPayments,
  listStaffGameEvents,
  resolveFlaggedPayment,
} from '@mirage/contract';
import { staffRolesFor } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { StoredGameEvent } from '../game-event/index.ts';
import type { PaymentReviewItem } from '../payment/index.ts';
import type { ModServices } from './index.ts';

const iso = (date: Date) => date.toISOString();

function flaggedPaymentView(item: PaymentReviewItem) {
  return { ...item, created_at: iso(item.created_at), flagged_at: iso(item.flagged_at) };
}

function gameEventView(event: StoredGameEvent & { finds: number; finders: number; state: string }) {
  return {
    uuid: event.uuid,
    title: event.title as Record<string, string>,
    description: event.description as Record<string, string>,
    starts_at: iso(event.starts_at),
    ends_at: iso(event.ends_at),
    state: event.state as 'upcoming' | 'running' | 'ended',
    reward_tokens: event.reward_tokens,
    images_total: event.images_total,
    finds: event.finds,
    finders: event.finders,
  };
}

/**
 * `/api/mod/payments` (flagged payments) and `/api/mod/events` (game events): the console's admin-only
 * areas for money and events (docs/product/moderation-console.md).
 */
export function registerModCommerceRoutes(fastify: FastifyInstance, deps: { mod: ModServices }): void {
  const { mod } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payments = { auth: staffRolesFor('payments') };
  const events = { auth: staffRolesFor('events') };

  app.get(
    listFlaggedPayments.path,
    { config: payments, schema: schemaOf(listFlaggedPayments) },
    async (request) => ({
      items: (await mod.commerce.flaggedPayments(request.query.limit, request.query.offset)).map(
        flaggedPaymentView,
      ),
    }),
  );
  app.post(
    resolveFlaggedPayment.path,
    { config: payments, schema: schemaOf(resolveFlaggedPayment) },
    async (request) => {
      const actor = await mod.actor(userIdOf(request));
      const { kind, id } = request.params;
      await mod.commerce.resolvePayment(actor, kind, id, request.body.note);
      return { ok: true as const };
    },
  );

  app.get(
    listStaffGameEvents.path,
    { config: events, schema: schemaOf(listStaffGameEvents) },
    async (request) => ({
      items: (await mod.commerce.listEvents(request.query.limit, request.query.offset)).map(gameEventView),
    }),
  );
  app.post(
    createStaffGameEvent.path,
    { config: events, schema: schemaOf(createStaffGameEvent) },
    async (request) =>
      gameEventView(await mod.commerce.createEvent(await mod.actor(userIdOf(request)), request.body)),
  );
  app.post(
    endStaffGameEvent.path,
    { config: events, schema: schemaOf(endStaffGameEvent) },
    async (request) => {
      const actor = await mod.actor(userIdOf(request));
      return mod.commerce.endEvent(actor, request.params.uuid.toLowerCase(), request.body.note);
    },
  );
}
