import { describe, expect, it } from 'vitest';
import { orderOutcome, PENDING_POLLS, pendingPollDelay } from './outcome.ts';

const waiting = { cancelled: false, polling: true };

describe('the outcome of an order the buyer comes back from', () => {
  it('a paid pack: its tickets with the bonus', () => {
    expect(orderOutcome({ product: 'pack_400', status: 'SUCCESS' }, waiting)).toEqual({
      kind: 'tickets',
      tickets: 400,
    });
    expect(orderOutcome({ product: 'pack_2500', status: 'SUCCESS' }, waiting)).toEqual({
      kind: 'tickets',
      tickets: 2500 + 968,
    });
  });

  it('a paid plan: the plan', () => {
    expect(orderOutcome({ product: 'plan_pro', status: 'SUCCESS' }, waiting)).toEqual({
      kind: 'plan',
      plan: 'pro',
    });
    expect(orderOutcome({ product: 'plan_basic', status: 'SUCCESS' }, waiting)).toEqual({
      kind: 'plan',
      plan: 'basic',
    });
  });

  it('pending: waiting while the history is read again, then still pending', () => {
    const order = { product: 'pack_60', status: 'PENDING' };
    expect(orderOutcome(order, waiting)).toEqual({ kind: 'pending' });
    expect(orderOutcome(order, { cancelled: false, polling: false })).toEqual({ kind: 'stillPending' });
  });

  it('declined, or cancelled when the provider sent the buyer back through its cancel link', () => {
    expect(orderOutcome({ product: 'pack_60', status: 'FAILURE' }, waiting)).toEqual({ kind: 'declined' });
    expect(
      orderOutcome({ product: 'pack_60', status: 'FAILURE' }, { cancelled: true, polling: true }),
    ).toEqual({
      kind: 'cancelled',
    });
    expect(
      orderOutcome({ product: 'pack_60', status: 'PENDING' }, { cancelled: true, polling: true }),
    ).toEqual({
      kind: 'cancelled',
    });
  });

  it('refunded, and an order that is not the buyer’s', () => {
    expect(orderOutcome({ product: 'pack_60', status: 'PROCESSED' }, waiting)).toEqual({ kind: 'refunded' });
    expect(orderOutcome(null, waiting)).toEqual({ kind: 'notFound' });
    expect(orderOutcome(undefined, waiting)).toEqual({ kind: 'notFound' });
  });
});

describe('reading a pending order again', () => {
  it('backs off from 1 s, doubling, to at most 15 s', () => {
    const delays = Array.from({ length: PENDING_POLLS }, (_, index) => pendingPollDelay(index + 1));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
  });

  it('stops after a few readings', () => {
    expect(pendingPollDelay(PENDING_POLLS + 1)).toBe(false);
    expect(pendingPollDelay(100)).toBe(false);
  });
});
