import {
  afterPaidMonth,
  afterReversal,
  dayRef,
  EVENT_DEDUPE_KEY,
  grantOf,
  isUuid,
  nextOrderStatus,
  productById,
  startOfUtcDay,
  type OrderStatus,
} from '@mirage/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { post } from '../ledger/index.ts';
import { appendEvent } from '../outbox/index.ts';
import { takeBackReferrerGain } from '../referral/index.ts';
import { applyPlanChange, lockPlanHolder } from './plan-repository.ts';
import type { PaymentEvent, ProviderId } from './providers/provider.ts';

/** What a notification did. */
export type SettlementOutcome = 'applied' | 'ignored' | 'flagged' | 'unmatched' | 'replayed';

type Trx = Transaction<Database>;
interface OrderRow {
  id: string;
  user_id: number;
  product: string;
  currency: string;
  amount_cents: number;
  status: string;
}

/** The order a notification is about, locked: by our id when it carries one, else by the provider's ref. */
async function lockOrder(trx: Trx, provider: ProviderId, event: PaymentEvent): Promise<OrderRow | undefined> {
  let query = trx
    .selectFrom('payment_order')
    .select(['id', 'user_id', 'product', 'currency', 'amount_cents', 'status'])
    .where('provider', '=', provider);
  if (isUuid(event.orderId)) query = query.where('id', '=', event.orderId);
  else if (event.providerRef) query = query.where('provider_ref', '=', event.providerRef);
  else return undefined;
  // The first order of a subscription, when several share its ref (renewals never create orders).
  return query.orderBy('created_at').limit(1).forUpdate().executeTakeFirst();
}

/** A paid month of the order's plan (its energy comes at once: plan-repository.ts). */
async function grantPlanMonth(trx: Trx, order: OrderRow, months: number, key: string, now: Date) {
  const grant = grantOf(productById(order.product)!);
  if (grant.kind !== 'plan') return;
  const user = await lockPlanHolder(trx, order.user_id);
  await applyPlanChange(trx, user, afterPaidMonth(user, grant.plan, months, now), key, now);
}

/** What the order bought: its tickets through the ledger, or its plan's month. */
async function grant(trx: Trx, order: OrderRow, key: string, now: Date) {
  const granted = grantOf(productById(order.product)!);
  if (granted.kind === 'tickets') {
    const ref = { type: 'order' as const, id: order.id };
    await post(
      trx,
      [{ userId: order.user_id, currency: 'tickets', delta: granted.tickets, reason: 'purchase', ref }],
      key,
    );
    return;
  }
  await grantPlanMonth(trx, order, granted.months, key, now);
}

/**
 * Takes back what a refunded or charged-back order granted, as far as balances allow (never below zero):
 * a pack's tickets, or the plan (ended now, energy to none). Says what it took, and the tickets it could not.
 */
async function takeBack(trx: Trx, order: OrderRow, key: string, now: Date): Promise<TakenBack> {
  const granted = grantOf(productById(order.product)!);
  const user = await lockPlanHolder(trx, order.user_id);
  const ref = { type: 'order' as const, id: order.id };
  if (granted.kind === 'tickets') {
    const taken = Math.min(granted.tickets, user.generation_token);
    if (taken > 0) {
      await post(
        trx,
        [{ userId: user.id, currency: 'tickets', delta: -taken, reason: 'purchase_reversal', ref }],
        key,
      );
    }
    return { takenTickets: taken, shortfall: granted.tickets - taken, planEnded: false };
  }
  const after = afterReversal(user, granted.plan, now);
  if (after !== user) {
    await trx
      .updateTable('app_user')
      .set({ plan: after.plan, pro_expire: after.pro_expire, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    if (user.daily_token > 0) {
      const day = dayRef(startOfUtcDay(now));
      await post(
        trx,
        [
          {
            userId: user.id,
            currency: 'energy',
            delta: -user.daily_token,
            reason: 'energy_lapsed',
            ref: day,
          },
        ],
        `energy:${key}`,
      );
    }
  }
  return { takenTickets: 0, shortfall: 0, planEnded: after !== user };
}

interface TakenBack {
  takenTickets: number;
  shortfall: number;
  planEnded: boolean;
}

/**
 * `payment.succeeded` (the receipt mail's cue), in the settlement's transaction: it exists exactly when
 * the credit does, once per provider event like the settlement itself (a replay never gets this far; the
 * dedupe key holds even so).
 */
async function recordSuccess(trx: Trx, order: OrderRow, provider: ProviderId, eventId: string) {
  await appendEvent(
    trx,
    { type: 'payment.succeeded', payload: { orderId: order.id, userId: order.user_id } },
    { dedupeKey: EVENT_DEDUPE_KEY.paymentSucceeded(provider, eventId) },
  );
}

/** Whether the paid amount matches the order's (a notification that does not say is taken as matching). */
function amountMatches(order: OrderRow, event: PaymentEvent): boolean {
  if (event.amountCents !== undefined && event.amountCents !== order.amount_cents) return false;
  return event.currency === undefined || event.currency.toLowerCase() === order.currency;
}

async function setStatus(trx: Trx, orderId: string, status: string, now: Date, extra: object = {}) {
  // A new flag on an order reviewed before asks for a new look (migration 0022).
  const reopened =
    'review' in extra ? { review_resolved_at: null, review_resolved_by: null, review_note: null } : {};
  await trx
    .updateTable('payment_order')
    .set({ status, updated_at: now, ...extra, ...reopened })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Applies one verified notification, all in one transaction (docs/product/commerce.md#exactly-once): the
 * notification's (provider, event id) row is claimed first, so a replay, even a parallel one, finds it and
 * changes nothing; the order is locked; the grant or the take-back goes through the ledger with the
 * provider's event as the idempotency key. An amount or currency that does not match the order flags it
 * and grants nothing; an event the order's status does not allow (out of order) is recorded and ignored.
 */
export function createSettlementRepository(db: DB) {
  return {
    async settle(provider: ProviderId, event: PaymentEvent, now: Date): Promise<SettlementOutcome> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('payment_notification')
          .values({ provider, event_id: event.eventId, kind: event.kind, outcome: 'unmatched' })
          .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return 'replayed';
        const outcome = await settleClaimed(trx, provider, event, now);
        await trx
          .updateTable('payment_notification')
          .set({ outcome: outcome.outcome, order_id: outcome.orderId })
          .where('id', '=', claimed.id)
          .execute();
        return outcome.outcome;
      });
    },
  };
}

async function settleClaimed(
  trx: Trx,
  provider: ProviderId,
  event: PaymentEvent,
  now: Date,
): Promise<{ outcome: SettlementOutcome; orderId: string | null }> {
  const order = await lockOrder(trx, provider, event);
  if (!order || !productById(order.product)) return { outcome: 'unmatched', orderId: null };
  const key = `payment:${provider}:${event.eventId}`;
  const result = (outcome: SettlementOutcome) => ({ outcome, orderId: order.id });
  if (event.kind === 'renewed') {
    if (order.status !== 'SUCCESS') return result('ignored');
    if (!amountMatches(order, event)) {
      await setStatus(trx, order.id, order.status, now, { review: 'renewal_amount_mismatch' });
      return result('flagged');
    }
    await grantPlanMonth(trx, order, 1, key, now);
    await recordSuccess(trx, order, provider, event.eventId);
    return result('applied');
  }
  if (event.kind === 'cancelled') return result('applied'); // renewals stop; the month paid runs out
  const next = nextOrderStatus(order.status as OrderStatus, event.kind);
  if (next === null) return result('ignored');
  if (event.kind === 'paid') {
    if (!amountMatches(order, event)) {
      await setStatus(trx, order.id, order.status, now, { review: 'amount_mismatch' });
      return result('flagged');
    }
    await setStatus(trx, order.id, next, now, {
      paid_at: now,
      ...(event.providerRef ? { provider_ref: sql`coalesce(provider_ref, ${event.providerRef})` } : {}),
    });
    await grant(trx, order, key, now);
    await recordSuccess(trx, order, provider, event.eventId);
    return result('applied');
  }
  if (event.kind === 'failed') {
    await setStatus(trx, order.id, next, now);
    return result('applied');
  }
  // Refunded or charged back.
  const takenBack = await takeBack(trx, order, key, now);
  const { shortfall } = takenBack;
  // The referrer's gain, when this was the referred buyer's first purchase, goes back the same way.
  const referrerShortfall = await takeBackReferrerGain(trx, order.id);
  const review =
    shortfall > 0
      ? `reversal_shortfall:${shortfall}`
      : referrerShortfall > 0
        ? `referrer_reversal_shortfall:${referrerShortfall}`
        : null;
  await setStatus(trx, order.id, next, now, review ? { review } : {});
  // The buyer is told what was taken back (reversal mail), once per provider event like the rest.
  await appendEvent(
    trx,
    {
      type: 'payment.reversed',
      payload: { orderId: order.id, userId: order.user_id, kind: event.kind, ...takenBack },
    },
    { dedupeKey: EVENT_DEDUPE_KEY.paymentReversed(provider, event.eventId) },
  );
  if (event.kind === 'charged_back') {
    await trx
      .updateTable('app_user')
      .set({ review_reason: 'chargeback' })
      .where('id', '=', order.user_id)
      .execute();
  }
  return result('applied');
}
export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
