import { describe, expect, it } from 'vitest';
import { cameFromCryptoProvider, isCryptoReturnStatus } from '../../src/index.ts';

describe('the crypto status page', () => {
  it.each([
    ['https://nowpayments.io/', true],
    ['https://nowpayments.io/payment/?iid=4522625843', true],
    ['https://account.nowpayments.io/invoice', true],
    ['https://NOWPAYMENTS.IO/', true],
    ['http://nowpayments.io/', false],
    ['https://nowpayments.io.evil.example/', false],
    ['https://evilnowpayments.io/', false],
    ['https://mirage.example/tickets', false],
    ['', false],
    ['not a url', false],
  ])('takes %j as the provider: %s', (referrer, expected) => {
    expect(cameFromCryptoProvider(referrer)).toBe(expected);
  });

  it('knows success and cancel only', () => {
    expect(isCryptoReturnStatus('success')).toBe(true);
    expect(isCryptoReturnStatus('cancel')).toBe(true);
    for (const other of ['failed', 'toString', '', undefined])
      expect(isCryptoReturnStatus(other)).toBe(false);
  });
});
