import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentEventKind } from '@mirage/domain';
import {
  NotificationRejected,
  type Checkout,
  type CheckoutOrder,
  type IncomingNotification,
  type PaymentEvent,
  type PaymentProvider,
} from './provider.ts';

/**
 * The sandbox provider (docs/product/commerce.md#providers): on by default outside production and refused
 * in production, so that `npm start` sells on a laptop. Its checkout is a page of ours, labelled "test
 * payment — no money moves", where the buyer approves or declines; the page then sends this server a
 * notification signed like a real provider's (HMAC-SHA256 of the exact body, header `x-sandbox-signature`),
 * which goes through the same verification and settlement as CCBill's or NOWPayments'.
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const KINDS: readonly PaymentEventKind[] = [
  'paid',
  'failed',
  'refunded',
  'charged_back',
  'renewed',
  'cancelled',
];

export interface SandboxNotificationBody {
  event_id: string;
  kind: PaymentEventKind;
  order_id: string;
  amount_cents: number;
  currency: string;
}

export function createSandboxProvider(options: {
  secret: string;
  checkoutPath: (orderId: string) => string;
}) {
  const sign = (body: string) => createHmac('sha256', options.secret).update(body).digest('hex');

  const provider: PaymentProvider & {
    /** The body and signature header of a notification, as the checkout page sends it. */
    signedNotification(body: SandboxNotificationBody): { rawBody: string; headers: Record<string, string> };
  } = {
    id: 'sandbox',
    kind: 'test',

    createCheckout(order: CheckoutOrder): Promise<Checkout> {
      return Promise.resolve({ redirectUrl: options.checkoutPath(order.id), providerRef: `sbx_${order.id}` });
    },

    readNotification(notification: IncomingNotification): PaymentEvent | null {
      const sent = notification.headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof sent !== 'string' || !/^[0-9a-f]{64}$/.test(sent))
        throw new NotificationRejected('no signature');
      const expected = Buffer.from(sign(notification.rawBody), 'hex');
      if (!timingSafeEqual(Buffer.from(sent, 'hex'), expected))
        throw new NotificationRejected('bad signature');
      const body = JSON.parse(notification.rawBody) as Partial<SandboxNotificationBody>;
      if (typeof body.event_id !== 'string' || !KINDS.includes(body.kind as PaymentEventKind)) {
        throw new NotificationRejected('not a sandbox notification');
      }
      return {
        eventId: body.event_id,
        kind: body.kind!,
        orderId: typeof body.order_id === 'string' ? body.order_id : undefined,
        amountCents: typeof body.amount_cents === 'number' ? body.amount_cents : undefined,
        currency: typeof body.currency === 'string' ? body.currency : undefined,
      };
    },

    signedNotification(body) {
      const rawBody = JSON.stringify(body);
      return { rawBody, headers: { [SANDBOX_SIGNATURE_HEADER]: sign(rawBody) } };
    },
  };
  return provider;
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
