import { randomUUID } from 'node:crypto';
import {
  effectivePlan,
  grantOf,
  packDiscountPercent,
  PLAN,
  PLAN_OFFERS,
  planPurchaseRefusal,
  productById,
  TICKET_PACKS,
  type MoneyCurrency,
} from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { AppMetrics } from '../../http/metrics-registry.ts';
import type { OrderRepository } from './order-repository.ts';
import type { SandboxProvider } from './providers/sandbox.ts';
import {
  NotificationRejected,
  type IncomingNotification,
  type PaymentProvider,
  type ProviderId,
} from './providers/provider.ts';
import type { SettlementOutcome, SettlementRepository } from './settlement-repository.ts';

/** The longest event id this server keeps (a provider's transaction id and status, with room to spare). */
const MAX_EVENT_ID = 160;

/** Where the buyer comes back to from the provider's checkout, paid or not. */
function returnUrls(provider: PaymentProvider, orderId: string, publicUrl: string) {
  const page = (path: string, extra: Record<string, string> = {}) => {
    const url = new URL(path, publicUrl);
    url.searchParams.set('order', orderId);
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
    return url;
  };
  if (provider.kind === 'crypto') {
    return { success: page('/crypto-payment/success'), cancel: page('/crypto-payment/cancel') };
  }
  return { success: page('/tickets'), cancel: page('/tickets', { cancelled: '1' }) };
}

/** The shop and its payments (docs/product/commerce.md): orders, notifications, history, the sandbox. */
export function createPaymentService(deps: {
  orders: OrderRepository;
  settlement: SettlementRepository;
  /** The configured providers, in the order the shop offers them. */
  providers: readonly PaymentProvider[];
  sandbox: SandboxProvider | null;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Orders and notifications by provider, recorded after their transaction committed. */
  metrics: Pick<AppMetrics, 'orderCreated' | 'paymentNotification'>;
}) {
  const { orders } = deps;
  const byId = new Map(deps.providers.map((provider) => [provider.id, provider]));

  function providerOf(id: string): PaymentProvider {
    const provider = byId.get(id as ProviderId);
    if (!provider) throw new AppError('payment_provider_unavailable');
    return provider;
  }

  async function receive(providerId: string, incoming: IncomingNotification): Promise<SettlementOutcome> {
    const provider = providerOf(providerId);
    let event;
    try {
      event = provider.readNotification(incoming);
    } catch (error) {
      if (error instanceof NotificationRejected) {
        deps.metrics.paymentNotification(provider.id, 'unknown', 'rejected');
        deps.log.warn(
          { provider: provider.id, reason: error.message, ip: incoming.ip },
          'payment notification refused',
        );
        throw new AppError('unauthorized_resource');
      }
      // Genuine but unreadable (a field missing, a body that is not what the provider documents): a 400 the
      // provider will retry or show, never a 500; the log says what was wrong.
      deps.metrics.paymentNotification(provider.id, 'unknown', 'unreadable');
      deps.log.warn({ err: error, provider: provider.id }, 'payment notification unreadable');
      throw new AppError('validation_error', { field: 'body' });
    }
    if (!event) {
      deps.metrics.paymentNotification(provider.id, 'unknown', 'ignored');
      return 'ignored';
    }
    if (event.eventId.length === 0 || event.eventId.length > MAX_EVENT_ID) {
      deps.metrics.paymentNotification(provider.id, event.kind, 'rejected');
      throw new AppError('unauthorized_resource');
    }
    const outcome = await deps.settlement.settle(provider.id, event, deps.now());
    // settle committed (or threw, counting nothing): the order's transition as the settlement saw it.
    deps.metrics.paymentNotification(provider.id, event.kind, outcome);
    if (outcome === 'flagged' || outcome === 'unmatched') {
      deps.log.warn(
        { provider: provider.id, event: event.eventId, kind: event.kind, outcome },
        'payment needs review',
      );
    }
    return outcome;
  }

  return {
    shop() {
      return {
        packs: TICKET_PACKS.map((pack) => ({
          id: pack.id,
          tickets: pack.tickets,
          bonus: pack.bonus,
          price_cents: pack.priceCents,
          discount_percent: packDiscountPercent(pack),
          trial: pack.trial,
          best: pack.best,
        })),
        plans: PLAN_OFFERS.map((offer) => ({
          id: offer.id,
          plan: offer.plan,
          months: offer.months,
          price_cents: offer.priceCents,
          base_price_cents: offer.basePriceCents,
          energy: offer.energy,
          images_per_day: offer.imagesPerDay,
        })),
        providers: deps.providers.map((provider) => provider.id),
      };
    },

    /** An order at today's price, and the provider's checkout for it. */
    async createOrder(userId: number, providerId: string, productId: string, currency: MoneyCurrency) {
      const provider = providerOf(providerId);
      const product = productById(productId);
      if (!product) throw new AppError('product_not_found');
      const buyer = await orders.buyer(userId);
      if (!buyer) throw new AppError('token_invalid');
      // A purchase needs a verified address (receipts and a chargeback's follow-up go to it); generating
      // does not, so an unverified account only meets this here.
      if (!buyer.email_verified_at) throw new AppError('email_not_verified');
      const grant = grantOf(product);
      if (grant.kind === 'plan' && planPurchaseRefusal(buyer, grant.plan, deps.now())) {
        throw new AppError('already_pro');
      }
      const order = {
        id: randomUUID(),
        userId,
        provider: provider.id,
        product: product.id,
        currency,
        amountCents: product.priceCents[currency],
      };
      await orders.create(order);
      deps.metrics.orderCreated(provider.id);
      const { success, cancel } = returnUrls(provider, order.id, deps.publicUrl);
      try {
        const checkout = await provider.createCheckout(
          {
            id: order.id,
            product: product.id,
            amountCents: order.amountCents,
            currency,
            recurring: grant.kind === 'plan',
            user: { id: userId, email: buyer.email },
          },
          {
            success: success.href,
            cancel: cancel.href,
            notify: new URL(`/api/payment/${provider.id}/webhook`, deps.publicUrl).href,
          },
        );
        if (checkout.providerRef) await orders.setProviderRef(order.id, checkout.providerRef);
        return { order_id: order.id, redirect_url: checkout.redirectUrl };
      } catch (error) {
        deps.log.error({ err: error, provider: provider.id, order: order.id }, 'checkout not created');
        throw new AppError('payment_failed');
      }
    },

    receive,

    /**
     * The settings' premium renewal card: the plan and its expiry, and whether it renews by itself (the
     * latest plan bought with a provider whose payments renew, not cancelled since) with where to stop it.
     */
    async subscription(userId: number) {
      const buyer = await orders.buyer(userId);
      if (!buyer) throw new AppError('token_invalid');
      const planProducts = PLAN_OFFERS.map((offer) => offer.id);
      const latest = await orders.latestPlanOrder(userId, planProducts);
      const provider = latest ? byId.get(latest.provider as ProviderId) : undefined;
      const running = effectivePlan(buyer, deps.now());
      const renews = Boolean(running !== PLAN.free && provider?.manageSubscriptionUrl && !latest?.cancelled);
      return {
        plan: running,
        pro_expire: running !== PLAN.free && buyer.pro_expire ? buyer.pro_expire.toISOString() : null,
        renews,
        manage_url: renews ? (provider?.manageSubscriptionUrl ?? null) : null,
      };
    },

    async history(userId: number, page: number, size: number) {
      const { items, total } = await orders.history(userId, page, size);
      return {
        items: items.map((order) => ({
          id: order.id,
          provider: order.provider as ProviderId,
          product: order.product,
          currency: order.currency as MoneyCurrency,
          amount_cents: order.amount_cents,
          status: order.status,
          created_at: order.created_at.toISOString(),
          paid_at: order.paid_at ? order.paid_at.toISOString() : null,
        })),
        page,
        pages: Math.ceil(total / size),
        total,
      };
    },

    /**
     * The sandbox checkout's decision: a signed `paid` (approve) or `failed` (decline) notification, sent
     * through `receive` like any provider's. Only the order's buyer decides, and only on a sandbox order.
     */
    async decideSandbox(userId: number, orderId: string, approve: boolean) {
      const sandbox = deps.sandbox;
      if (!sandbox || !byId.has('sandbox')) throw new AppError('payment_provider_unavailable');
      const order = await orders.ofUser(orderId, userId);
      if (!order || order.provider !== 'sandbox') throw new AppError('order_not_found');
      const { rawBody, headers } = sandbox.signedNotification({
        event_id: `${order.id}:${approve ? 'paid' : 'failed'}`,
        kind: approve ? 'paid' : 'failed',
        order_id: order.id,
        amount_cents: order.amount_cents,
        currency: order.currency,
      });
      await receive('sandbox', { headers, rawBody, ip: '127.0.0.1' });
      return { status: (await orders.ofUser(orderId, userId))!.status };
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
