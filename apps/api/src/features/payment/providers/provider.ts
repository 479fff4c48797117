import type { MoneyCurrency, PaymentEventKind, ProductId } from '@mirage/domain';

/**
 * One payment provider behind one interface (docs/product/commerce.md#providers): create a checkout for an
 * order this server made, and verify and read a notification into a provider-neutral payment event. Adding
 * a provider (Verotel, Segpay, BTCPay) is one file that implements this.
 */
export type ProviderId = 'sandbox' | 'ccbill' | 'nowpayments';

/** The order a checkout is made for, as this server stored it. */
export interface CheckoutOrder {
  id: string;
  product: ProductId;
  /** Integer cents. */
  amountCents: number;
  currency: MoneyCurrency;
  /** A one-month plan renews monthly at the provider when it supports subscriptions. */
  recurring: boolean;
  user: { id: number; email: string };
}

export interface CheckoutUrls {
  /** Where the buyer returns after paying (the shop, which shows the outcome). */
  success: string;
  /** Where the buyer returns after giving up. */
  cancel: string;
  /** Where the provider sends its notifications (the webhook, with its path secret where one is used). */
  notify: string;
}

export interface Checkout {
  /** Where to send the buyer: the provider's hosted page (or the sandbox's page of ours). */
  redirectUrl: string;
  /** The provider's id for this payment, when it gives one at creation (an invoice id). */
  providerRef?: string;
}

/** A notification as it arrived: what a verifier needs (the exact bytes it may be signed over). */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** The sender's address (TRUST_PROXY aware): for providers that publish their source ranges. */
  ip: string;
  /** The path's secret segment, for providers that sign nothing (CCBill). */
  pathSecret?: string;
}

/** What a verified notification says, provider-neutral. */
export interface PaymentEvent {
  /** Unique per provider: a replay of the same notification has the same id and is applied once. */
  eventId: string;
  kind: PaymentEventKind;
  /** This server's order id, when the notification carries it. */
  orderId?: string;
  /** The provider's transaction or subscription id. */
  providerRef?: string;
  /** What was paid, when the notification says (checked against the order). */
  amountCents?: number;
  currency?: string;
}

/** A notification that is not the provider's (bad or missing signature, unknown source): answered 401/403. */
export class NotificationRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

export interface PaymentProvider {
  id: ProviderId;
  /**
   * How the buyer pays. A crypto payment is final only after confirmations, so its buyer returns to
   * /crypto-payment/{success|cancel} (spec §2 "Crypto status page"); the others return to the shop.
   */
  kind: 'card' | 'crypto' | 'test';
  /**
   * Where a subscriber stops the renewals of a plan bought here, for a provider whose plan payments renew
   * by themselves (CCBill); absent for one-off payments (crypto, the sandbox), which never renew.
   */
  manageSubscriptionUrl?: string;
  /** Creates the provider's checkout for `order`. */
  createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<Checkout>;
  /**
   * Verifies a notification and reads it: a PaymentEvent, or null for one that is genuine but says nothing
   * this server acts on (an informational status). Throws NotificationRejected when it is not genuine.
   */
  readNotification(notification: IncomingNotification): PaymentEvent | null;
}
