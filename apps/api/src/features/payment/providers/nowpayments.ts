import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  NotificationRejected,
  type Checkout,
  type CheckoutOrder,
  type CheckoutUrls,
  type IncomingNotification,
  type PaymentEvent,
  type PaymentProvider,
} from './provider.ts';

/**
 * NOWPayments (crypto), per its API documentation (documenter.getpostman.com/view/7907941/S1a32n38, the
 * "NOWPayments API" Postman collection: "Create invoice", "Get payment status", "Instant Payments
 * Notifications", "Repeated Deposits and Wrong-Asset Deposits") and its help centre ("Payment statuses").
 *
 * Checkout: POST {apiUrl}/invoice with the `x-api-key` header; the buyer goes to the answer's `invoice_url`
 * (a hosted page where they pick a coin), and the invoice `id` is the checkout's providerRef. Crypto has no
 * recurring billing: a `recurring` plan order still gets a one-off invoice for its price (one month).
 *
 * Notifications (IPN): a JSON POST to `ipn_callback_url` with `x-nowpayments-sig` = hex HMAC-SHA512, keyed
 * with the IPN secret, of JSON.stringify of the body with its keys sorted recursively. One notification per
 * status change of a *payment* (an invoice can have several payments); the same status may be sent again
 * (the dashboard's "resend", recurrent notifications after an error), so eventId = `payment_id:status`.
 */

export const NOWPAYMENTS_API_URL = 'https://api.nowpayments.io/v1';

export interface NowPaymentsOptions {
  apiKey: string;
  ipnSecret: string;
  /** Defaults to NOWPAYMENTS_API_URL. */
  apiUrl?: string;
  fetch?: typeof fetch;
}

/** How long an invoice request may take before the checkout gives up (the buyer is waiting). */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * `payment_status` → what it means for the order. Decisions:
 * - `finished` alone is "paid": the docs define it as "the funds have reached your personal address and the
 *   payment is finished". `confirmed` (enough blockchain confirmations) is not final: the payment can still
 *   end `partially_paid` or `failed`, so it is informational like `waiting`, `confirming` and `sending`.
 * - `partially_paid` is final too (the help centre: a completed payment where the customer sent less than
 *   the price; NOWPayments does not refund it). It is read as "paid" with the fiat value actually received
 *   in amountCents, always below the order's price, so the order service's amount check flags it and grants
 *   nothing; the operator settles it by hand.
 * - `failed` and `expired` (no deposit within the time window) are "failed"; `refunded` is "refunded".
 * - Anything else (the merchant's manual `cancelled` on a partially paid payment, a status added later) is
 *   genuine but informational.
 */
type StatusMeaning = 'paid' | 'partial' | 'failed' | 'refunded' | 'info';
const STATUS_MEANING: Record<string, StatusMeaning> = {
  waiting: 'info',
  confirming: 'info',
  confirmed: 'info',
  sending: 'info',
  finished: 'paid',
  partially_paid: 'partial',
  failed: 'failed',
  expired: 'failed',
  refunded: 'refunded',
};

export function createNowPaymentsProvider(options: NowPaymentsOptions): PaymentProvider {
  const apiUrl = (options.apiUrl ?? NOWPAYMENTS_API_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  return {
    id: 'nowpayments',
    kind: 'crypto',

    async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<Checkout> {
      const body = {
        price_amount: Number(centsToDecimal(order.amountCents)),
        price_currency: order.currency,
        order_id: order.id,
        order_description: order.product,
        ipn_callback_url: urls.notify,
        success_url: urls.success,
        cancel_url: urls.cancel,
      };
      let response: Response;
      try {
        response = await doFetch(`${apiUrl}/invoice`, {
          method: 'POST',
          headers: {
            'x-api-key': options.apiKey,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new Error(`NOWPayments invoice request failed: ${describe(error)}`, { cause: error });
      }
      const text = await response.text();
      const answer = parseJson(text);
      if (!response.ok) {
        throw new Error(
          `NOWPayments invoice refused: HTTP ${response.status}${errorDetail(answer, options.apiKey)}`,
        );
      }
      if (!isRecord(answer)) throw new Error('NOWPayments invoice answer is not a JSON object');
      const invoiceUrl = answer.invoice_url;
      if (typeof invoiceUrl !== 'string' || !isHttpUrl(invoiceUrl)) {
        throw new Error('NOWPayments invoice answer has no valid invoice_url');
      }
      const id = answer.id;
      if ((typeof id !== 'string' || id === '') && typeof id !== 'number') {
        throw new Error('NOWPayments invoice answer has no id');
      }
      return { redirectUrl: invoiceUrl, providerRef: String(id) };
    },

    readNotification(notification: IncomingNotification): PaymentEvent | null {
      const signature = singleHeader(notification.headers['x-nowpayments-sig']);
      if (!signature) throw new NotificationRejected('NOWPayments IPN without x-nowpayments-sig');
      const body = parseJson(notification.rawBody);
      if (!isRecord(body)) throw new NotificationRejected('NOWPayments IPN body is not a JSON object');
      if (!signatureMatches(body, signature, options.ipnSecret)) {
        throw new NotificationRejected('NOWPayments IPN signature does not match');
      }
      return readPayment(body);
    },
  };
}

/** What a verified IPN says. Withdrawal and custodial IPNs (no payment_id/payment_status) say nothing here. */
function readPayment(body: Record<string, unknown>): PaymentEvent | null {
  const paymentId = idOf(body.payment_id);
  const status = typeof body.payment_status === 'string' ? body.payment_status : undefined;
  if (paymentId === undefined || status === undefined) return null;
  // A repeated deposit (another payment to the same address) or a wrong-asset deposit carries the original
  // payment in parent_payment_id; its amount may differ from the price and NOWPayments advises against
  // granting automatically on it ("Repeated Deposits and Wrong-Asset Deposits"): the operator reviews it.
  if (body.parent_payment_id !== null && body.parent_payment_id !== undefined) return null;

  const meaning = STATUS_MEANING[status] ?? 'info';
  if (meaning === 'info') return null;
  const event: PaymentEvent = {
    eventId: `${paymentId}:${status}`,
    kind: meaning === 'partial' ? 'paid' : meaning,
    providerRef: paymentId,
  };
  const orderId = idOf(body.order_id);
  if (orderId !== undefined) event.orderId = orderId;
  if (meaning === 'paid' || meaning === 'partial') {
    // price_amount/price_currency are the invoice's fiat price (what this server asked); pay_amount and
    // actually_paid are in the coin the buyer chose.
    const priceCents = decimalToCents(body.price_amount);
    if (priceCents === undefined) throw new Error('NOWPayments IPN without a valid price_amount');
    event.amountCents = meaning === 'paid' ? priceCents : partialCents(priceCents, body);
    if (typeof body.price_currency === 'string') event.currency = body.price_currency.toLowerCase();
  }
  return event;
}

/**
 * The fiat value of a partial payment: the price times the share of the expected coin amount that arrived
 * (actually_paid / pay_amount, both in the pay currency), rounded down and kept below the price so the
 * amount check always sees the shortfall. Unknown shares count as nothing received.
 */
function partialCents(priceCents: number, body: Record<string, unknown>): number {
  const expected = Number(body.pay_amount);
  const received = Number(body.actually_paid);
  if (!(expected > 0) || !(received >= 0)) return 0;
  return Math.max(0, Math.min(priceCents - 1, Math.floor((priceCents * received) / expected)));
}

/**
 * The documented check: HMAC-SHA512 over JSON.stringify of the body with object keys sorted at every depth
 * (the docs' PHP `tksort` and Python `sort_keys=True` keep arrays as arrays). The docs' Node example instead
 * turns arrays into objects keyed "0", "1"…; where the body holds an array, that form is accepted too. Both
 * are computed from the same parsed body with the same secret, so neither lets an unsigned body through.
 */
function signatureMatches(body: Record<string, unknown>, signature: string, secret: string): boolean {
  const forms = [JSON.stringify(sortKeys(body, false))];
  if (containsArray(body)) forms.push(JSON.stringify(sortKeys(body, true)));
  const received = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  let matched = false;
  for (const form of forms) {
    const expected = Buffer.from(createHmac('sha512', secret).update(form).digest('hex'), 'utf8');
    // Constant time over every form, whatever matched first.
    if (expected.length === received.length && timingSafeEqual(expected, received)) matched = true;
  }
  return matched;
}

function sortKeys(value: unknown, arraysAsObjects: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => sortKeys(item, arraysAsObjects));
    return arraysAsObjects
      ? sortKeys(Object.fromEntries(items.map((item, index) => [index, item])), true)
      : items;
  }
  if (isRecord(value)) {
    // fromEntries defines own properties, so even a "__proto__" key stays data.
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys(value[key], arraysAsObjects)]),
    );
  }
  return value;
}

function containsArray(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  return isRecord(value) && Object.values(value).some(containsArray);
}

/** Integer cents as the decimal the API takes: 1199 → "11.99" (no float arithmetic). */
function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`NOWPayments: invalid amount ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A decimal (number or numeric string, as the API sends either) → integer cents. */
function decimalToCents(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const cents = Math.round(Number(text) * 100);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

function idOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value === '' ? undefined : value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The documented error body ({ status: false, statusCode, code, message }), never echoing the API key. */
function errorDetail(answer: unknown, apiKey: string): string {
  if (!isRecord(answer)) return '';
  const parts = [answer.code, answer.message].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return '';
  const detail = parts.join(': ').slice(0, 300);
  return ` (${apiKey ? detail.split(apiKey).join('[api key]') : detail})`;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}
