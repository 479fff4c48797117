import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNowPaymentsProvider } from './nowpayments.ts';
import { NotificationRejected, type CheckoutOrder, type IncomingNotification } from './provider.ts';

const API_KEY = 'NP-TEST-KEY-1234567';
const IPN_SECRET = 'ipn-secret-for-tests';
const URLS = {
  success: 'https://shop.example/crypto-payment/success',
  cancel: 'https://shop.example/crypto-payment/cancel',
  notify: 'https://api.shop.example/api/payment/nowpayments/webhook',
};
const ORDER: CheckoutOrder = {
  id: 'ord_123',
  product: 'plan_basic',
  amountCents: 1199,
  currency: 'usd',
  recurring: false,
  user: { id: 7, email: 'buyer@example.com' },
};

// --- A fake NOWPayments API: POST /v1/invoice as the Postman collection documents it. -------------------

interface Seen {
  headers: IncomingMessage['headers'];
  body: unknown;
}
let server: Server;
let apiUrl: string;
let seen: Seen[] = [];
/** A canned answer for the next request (a broken gateway, a malformed body). */
let override: { status: number; body: string; type: string } | undefined;
let nextInvoiceId = 4522625843;
/** The rest of a documented invoice answer, for fields this server does not send. */
const INVOICE_DEFAULTS = {
  pay_currency: null,
  partially_paid_url: null,
  payout_currency: null,
  is_fixed_rate: false,
};

function npError(res: ServerResponse, statusCode: number, code: string, message: string): void {
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ status: false, statusCode, code, message }));
}

function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    body = undefined;
  }
  seen.push({ headers: req.headers, body });
  if (override) {
    res.writeHead(override.status, { 'content-type': override.type });
    res.end(override.body);
    override = undefined;
    return;
  }
  if (req.method !== 'POST' || req.url !== '/v1/invoice') return npError(res, 404, 'NOT_FOUND', 'Not found');
  if (req.headers['x-api-key'] !== API_KEY) return npError(res, 403, 'INVALID_API_KEY', 'Invalid api key');
  if (!req.headers['content-type']?.startsWith('application/json') || typeof body !== 'object' || !body) {
    return npError(res, 400, 'INVALID_REQUEST_PARAMS', 'Payload must be a JSON object');
  }
  const invoice = body as Record<string, unknown>;
  if (typeof invoice.price_amount !== 'number' || invoice.price_amount <= 0) {
    return npError(res, 400, 'INVALID_REQUEST_PARAMS', '"price_amount" must be a positive number');
  }
  if (!['usd', 'eur'].includes(String(invoice.price_currency))) {
    return npError(res, 400, 'INVALID_REQUEST_PARAMS', '"price_currency" is not supported');
  }
  for (const field of ['ipn_callback_url', 'success_url', 'cancel_url']) {
    const url = invoice[field];
    if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\//.test(url))) {
      return npError(res, 400, 'INVALID_REQUEST_PARAMS', `"${field}" must be a valid uri`);
    }
  }
  const id = String(nextInvoiceId++);
  const now = new Date().toISOString();
  res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      id,
      token_id: '5998913548',
      ...invoice,
      price_amount: String(invoice.price_amount),
      invoice_url: `https://nowpayments.io/payment/?iid=${id}`,
      ...INVOICE_DEFAULTS,
      created_at: now,
      updated_at: now,
    }),
  );
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  seen = [];
  override = undefined;
});

const provider = (apiKey = API_KEY) => createNowPaymentsProvider({ apiKey, ipnSecret: IPN_SECRET, apiUrl });

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const error: unknown = await promise.catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

/** The error message of a checkout the fake answers with this status and body. */
async function failingWith(status: number, body: string, type = 'application/json'): Promise<string> {
  override = { status, body, type };
  return (await failureOf(provider().createCheckout(ORDER, URLS))).message;
}

describe('NOWPayments checkout (POST /invoice)', () => {
  it('creates an invoice with the documented body and sends the buyer to its invoice_url', async () => {
    const checkout = await provider().createCheckout(ORDER, URLS);
    expect(checkout).toEqual({
      redirectUrl: 'https://nowpayments.io/payment/?iid=4522625843',
      providerRef: '4522625843',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['x-api-key']).toBe(API_KEY);
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toEqual({
      price_amount: 11.99,
      price_currency: 'usd',
      order_id: 'ord_123',
      order_description: 'plan_basic',
      ipn_callback_url: URLS.notify,
      success_url: URLS.success,
      cancel_url: URLS.cancel,
    });
  });

  it('makes a one-off invoice for a recurring plan (crypto has no subscriptions), in euros too', async () => {
    await provider().createCheckout(
      { ...ORDER, id: 'ord_9', product: 'plan_pro', amountCents: 2499, currency: 'eur', recurring: true },
      URLS,
    );
    await provider().createCheckout({ ...ORDER, product: 'pack_60', amountCents: 299 }, URLS);
    expect(seen.map((request) => request.body)).toMatchObject([
      { price_amount: 24.99, price_currency: 'eur', order_id: 'ord_9', order_description: 'plan_pro' },
      { price_amount: 2.99, price_currency: 'usd', order_description: 'pack_60' },
    ]);
    expect(Object.keys(seen[0]?.body as object).sort()).toEqual(Object.keys(seen[1]?.body as object).sort());
  });

  it('reports a refused API key with the documented error code, never the key itself', async () => {
    const error = await failureOf(provider('NP-WRONG-KEY-99').createCheckout(ORDER, URLS));
    expect(error.message).toMatch(/HTTP 403.*INVALID_API_KEY: Invalid api key/);
    expect(error.message).not.toContain('NP-WRONG-KEY-99');
    expect(error).not.toBeInstanceOf(NotificationRejected);
  });

  it('reports invalid request parameters (400)', async () => {
    const error = await failureOf(provider().createCheckout(ORDER, { ...URLS, notify: 'ftp://nowhere' }));
    expect(error.message).toMatch(/HTTP 400.*INVALID_REQUEST_PARAMS: "ipn_callback_url" must be a valid uri/);
  });

  it('redacts the key if an error message ever echoes it', async () => {
    const body = { status: false, statusCode: 401, code: 'X', message: `bad key ${API_KEY}` };
    const message = await failingWith(401, JSON.stringify(body));
    expect(message).toContain('HTTP 401');
    expect(message).not.toContain(API_KEY);
  });

  it('throws a clear error on a gateway page, a malformed answer or no server at all', async () => {
    expect(await failingWith(502, '<html>Bad gateway</html>', 'text/html')).toBe(
      'NOWPayments invoice refused: HTTP 502',
    );
    expect(await failingWith(200, 'not json')).toMatch(/not a JSON object/);
    expect(await failingWith(201, JSON.stringify({ id: '1', invoice_url: null }))).toMatch(
      /no valid invoice_url/,
    );
    expect(await failingWith(201, JSON.stringify({ invoice_url: 'https://x.io/p' }))).toMatch(/has no id/);

    // A port nobody listens on any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createNowPaymentsProvider({
      apiKey: API_KEY,
      ipnSecret: IPN_SECRET,
      apiUrl: `http://127.0.0.1:${port}/v1`,
    });
    const error = await failureOf(offline.createCheckout(ORDER, URLS));
    expect(error.message).toMatch(/^NOWPayments invoice request failed/);
    expect(error.message).not.toContain(API_KEY);
  });
});

// --- IPN -------------------------------------------------------------------------------------------------

/** An IPN for a finished payment, its keys in the order NOWPayments' documented example sends them. */
const IPN = {
  payment_id: 5077125051,
  parent_payment_id: null,
  invoice_id: 4522625843,
  payment_status: 'finished',
  pay_address: 'bc1qexampleaddress',
  payin_extra_id: null,
  price_amount: 11.99,
  price_currency: 'usd',
  pay_amount: 0.00017,
  actually_paid: 0.00017,
  actually_paid_at_fiat: 0,
  pay_currency: 'btc',
  order_id: 'ord_123',
  order_description: 'plan_basic',
  purchase_id: '5837122679',
  outcome_amount: 0.000165,
  outcome_currency: 'btc',
  payment_extra_ids: null,
  fee: { currency: 'btc', depositFee: 0.00012, withdrawalFee: 0, serviceFee: 0 },
};
/** What NOWPayments signs for IPN, written by Python's json.dumps(sort_keys=True, separators=(',', ':')). */
const IPN_SORTED =
  '{"actually_paid":0.00017,"actually_paid_at_fiat":0,"fee":{"currency":"btc","depositFee":0.00012,' +
  '"serviceFee":0,"withdrawalFee":0},"invoice_id":4522625843,"order_description":"plan_basic",' +
  '"order_id":"ord_123","outcome_amount":0.000165,"outcome_currency":"btc","parent_payment_id":null,' +
  '"pay_address":"bc1qexampleaddress","pay_amount":0.00017,"pay_currency":"btc","payin_extra_id":null,' +
  '"payment_extra_ids":null,"payment_id":5077125051,"payment_status":"finished","price_amount":11.99,' +
  '"price_currency":"usd","purchase_id":"5837122679"}';

const hmac = (text: string, secret = IPN_SECRET) => createHmac('sha512', secret).update(text).digest('hex');

/** The test's own recursive key sort (arrays kept), for bodies other than the literal above. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sorted(record[key])]),
  );
}
const sign = (body: unknown, secret = IPN_SECRET) => hmac(JSON.stringify(sorted(body)), secret);

function ipn(rawBody: string, signature: string | string[] | undefined): IncomingNotification {
  return {
    headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
    rawBody,
    ip: '51.89.194.21',
  };
}
const signed = (body: object) => ipn(JSON.stringify(body), sign(body));

describe('NOWPayments IPN', () => {
  const np = createNowPaymentsProvider({ apiKey: API_KEY, ipnSecret: IPN_SECRET });

  it('accepts the documented signature over the recursively sorted body and reads a finished payment', () => {
    expect(sign(IPN)).toBe(hmac(IPN_SORTED));
    expect(np.readNotification(ipn(JSON.stringify(IPN), hmac(IPN_SORTED)))).toEqual({
      eventId: '5077125051:finished',
      kind: 'paid',
      orderId: 'ord_123',
      providerRef: '5077125051',
      amountCents: 1199,
      currency: 'usd',
    });
  });

  it('accepts the same body with its keys (nested ones too) in another order, and an upper-case digest', () => {
    const fee = { withdrawalFee: 0, serviceFee: 0, depositFee: 0.00012, currency: 'btc' };
    const reordered = Object.fromEntries(Object.entries({ ...IPN, fee }).reverse());
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(IPN));
    const event = np.readNotification(
      ipn(JSON.stringify(reordered, null, 2), hmac(IPN_SORTED).toUpperCase()),
    );
    expect(event?.eventId).toBe('5077125051:finished');
  });

  it('rejects a missing, empty, doubled or wrong signature', () => {
    const raw = JSON.stringify(IPN);
    for (const signature of [undefined, '', [sign(IPN), sign(IPN)], sign(IPN, 'another-secret'), 'abc']) {
      expect(() => np.readNotification(ipn(raw, signature))).toThrow(NotificationRejected);
    }
  });

  it('rejects a tampered amount, status or nested field, and a body that is not a JSON object', () => {
    const signature = sign(IPN);
    const tampered = [
      { ...IPN, price_amount: 1199 },
      { ...IPN, price_amount: 0.01 },
      { ...IPN, payment_status: 'refunded' },
      { ...IPN, fee: { ...IPN.fee, depositFee: 0 } },
    ];
    for (const body of tampered) {
      expect(() => np.readNotification(ipn(JSON.stringify(body), signature))).toThrow(NotificationRejected);
    }
    for (const raw of ['not json', '[1,2]', 'null']) {
      expect(() => np.readNotification(ipn(raw, hmac(raw)))).toThrow(NotificationRejected);
    }
  });

  it('gives a replay the same eventId and each status change its own', () => {
    const first = np.readNotification(signed(IPN));
    expect(np.readNotification(signed(IPN))).toEqual(first);
    const refunded = np.readNotification(signed({ ...IPN, payment_status: 'refunded' }));
    expect(refunded).toMatchObject({ eventId: '5077125051:refunded', kind: 'refunded', orderId: 'ord_123' });
    expect(refunded?.eventId).not.toBe(first?.eventId);
  });

  it.each([
    ['waiting', null],
    ['confirming', null],
    ['confirmed', null],
    ['sending', null],
    ['finished', 'paid'],
    ['partially_paid', 'paid'],
    ['failed', 'failed'],
    ['expired', 'failed'],
    ['refunded', 'refunded'],
    ['cancelled', null],
    ['some_future_status', null],
  ])('maps payment_status %s to %s', (status, kind) => {
    const event = np.readNotification(signed({ ...IPN, payment_status: status }));
    expect(event?.kind ?? null).toBe(kind);
    if (event) expect(event.eventId).toBe(`5077125051:${status}`);
  });

  it('reads a partial payment as paid with the fiat share received, always below the price', () => {
    const half = np.readNotification(
      signed({ ...IPN, payment_status: 'partially_paid', actually_paid: 0.000085 }),
    );
    expect(half).toMatchObject({ kind: 'paid', amountCents: 599, currency: 'usd', orderId: 'ord_123' });
    const almost = np.readNotification(
      signed({ ...IPN, payment_status: 'partially_paid', actually_paid: 0.00016999999 }),
    );
    expect(almost?.amountCents).toBe(1198);
    const unknown = np.readNotification(
      signed({ ...IPN, payment_status: 'partially_paid', pay_amount: null }),
    );
    expect(unknown?.amountCents).toBe(0);
  });

  it('carries no amount on failures and refunds, and reads string amounts and ids', () => {
    expect(np.readNotification(signed({ ...IPN, payment_status: 'expired' }))).toEqual({
      eventId: '5077125051:expired',
      kind: 'failed',
      orderId: 'ord_123',
      providerRef: '5077125051',
    });
    const eur = np.readNotification(
      signed({ ...IPN, payment_id: '6249365965', price_amount: '24.99', price_currency: 'EUR' }),
    );
    expect(eur).toMatchObject({ eventId: '6249365965:finished', amountCents: 2499, currency: 'eur' });
  });

  it('leaves repeated deposits, withdrawals and foreign payments to the operator', () => {
    expect(np.readNotification(signed({ ...IPN, parent_payment_id: 4409701815 }))).toBeNull();
    const withdrawal = {
      id: '5000000713',
      batch_withdrawal_id: '5000000000',
      status: 'FINISHED',
      amount: '50',
    };
    expect(np.readNotification(signed(withdrawal))).toBeNull();
    const foreign = np.readNotification(signed({ ...IPN, order_id: null }));
    expect(foreign).toMatchObject({ kind: 'paid', providerRef: '5077125051' });
    expect(foreign?.orderId).toBeUndefined();
  });

  it('verifies bodies with arrays (kept as arrays, or keyed "0", "1"… as the docs’ Node example does)', () => {
    const body = { ...IPN, payment_extra_ids: [5513339153, 5513339154] };
    expect(np.readNotification(signed(body))?.kind).toBe('paid');
    const nodeDocsForm = JSON.stringify(
      sorted({ ...body, payment_extra_ids: { 0: 5513339153, 1: 5513339154 } }),
    );
    expect(np.readNotification(ipn(JSON.stringify(body), hmac(nodeDocsForm)))?.kind).toBe('paid');
    const other = JSON.stringify(sorted({ ...body, payment_extra_ids: [5513339154, 5513339153] }));
    expect(() => np.readNotification(ipn(JSON.stringify(body), hmac(other)))).toThrow(NotificationRejected);
  });

  it('throws a plain error for a genuine paid notification without a usable price', () => {
    const notification = signed({ ...IPN, price_amount: 'eleven' });
    expect(() => np.readNotification(notification)).toThrow(/price_amount/);
    expect(() => np.readNotification(notification)).not.toThrow(NotificationRejected);
  });
});
