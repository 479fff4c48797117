import { createHash } from 'node:crypto';
import { BlockList } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CCBILL_EVENT_TYPE_HEADER,
  CCBILL_WEBHOOK_CIDRS,
  createCcbillProvider,
  ipInCidrs,
  parseCidr,
  type CcbillOptions,
} from './ccbill.ts';
import { NotificationRejected, type CheckoutOrder, type IncomingNotification } from './provider.ts';

/** The salt of the docs' formDigest example ("How to Create the formDigest Value"). */
const SALT = '7d901dad245fd0ff6bc20d06';
const FLEX_ID = '687fa3e0-e60d-4466-88e2-181fa56dd6a9';
const SECRET = 'whk_3f9c2a7e81b04d6b9e5a';
const OPTIONS: CcbillOptions = {
  accountNumber: '900100',
  subAccount: '0000',
  flexFormId: FLEX_ID,
  salt: SALT,
  webhookSecret: SECRET,
  allowedCidrs: CCBILL_WEBHOOK_CIDRS,
};
const URLS = {
  success: 'https://shop.example/tickets',
  cancel: 'https://shop.example/tickets',
  notify: 'https://api.shop.example/api/payment/ccbill/webhook/x',
};
const ORDER: CheckoutOrder = {
  id: 'ord_42',
  product: 'plan_basic',
  amountCents: 1199,
  currency: 'usd',
  recurring: false,
  user: { id: 7, email: 'buyer@example.com' },
};
const md5 = (value: string) => createHash('md5').update(value).digest('hex');
const ccbill = (overrides: Partial<CcbillOptions> = {}) => createCcbillProvider({ ...OPTIONS, ...overrides });

async function formOf(order: CheckoutOrder, options: Partial<CcbillOptions> = {}) {
  const checkout = await ccbill(options).createCheckout(order, URLS);
  const url = new URL(checkout.redirectUrl);
  return { checkout, base: `${url.origin}${url.pathname}`, params: Object.fromEntries(url.searchParams) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CCBill checkout (FlexForms dynamic pricing)', () => {
  it('signs a one-off plan month exactly as the docs’ example does', async () => {
    const { checkout, base, params } = await formOf({ ...ORDER, amountCents: 1000 });
    expect(base).toBe(`https://api.ccbill.com/wap-frontflex/flexforms/${FLEX_ID}`);
    // "10.00" + "30" + "840" + salt hashes to the digest the documentation prints.
    expect(params).toEqual({
      clientSubacc: '0000',
      initialPrice: '10.00',
      initialPeriod: '30',
      currencyCode: '840',
      formDigest: 'a7459445d0e5dc0963fe736dc5cf900b',
      orderId: 'ord_42',
    });
    expect(checkout.providerRef).toBeUndefined();
  });

  it('sells a ticket pack for the shortest period, in euros', async () => {
    const { params } = await formOf({ ...ORDER, product: 'pack_2500', amountCents: 3499, currency: 'eur' });
    expect(params).toMatchObject({ initialPrice: '34.99', initialPeriod: '2', currencyCode: '978' });
    expect(params.formDigest).toBe(md5(`34.992978${SALT}`));
    expect(params).not.toHaveProperty('recurringPrice');
  });

  it('makes a recurring plan rebill every 30 days until cancelled, signing the recurring terms too', async () => {
    const { params } = await formOf({ ...ORDER, product: 'plan_pro', amountCents: 2499, recurring: true });
    expect(params).toEqual({
      clientSubacc: '0000',
      initialPrice: '24.99',
      initialPeriod: '30',
      recurringPrice: '24.99',
      recurringPeriod: '30',
      numRebills: '99',
      currencyCode: '840',
      formDigest: md5(`24.993024.993099840${SALT}`),
      orderId: 'ord_42',
    });
  });

  it('formats cents without float error and calls no network', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect((await formOf({ ...ORDER, product: 'pack_60', amountCents: 299 })).params.initialPrice).toBe(
      '2.99',
    );
    const { params } = await formOf({ ...ORDER, product: 'pack_14000', amountCents: 8205 });
    expect(params.initialPrice).toBe('82.05');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('takes another form URL, and refuses a renewing pack, an unknown product or a bad amount', async () => {
    const { base } = await formOf(ORDER, { formUrl: 'https://sandbox.example/flexforms/' });
    expect(base).toBe(`https://sandbox.example/flexforms/${FLEX_ID}`);
    const checkout = (order: Partial<CheckoutOrder>) => ccbill().createCheckout({ ...ORDER, ...order }, URLS);
    await expect(checkout({ product: 'pack_60', recurring: true })).rejects.toThrow(/only a plan/);
    await expect(checkout({ product: 'pack_1' as 'pack_60' })).rejects.toThrow(/unknown product/);
    await expect(checkout({ amountCents: 11.5 })).rejects.toThrow(/invalid amount/);
  });

  it('refuses to start without a webhook secret or salt, or with a malformed range', () => {
    expect(() => ccbill({ webhookSecret: '' })).toThrow(/webhookSecret/);
    expect(() => ccbill({ salt: '' })).toThrow(/salt/);
    expect(() => ccbill({ allowedCidrs: ['64.38.212.0/33'] })).toThrow(/Invalid CIDR/);
  });
});

// --- Webhooks --------------------------------------------------------------------------------------------

const CCBILL_IP = '64.38.212.17';
/** A NewSaleSuccess as the JSON webhook sends it (fields of the event page, our X-orderId passed through). */
const NEW_SALE = {
  accountingCurrencyCode: '840',
  accountingInitialPrice: '11.99',
  billedCurrency: 'USD',
  billedCurrencyCode: '840',
  billedInitialPrice: '11.99',
  billedRecurringPrice: '0.00',
  clientAccnum: '900100',
  clientSubacc: '0000',
  email: 'buyer@example.com',
  flexId: FLEX_ID,
  initialPeriod: '30',
  paymentType: 'CREDIT',
  priceDescription: '11.99(USD) for 30 days (non-recurring)',
  subscriptionCurrencyCode: '840',
  subscriptionId: '0312345601000000021',
  subscriptionInitialPrice: '11.99',
  timestamp: '2025-03-01 10:15:42',
  transactionId: '0312345601000000022',
  'X-orderId': 'ord_42',
};
const SUB = { clientAccnum: '900100', clientSubacc: '0000', subscriptionId: NEW_SALE.subscriptionId };

function webhook(
  eventType: string | undefined,
  body: object | string,
  extra: Partial<IncomingNotification> = {},
) {
  return {
    headers: { 'content-type': 'application/json', [CCBILL_EVENT_TYPE_HEADER]: eventType },
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    ip: CCBILL_IP,
    pathSecret: SECRET,
    ...extra,
  } satisfies IncomingNotification;
}

const provider = ccbill();
const read = (...args: Parameters<typeof webhook>) => provider.readNotification(webhook(...args));
const expectRejected = (...args: Parameters<typeof webhook>) =>
  expect(() => read(...args)).toThrow(NotificationRejected);

describe('CCBill webhooks', () => {
  it('accepts a sale from a CCBill address with the right secret and reads our order back', () => {
    expect(read('NewSaleSuccess', NEW_SALE)).toEqual({
      eventId: 'NewSaleSuccess:0312345601000000022',
      kind: 'paid',
      orderId: 'ord_42',
      providerRef: '0312345601000000021',
      amountCents: 1199,
      currency: 'usd',
    });
  });

  it('refuses a wrong, partial, missing or empty path secret', () => {
    for (const pathSecret of ['wrong', SECRET.slice(0, -1), `${SECRET}x`, undefined, '']) {
      expectRejected('NewSaleSuccess', NEW_SALE, { pathSecret });
    }
  });

  it('refuses senders outside the ranges, whatever the secret', () => {
    const outside = [
      '64.38.213.17',
      '64.38.211.255',
      '8.8.8.8',
      '127.0.0.1',
      '2001:db8::1',
      '::1',
      'nonsense',
    ];
    for (const ip of [...outside, '']) {
      expectRejected('NewSaleSuccess', NEW_SALE, { ip });
    }
    expect(() => ccbill({ allowedCidrs: [] }).readNotification(webhook('NewSaleSuccess', NEW_SALE))).toThrow(
      NotificationRejected,
    );
  });

  it('accepts every documented range, and IPv4-mapped IPv6 forms of them', () => {
    const inside = ['64.38.212.1', '64.38.215.254', '64.38.240.100', '64.38.241.9', '::ffff:64.38.240.100'];
    for (const ip of inside) {
      expect(read('NewSaleSuccess', NEW_SALE, { ip })?.kind).toBe('paid');
    }
    expect(read('NewSaleSuccess', NEW_SALE, { ip: '::FFFF:4026:D411' })?.kind).toBe('paid'); // 64.38.212.17
  });

  it('matches configured IPv6 ranges', () => {
    const v6 = ccbill({ allowedCidrs: ['2001:db8:ccb::/48', '64.38.212.0/24'] });
    const from = (ip: string) => () => v6.readNotification(webhook('NewSaleSuccess', NEW_SALE, { ip }));
    expect(from('2001:db8:ccb:12::5')()?.kind).toBe('paid');
    expect(from('2001:db8:ccc::1')).toThrow(NotificationRejected);
  });

  it('refuses another merchant account; a missing event type or an unreadable body is a plain error', () => {
    expectRejected('NewSaleSuccess', { ...NEW_SALE, clientAccnum: '900999' });
    for (const notification of [webhook(undefined, NEW_SALE), webhook('NewSaleSuccess', '{oops')]) {
      expect(() => provider.readNotification(notification)).toThrow(Error);
      expect(() => provider.readNotification(notification)).not.toThrow(NotificationRejected);
    }
  });

  it('gives a replay the same eventId', () => {
    const first = read('NewSaleSuccess', NEW_SALE);
    expect(read('NewSaleSuccess', { ...NEW_SALE })).toEqual(first);
    const cancel = {
      ...SUB,
      timestamp: '2025-03-09 08:00:01',
      reason: 'Customer request',
      source: 'webAdmin',
    };
    const cancelled = read('Cancellation', cancel);
    expect(read('Cancellation', cancel)).toEqual(cancelled);
    const later = provider.readNotification(
      webhook('Cancellation', { ...cancel, timestamp: '2025-04-09 08:00:01' }),
    );
    expect(later?.eventId).not.toBe(cancelled?.eventId);
  });

  it('maps a renewal, with the amount billed', () => {
    const renewal = {
      ...SUB,
      transactionId: '0312345601000000077',
      timestamp: '2025-03-31 10:15:42',
      billedAmount: '24.99',
      billedCurrency: 'EUR',
      billedCurrencyCode: '978',
      accountingAmount: '27.10',
      accountingCurrencyCode: '840',
      renewalDate: '2025-03-31',
      nextRenewalDate: '2025-04-30',
    };
    expect(read('RenewalSuccess', renewal)).toEqual({
      eventId: 'RenewalSuccess:0312345601000000077',
      kind: 'renewed',
      providerRef: NEW_SALE.subscriptionId,
      amountCents: 2499,
      currency: 'eur',
    });
  });

  it('maps failures: a declined sale keeps our order id, a failed rebill names the subscription', () => {
    const declined = {
      clientAccnum: '900100',
      clientSubacc: '0000',
      transactionId: '0312345601000000090',
      timestamp: '2025-03-01 10:20:00',
      failureReason: 'Transaction Denied by Bank',
      failureCode: 'BE-140',
      'X-orderId': 'ord_43',
    };
    expect(read('NewSaleFailure', declined)).toEqual({
      eventId: 'NewSaleFailure:0312345601000000090',
      kind: 'failed',
      orderId: 'ord_43',
    });
    const rebill = { ...SUB, transactionId: '0312345601000000091', failureReason: 'Insufficient funds' };
    expect(read('RenewalFailure', { ...rebill, nextRetryDate: '2025-04-02' })).toEqual({
      eventId: 'RenewalFailure:0312345601000000091',
      kind: 'failed',
      providerRef: NEW_SALE.subscriptionId,
    });
  });

  it('maps a cancellation, and ignores expirations and informational events', () => {
    const at = { ...SUB, timestamp: '2025-03-09 08:00:01' };
    expect(read('Cancellation', { ...at, reason: 'Customer request' })).toEqual({
      eventId: `Cancellation:${NEW_SALE.subscriptionId}:2025-03-09 08:00:01`,
      kind: 'cancelled',
      providerRef: NEW_SALE.subscriptionId,
    });
    for (const eventType of [
      'Expiration',
      'UserReactivation',
      'BillingDateChange',
      'CustomerDataUpdate',
      'Other',
    ]) {
      expect(read(eventType, at)).toBeNull();
    }
  });

  it.each([
    ['Chargeback', 'charged_back'],
    ['Return', 'charged_back'],
    ['Refund', 'refunded'],
    ['Void', 'refunded'],
  ])('maps %s to %s, with the amount taken back', (eventType, kind) => {
    const body = {
      ...SUB,
      transactionId: NEW_SALE.transactionId,
      timestamp: '2025-03-20 12:00:00',
      amount: '11.99',
      currency: 'USD',
      currencyCode: '840',
      accountingAmount: '11.99',
      reason: 'Customer dispute',
    };
    expect(read(eventType, body)).toEqual({
      eventId: `${eventType}:${NEW_SALE.transactionId}`,
      kind,
      providerRef: NEW_SALE.subscriptionId,
      amountCents: 1199,
      currency: 'usd',
    });
    // The sale and its reversal share a transaction id but are different notifications.
    expect(read(eventType, body)?.eventId).not.toBe('NewSaleSuccess:' + body.transactionId);
  });

  it('reads the URL-encoded format too, and an alphabetic currency', () => {
    const { billedCurrencyCode: _, ...rest } = NEW_SALE;
    const form = new URLSearchParams({ ...rest, billedCurrency: 'EUR' }).toString();
    const event = read('NewSaleSuccess', form);
    expect(event).toMatchObject({ orderId: 'ord_42', amountCents: 1199, currency: 'eur' });
    const alpha = { ...NEW_SALE, billedCurrencyCode: 'EUR', subscriptionCurrencyCode: undefined };
    expect(read('NewSaleSuccess', alpha)?.currency).toBe('eur');
  });

  it('throws a plain error for a sale without amount or ids', () => {
    const { billedInitialPrice: _a, subscriptionInitialPrice: _b, ...noAmount } = NEW_SALE;
    expect(() => read('NewSaleSuccess', noAmount)).toThrow(/billedInitialPrice/);
    const noIds = { clientAccnum: '900100', reason: 'x' };
    expect(() => read('Cancellation', noIds)).toThrow(/transactionId/);
  });
});

describe('CIDR matching', () => {
  it('refuses malformed ranges', () => {
    for (const cidr of ['', 'nonsense', '64.38.212.0/33', '64.38.212.0/-1', '64.38.212/24', '1.2.3.4/24/1']) {
      expect(() => parseCidr(cidr)).toThrow(/Invalid CIDR/);
    }
    expect(() => parseCidr('2001:db8::/129')).toThrow(/Invalid CIDR/);
    expect(() => parseCidr('::ffff:64.38.212.0/95')).toThrow(/Invalid CIDR/);
  });

  it('treats an IPv4-mapped range as the IPv4 range, host bits as the network, and a bare address as /32', () => {
    const mapped = [parseCidr('::ffff:64.38.212.0/120')];
    expect(ipInCidrs('64.38.212.200', mapped)).toBe(true);
    expect(ipInCidrs('64.38.213.1', mapped)).toBe(false);
    expect(ipInCidrs('64.38.212.99', [parseCidr('64.38.212.77/24')])).toBe(true);
    expect(ipInCidrs('51.89.194.21', [parseCidr('51.89.194.21')])).toBe(true);
    expect(ipInCidrs('51.89.194.22', [parseCidr('51.89.194.21')])).toBe(false);
    expect(ipInCidrs('fe80::1%eth0', [parseCidr('fe80::/10')])).toBe(true);
    expect(ipInCidrs('[2001:db8::1]', [parseCidr('2001:db8::/32')])).toBe(true);
  });

  it('agrees with node:net BlockList on IPv4, IPv6 and mapped addresses', () => {
    const ranges = [
      '64.38.212.0/24',
      '10.0.0.0/8',
      '192.168.1.128/25',
      '2001:db8:ccb::/48',
      '2a00:1450:4001::/36',
    ];
    ranges.push('::/0', '::ffff:0:0/96', '::ffff:64.38.212.0/120');
    const addresses = [
      ...['64.38.212.0', '64.38.212.255', '64.38.213.0', '10.255.255.255', '11.0.0.0', '192.168.1.127'],
      ...['192.168.1.128', '192.168.1.255', '::ffff:10.1.2.3', '::ffff:c0a8:0180', '::ffff:64.38.212.9'],
      ...[
        '2001:db8:ccb:ffff:ffff:ffff:ffff:ffff',
        '2001:db8:ccc::',
        '2a00:1450:4001:0fff::1',
        '2a00:1450:4001:1000::1',
      ],
      ...['::', '::1', '2001:db8::1'],
    ];
    for (const range of ranges) {
      const [network = '', prefix = ''] = range.split('/');
      const blockList = new BlockList();
      blockList.addSubnet(network, Number(prefix), network.includes(':') ? 'ipv6' : 'ipv4');
      const cidrs = [parseCidr(range)];
      for (const address of addresses) {
        const expected = blockList.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
        expect({ range, address, inside: ipInCidrs(address, cidrs) }).toEqual({
          range,
          address,
          inside: expected,
        });
      }
    }
  });
});
