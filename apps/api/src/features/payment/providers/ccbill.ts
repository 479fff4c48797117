import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { productById, type MoneyCurrency, type PaymentEventKind } from '@mirage/domain';
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
 * CCBill (cards), per its documentation at ccbill.com/doc: "Dynamic Pricing User Guide" (FlexForms),
 * "How to Create the formDigest Value", "Webhooks User Guide" and the event pages (NewSaleSuccess,
 * RenewalSuccess, Cancellation, Chargeback, Refund, Void…).
 *
 * Checkout: no API call. The buyer goes to the hosted FlexForm {formUrl}/{flexFormId} with a dynamic
 * price (initialPrice, initialPeriod, currencyCode, and for a subscription recurringPrice, recurringPeriod,
 * numRebills) signed by formDigest = MD5 of those values and the salt, in the documented order. Our order
 * id rides along as the custom form field `orderId`, which CCBill returns as `X-orderId` in the sale's
 * webhooks (as CCBill's own WooCommerce module does with `wc_orderid`). The Approval/Denial return pages
 * and the webhook URL are set per FlexForm/subaccount in the CCBill admin, not per checkout, so `urls` is
 * unused here.
 *
 * Webhooks carry no signature. A notification is accepted only when the URL's secret path segment equals
 * webhookSecret (constant time) AND the sender's address is inside allowedCidrs (CCBILL_WEBHOOK_CIDRS by
 * default); otherwise NotificationRejected.
 *
 * ROUTE WIRING (features/payment/routes.ts): CCBill POSTs to the configured URL with the event in the query:
 *   POST /api/payment/ccbill/webhook?secret=<webhookSecret>&clientAccnum=…&eventType=NewSaleSuccess&…
 * The URL's secret is its `secret` query parameter (one route serves every provider). readNotification gets
 * `pathSecret` = that secret; `ip` = request.ip (TRUST_PROXY aware); `rawBody`
 * = the body as received (choose the JSON format in the admin; URL-encoded is read too); and `headers` =
 * the request headers with CCBILL_EVENT_TYPE_HEADER ('x-ccbill-event-type') SET from `query.eventType`,
 * replacing any such header the request brought.
 *
 * Only the sale events (NewSaleSuccess/NewSaleFailure) carry the form's fields, hence X-orderId: renewals,
 * cancellations, refunds, voids and chargebacks name the subscription only. The service finds their order
 * by providerRef = subscriptionId, which it learns from the NewSaleSuccess event.
 */

export const CCBILL_FORM_URL = 'https://api.ccbill.com/wap-frontflex/flexforms';
export const CCBILL_EVENT_TYPE_HEADER = 'x-ccbill-event-type';
/** The custom form field carrying our order id; webhooks return it prefixed with "X-". */
export const CCBILL_ORDER_FIELD = 'orderId';
/**
 * Where CCBill sends webhooks from (Webhooks User Guide: 64.38.212.1–254, 64.38.215.1–254, 64.38.240.1–254,
 * 64.38.241.1–254), as /24 networks. No IPv6 range is published.
 */
export const CCBILL_WEBHOOK_CIDRS: readonly string[] = [
  '64.38.212.0/24',
  '64.38.215.0/24',
  '64.38.240.0/24',
  '64.38.241.0/24',
];

export interface CcbillOptions {
  /** The 6-digit main account (clientAccnum): webhooks for another account are refused. */
  accountNumber: string;
  /** The 4-digit subaccount (clientSubacc) the form charges on. */
  subAccount: string;
  /** The FlexForm's Flex ID. */
  flexFormId: string;
  /** The encryption key (salt) from the CCBill admin, for formDigest. */
  salt: string;
  /** The secret segment of the webhook URL configured in the CCBill admin. */
  webhookSecret: string;
  /** Source ranges webhooks may come from (IPv4 or IPv6 CIDRs, or single addresses). Empty refuses all. */
  allowedCidrs: readonly string[];
  formUrl?: string;
}

/** ISO 4217 numeric codes (Dynamic Pricing: USD 840, EUR 978). */
const CURRENCY_CODES: Record<MoneyCurrency, string> = { usd: '840', eur: '978' };
/** Where CCBill's buyers manage (and cancel) what they bought through it. */
export const CCBILL_CONSUMER_SUPPORT_URL = 'https://support.ccbill.com/';

/** A plan month, and the period of a one-off ticket pack (non-recurring prices take 2 to 365 days). */
const PLAN_PERIOD_DAYS = 30;
const PACK_PERIOD_DAYS = 2;
/** numRebills 99 means "rebill until cancelled". */
const UNLIMITED_REBILLS = 99;

/**
 * eventType → kind. Expiration is deliberately not acted on: CCBill sends it when a subscription's paid time
 * is over (after a cancellation or failed rebills), but this server ends a plan itself when the months it
 * granted run out (pro_expire, the midnight rollover), counted in calendar months rather than CCBill's
 * 30-day periods; a second, differently timed expiry would only disagree with it. Return (a returned
 * bank/debit payment) takes the money back like a chargeback. Other events (upgrades, reactivations,
 * billing-date and customer-data changes) are informational.
 */
const EVENT_KINDS: Record<string, PaymentEventKind | null> = {
  NewSaleSuccess: 'paid',
  NewSaleFailure: 'failed',
  RenewalSuccess: 'renewed',
  RenewalFailure: 'failed',
  Cancellation: 'cancelled',
  Expiration: null,
  Chargeback: 'charged_back',
  Return: 'charged_back',
  Refund: 'refunded',
  Void: 'refunded',
};

/**
 * Where each kind's amount is, in the currency the consumer was billed in: [amount field, its currency
 * fields (numeric ISO 4217 first, then alphabetic)]; the first amount present wins. A sale falls back to the
 * subscription's price for webhook versions without the billed fields.
 */
const MONEY_FIELDS: Partial<Record<PaymentEventKind, [string, string[]][]>> = {
  paid: [
    ['billedInitialPrice', ['billedCurrencyCode', 'billedCurrency']],
    ['subscriptionInitialPrice', ['subscriptionCurrencyCode', 'subscriptionCurrency']],
  ],
  renewed: [['billedAmount', ['billedCurrencyCode', 'billedCurrency']]],
  refunded: [['amount', ['currencyCode', 'currency']]],
  charged_back: [['amount', ['currencyCode', 'currency']]],
};

export function createCcbillProvider(options: CcbillOptions): PaymentProvider {
  const formUrl = (options.formUrl ?? CCBILL_FORM_URL).replace(/\/+$/, '');
  if (!options.webhookSecret) throw new Error('CCBill: webhookSecret must not be empty');
  if (!options.salt) throw new Error('CCBill: salt must not be empty');
  const allowed = options.allowedCidrs.map(parseCidr);
  const secretDigest = sha256(options.webhookSecret);

  /** The FlexForm with this order's dynamic price. */
  function formUrlFor(order: CheckoutOrder): string {
    const product = productById(order.product);
    if (!product) throw new Error(`CCBill: unknown product ${order.product}`);
    if (order.recurring && product.kind !== 'plan') throw new Error('CCBill: only a plan can renew');
    const price = centsToDecimal(order.amountCents);
    const initialPeriod = String(product.kind === 'plan' ? PLAN_PERIOD_DAYS : PACK_PERIOD_DAYS);
    const currencyCode = CURRENCY_CODES[order.currency];
    const params = new URLSearchParams({
      clientSubacc: options.subAccount,
      initialPrice: price,
      initialPeriod,
    });
    // formDigest: initialPrice, initialPeriod, [recurringPrice, recurringPeriod, numRebills,] currencyCode, salt.
    let signed = price + initialPeriod;
    if (order.recurring) {
      const recurring = { price, period: String(PLAN_PERIOD_DAYS), rebills: String(UNLIMITED_REBILLS) };
      params.set('recurringPrice', recurring.price);
      params.set('recurringPeriod', recurring.period);
      params.set('numRebills', recurring.rebills);
      signed += recurring.price + recurring.period + recurring.rebills;
    }
    const formDigest = createHash('md5').update(`${signed}${currencyCode}${options.salt}`).digest('hex');
    params.set('currencyCode', currencyCode);
    params.set('formDigest', formDigest);
    params.set(CCBILL_ORDER_FIELD, order.id);
    return `${formUrl}/${encodeURIComponent(options.flexFormId)}?${params.toString()}`;
  }

  return {
    id: 'ccbill',
    kind: 'card',
    // CCBill's consumer support site, where its buyers look up and cancel their subscriptions themselves.
    manageSubscriptionUrl: CCBILL_CONSUMER_SUPPORT_URL,

    createCheckout(order: CheckoutOrder, _urls: CheckoutUrls): Promise<Checkout> {
      // A throw inside the executor becomes the promise's rejection.
      return new Promise((resolve) => resolve({ redirectUrl: formUrlFor(order) }));
    },

    readNotification(notification: IncomingNotification): PaymentEvent | null {
      const pathSecret = notification.pathSecret ?? '';
      const secretOk = pathSecret !== '' && timingSafeEqual(sha256(pathSecret), secretDigest);
      if (!secretOk) throw new NotificationRejected('CCBill webhook with a missing or wrong path secret');
      if (!ipInCidrs(notification.ip, allowed)) {
        throw new NotificationRejected('CCBill webhook from outside the allowed source ranges');
      }
      const fields = readBody(notification.rawBody);
      const account = text(fields.clientAccnum);
      if (account !== undefined && account !== options.accountNumber) {
        throw new NotificationRejected('CCBill webhook for another merchant account');
      }
      const eventType = header(notification.headers[CCBILL_EVENT_TYPE_HEADER]);
      if (!eventType) {
        throw new Error(`CCBill webhook without an event type (the route sets ${CCBILL_EVENT_TYPE_HEADER})`);
      }
      return readEvent(eventType, fields);
    },
  };
}

function readEvent(eventType: string, fields: Record<string, unknown>): PaymentEvent | null {
  const kind = EVENT_KINDS[eventType] ?? null;
  if (kind === null) return null;
  const transactionId = text(fields.transactionId);
  const subscriptionId = text(fields.subscriptionId);
  const timestamp = text(fields.timestamp);
  // A transaction's id names one charge (a sale, a rebill; a refund, void or chargeback of it), so with the
  // event type it names one notification. Cancellations carry no transaction: the subscription and the
  // time of the event do.
  let eventId: string;
  if (transactionId !== undefined) eventId = `${eventType}:${transactionId}`;
  else if (subscriptionId !== undefined && timestamp !== undefined) {
    eventId = `${eventType}:${subscriptionId}:${timestamp}`;
  } else throw new Error(`CCBill ${eventType} webhook without transactionId or subscriptionId and timestamp`);

  const event: PaymentEvent = { eventId, kind };
  const orderId = text(fields[`X-${CCBILL_ORDER_FIELD}`]) ?? text(fields[CCBILL_ORDER_FIELD]);
  if (orderId !== undefined) event.orderId = orderId;
  if (subscriptionId !== undefined) event.providerRef = subscriptionId;

  for (const [amountField, currencyFields] of MONEY_FIELDS[kind] ?? []) {
    const cents = decimalToCents(fields[amountField]);
    if (cents === undefined) continue;
    event.amountCents = cents;
    const currency = currencyFields.map((field) => currencyOf(fields[field])).find(Boolean);
    if (currency !== undefined) event.currency = currency;
    break;
  }
  if (kind === 'paid' && event.amountCents === undefined) {
    throw new Error('CCBill NewSaleSuccess webhook without billedInitialPrice');
  }
  return event;
}

/** JSON (the format to choose) or the original URL-encoded form, as a flat record. */
function readBody(rawBody: string): Record<string, unknown> {
  const trimmed = rawBody.trim();
  if (!trimmed.startsWith('{')) return Object.fromEntries(new URLSearchParams(trimmed));
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('CCBill webhook body is not a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** A numeric ISO 4217 code (840), or an alphabetic one (USD), as this server's lower-case code. */
function currencyOf(value: unknown): string | undefined {
  const code = text(value);
  if (code === undefined) return undefined;
  const numeric = Object.entries(CURRENCY_CODES).find(([, digits]) => Number(digits) === Number(code));
  if (numeric) return numeric[0];
  return /^[A-Za-z]{3}$/.test(code) ? code.toLowerCase() : code;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function header(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  return text(single);
}

/** Integer cents as the two-decimal string CCBill takes: 1199 → "11.99" (no float arithmetic). */
function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`CCBill: invalid amount ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function decimalToCents(value: unknown): number | undefined {
  const amount = text(value);
  if (amount === undefined || !/^-?\d+(\.\d+)?$/.test(amount)) return undefined;
  return Math.abs(Math.round(Number(amount) * 100));
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

// --- CIDR matching (IPv4, IPv6, IPv4-mapped IPv6) ----------------------------------------------------------

export interface Cidr {
  family: 4 | 6;
  network: bigint;
  prefix: number;
}

/** "64.38.212.0/24", "2001:db8::/32", or a single address. IPv4-mapped IPv6 ranges become IPv4 ones. */
export function parseCidr(cidr: string): Cidr {
  const [address = '', prefixText, extra] = cidr.trim().split('/');
  const parsed = parseIp(address);
  if (!parsed || extra !== undefined) throw new Error(`Invalid CIDR: ${cidr}`);
  const width = parsed.family === 4 ? 32 : 128;
  let prefix = prefixText === undefined ? width : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= width)) throw new Error(`Invalid CIDR prefix: ${cidr}`);
  if (parsed.family === 6 && parsed.mapped) {
    if (prefix < 96)
      throw new Error(`Invalid CIDR: ${cidr} (an IPv4-mapped range needs a prefix of 96 or more)`);
    prefix -= 96;
  }
  const family = parsed.mapped ? 4 : parsed.family;
  const value = parsed.mapped ? parsed.value & 0xffffffffn : parsed.value;
  return { family, network: value & mask(family, prefix), prefix };
}

/** Whether `ip` is in one of `cidrs`; an IPv4 address also matches IPv6 ranges through its mapped form. */
export function ipInCidrs(ip: string, cidrs: readonly Cidr[]): boolean {
  const parsed = parseIp(ip);
  if (!parsed) return false;
  const isV4 = parsed.family === 4 || parsed.mapped;
  const v4 = parsed.value & 0xffffffffn;
  const v6 = parsed.family === 4 ? (0xffffn << 32n) | parsed.value : parsed.value;
  return cidrs.some((cidr) =>
    cidr.family === 4
      ? isV4 && (v4 & mask(4, cidr.prefix)) === cidr.network
      : (v6 & mask(6, cidr.prefix)) === cidr.network,
  );
}

function mask(family: 4 | 6, prefix: number): bigint {
  const width = BigInt(family === 4 ? 32 : 128);
  const bits = BigInt(prefix);
  return ((1n << bits) - 1n) << (width - bits);
}

interface ParsedIp {
  family: 4 | 6;
  value: bigint;
  /** ::ffff:a.b.c.d, the form a dual-stack socket gives an IPv4 peer. */
  mapped: boolean;
}

function parseIp(input: string): ParsedIp | undefined {
  const address = input.trim().replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(address)) return { family: 4, value: ipv4Value(address), mapped: false };
  const withoutZone = address.split('%')[0] ?? '';
  if (!isIPv6(withoutZone)) return undefined;
  let groups = withoutZone.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(groups)?.[1];
  if (dotted) {
    const v4 = ipv4Value(dotted);
    groups = `${groups.slice(0, -dotted.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = groups.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill: string[] = Array<string>(tail === undefined ? 0 : 8 - left.length - right.length).fill('0');
  const value = [...left, ...fill, ...right].reduce((sum, group) => (sum << 16n) | BigInt(`0x${group}`), 0n);
  return { family: 6, value, mapped: value >> 32n === 0xffffn };
}

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((sum, octet) => (sum << 8n) | BigInt(Number(octet)), 0n);
}
