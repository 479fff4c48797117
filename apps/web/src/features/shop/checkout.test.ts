import { describe, expect, it } from 'vitest';
import { checkoutTarget, needsCryptoConfirmation, needsMethodChoice } from './checkout.ts';

describe('the checkout', () => {
  it('asks how to pay only when the shop offers more than one provider', () => {
    expect(needsMethodChoice(['sandbox'])).toBe(false);
    expect(needsMethodChoice(['ccbill', 'nowpayments'])).toBe(true);
  });

  it('explains a crypto payment before the buyer leaves, not a card or test payment', () => {
    expect(needsCryptoConfirmation('nowpayments')).toBe(true);
    expect(needsCryptoConfirmation('ccbill')).toBe(false);
    expect(needsCryptoConfirmation('sandbox')).toBe(false);
  });

  it('opens our own pages with the router and a provider’s with a full navigation', () => {
    expect(checkoutTarget('/payment/sandbox/1')).toEqual({ kind: 'route', path: '/payment/sandbox/1' });
    expect(checkoutTarget('//evil.example/x')).toEqual({ kind: 'external', url: '//evil.example/x' });
    expect(checkoutTarget('https://nowpayments.io/payment/?iid=1')).toEqual({
      kind: 'external',
      url: 'https://nowpayments.io/payment/?iid=1',
    });
  });
});
