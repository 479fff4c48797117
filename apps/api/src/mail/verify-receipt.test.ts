import { LANGUAGES } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../http/html.ts';
import { receiptMail, resetPasswordMail, reversalMail, verifyEmailMail, type Receipt } from './templates.ts';

/** The address-check mail and the payment receipt, in the 8 languages (mail.test.ts: the others). */
const LINK = 'http://localhost:8080/account/verify?token=Zm9vYmFyYmF6cXV4LXRoaXMtaXMtYS1sb25nLXRva2Vu&x=1';
const hostile = '<script>alert("x")</script> $& {name}';
const RECEIPT: Receipt = {
  product: { kind: 'pack', tickets: 1171 },
  amountCents: 1899,
  currency: 'eur',
  paidAt: new Date('2025-03-14T15:09:26Z'),
  orderId: '0b6f3a52-7c1e-4a2b-9d3f-5e8a1c2b4d6f',
  provider: 'ccbill',
};

describe('the verification mail', () => {
  it('gives every language its own subject, the link, the username and the 48 hours', () => {
    const subjects = new Set<string>();
    for (const lang of LANGUAGES) {
      const mail = verifyEmailMail(lang, LINK, 'erin');
      subjects.add(mail.subject);
      expect(mail.subject).not.toBe(resetPasswordMail(lang, LINK, 'erin').subject);
      expect(mail.text).toContain(LINK);
      expect(mail.text).toContain('erin');
      expect(mail.text).toContain('48');
      expect(mail.html).toContain(`href="${escapeHtml(LINK)}"`);
      expect(mail.html).toContain(`<html lang="${lang}">`);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });

  it('escapes the username and the link in the HTML', () => {
    for (const lang of LANGUAGES) {
      const mail = verifyEmailMail(lang, `${LINK}"><script>`, hostile);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; $&amp; {name}');
      expect(mail.text).toContain(hostile);
    }
  });
});

describe('the receipt', () => {
  it('says the product, the amount with its currency, the date, the order and the provider in every language', () => {
    const subjects = new Set<string>();
    for (const lang of LANGUAGES) {
      const mail = receiptMail(lang, 'erin', RECEIPT);
      subjects.add(mail.subject);
      const amount = new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(18.99);
      const tickets = new Intl.NumberFormat(lang).format(1171);
      for (const part of [mail.text, mail.html]) {
        expect(part, lang).toContain('erin');
        expect(part, lang).toContain(RECEIPT.orderId);
        expect(part, lang).toContain('CCBill');
        expect(part, lang).toContain(escapeHtml(amount));
        expect(part, lang).toContain(tickets);
        expect(part, lang).toContain('2025');
      }
      expect(mail.html).toContain(`<html lang="${lang}">`);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });

  it('names a plan, an unknown provider as itself, and the exact English wording', () => {
    const mail = receiptMail('en', 'erin', {
      ...RECEIPT,
      product: { kind: 'plan', plan: 'pro' },
      amountCents: 2499,
      currency: 'usd',
      provider: 'someprovider',
    });
    expect(mail.text).toContain('Product: Pro plan, 1 month');
    expect(mail.text).toContain('Amount: $24.99');
    expect(mail.text).toContain('Date: March 14, 2025 at 3:09 PM UTC');
    expect(mail.text).toContain('Paid with: someprovider');
  });

  it('escapes the username in the HTML', () => {
    const mail = receiptMail('de', hostile, RECEIPT);
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain(hostile);
  });
});

describe('the refund and chargeback notice', () => {
  const tickets = { kind: 'refunded' as const, takenTickets: 1000, shortfall: 171, planEnded: false };
  const plan = { kind: 'charged_back' as const, takenTickets: 0, shortfall: 0, planEnded: true };

  it('says in every language what was taken back, what was already spent, and names the order', () => {
    const subjects = new Set<string>();
    for (const lang of LANGUAGES) {
      const refund = reversalMail(lang, 'erin', RECEIPT, tickets);
      const chargeback = reversalMail(lang, 'erin', RECEIPT, plan);
      subjects.add(refund.subject).add(chargeback.subject);
      expect(refund.subject).not.toBe(receiptMail(lang, 'erin', RECEIPT).subject);
      for (const mail of [refund, chargeback]) {
        expect(mail.text).toContain(RECEIPT.orderId);
        expect(mail.text).toContain('erin');
        expect(mail.html).toContain(`<html lang="${lang}">`);
      }
      expect(refund.text).toContain(new Intl.NumberFormat(lang).format(1000));
      expect(refund.text).toContain('171');
      expect(chargeback.text).not.toContain(new Intl.NumberFormat(lang).format(1000));
      expect(chargeback.text.split('\n').length).toBeLessThan(refund.text.split('\n').length);
    }
    expect(subjects.size).toBe(LANGUAGES.length * 2);
    expect(reversalMail('en', 'erin', RECEIPT, plan).text).toContain('The plan it paid for has ended.');
  });

  it('escapes the username in the HTML', () => {
    const mail = reversalMail('de', hostile, RECEIPT, tickets);
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain(hostile);
  });
});
