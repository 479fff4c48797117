import { describe, expect, it } from 'vitest';
import {
  attachRefusal,
  earnsReferrerGain,
  isPersonalAddress,
  LEDGER_REASONS,
  normalizeReferralCode,
  recentIpSince,
  REFERRAL,
  sharesAddress,
} from '../../src/index.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe('referral constants', () => {
  it('are the product decisions: 20 for the referred, 100 for the referrer, pages of 5', () => {
    expect(REFERRAL).toMatchObject({ referredTickets: 20, referrerTickets: 100, pageSize: 5 });
  });

  it('move tickets with ledger reasons of their own', () => {
    expect(LEDGER_REASONS.referral_gain).toEqual({ sign: 'credit', ref: 'referral' });
    expect(LEDGER_REASONS.referrer_gain).toEqual({ sign: 'credit', ref: 'order' });
    expect(LEDGER_REASONS.referrer_gain_reversal).toEqual({ sign: 'debit', ref: 'order' });
  });
});

describe('normalizeReferralCode', () => {
  it.each([
    ['ABCD2345', 'ABCD2345'],
    ['abcd2345', 'ABCD2345'],
    ['  abCD2345 ', 'ABCD2345'],
  ])('reads %j as %j', (input, code) => {
    expect(normalizeReferralCode(input)).toBe(code);
  });

  it.each(['', 'ABCD234', 'ABCD23456', 'ABCD-234', 'ABCD\u00002345', 'ÄBCD2345', 'A'.repeat(500)])(
    'refuses %j',
    (input) => {
      expect(normalizeReferralCode(input)).toBeNull();
    },
  );
});

describe('attachRefusal', () => {
  const referrer = { id: 1 };
  const account = { id: 2, referrerId: null, createdAt: daysAgo(1) };

  it('allows a new account without a referrer, from an address of its own', () => {
    expect(attachRefusal({ referrer, account, vpn: false, now: NOW })).toBeNull();
    expect(attachRefusal({ referrer, vpn: false, now: NOW })).toBeNull();
  });

  it('answers an unknown code first', () => {
    expect(attachRefusal({ referrer: undefined, account, vpn: true, now: NOW })).toBe('referrer_not_found');
  });

  it('refuses the own code, a second referrer and an old account before the address', () => {
    expect(attachRefusal({ referrer: { id: 2 }, account, vpn: true, now: NOW })).toBe('user_refer_self');
    expect(attachRefusal({ referrer, account: { ...account, referrerId: 3 }, vpn: true, now: NOW })).toBe(
      'referrer_already_set',
    );
    const old = { ...account, createdAt: daysAgo(REFERRAL.attachWindowDays + 1) };
    expect(attachRefusal({ referrer, account: old, vpn: true, now: NOW })).toBe('referral_too_late');
    const lastDay = { ...account, createdAt: daysAgo(REFERRAL.attachWindowDays) };
    expect(attachRefusal({ referrer, account: lastDay, vpn: false, now: NOW })).toBeNull();
  });

  it('refuses a shared or anonymised address', () => {
    expect(attachRefusal({ referrer, account, vpn: true, now: NOW })).toBe('vpn_enabled');
    expect(attachRefusal({ referrer, vpn: true, now: NOW })).toBe('vpn_enabled');
  });
});

describe('addresses', () => {
  it.each(['198.51.100.7', '8.8.8.8', '2001:db8::1', '::ffff:203.0.113.9', '172.32.0.1'])(
    '%s stands for a connection',
    (ip) => {
      expect(isPersonalAddress(ip)).toBe(true);
    },
  );

  it.each([
    '127.0.0.1',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.0.1',
    '::ffff:127.0.0.1',
    'fd00::1',
    'fe80::1',
    '',
  ])('%s names a network, not a person', (ip) => {
    expect(isPersonalAddress(ip)).toBe(false);
  });

  it('are shared when a personal one is the same, written either way', () => {
    expect(sharesAddress(['198.51.100.7'], ['203.0.113.1', '198.51.100.7'])).toBe(true);
    expect(sharesAddress(['::ffff:198.51.100.7'], ['198.51.100.7'])).toBe(true);
    expect(sharesAddress(['198.51.100.7'], ['198.51.100.8'])).toBe(false);
    expect(sharesAddress(['127.0.0.1', '10.0.0.1'], ['127.0.0.1', '10.0.0.1'])).toBe(false);
    expect(sharesAddress([], ['198.51.100.7'])).toBe(false);
  });

  it('are recent for 30 days', () => {
    expect(recentIpSince(NOW)).toEqual(daysAgo(30));
  });
});

describe('earnsReferrerGain', () => {
  const base = {
    referredAt: daysAgo(5),
    verified: true,
    firstPaid: { orderId: 'a', paidAt: daysAgo(1) },
    orderId: 'a',
  };

  it('pays for the first purchase of a verified account made after it named its referrer', () => {
    expect(earnsReferrerGain(base)).toBe(true);
  });

  it('pays nothing for a later purchase, without a referrer, unverified, or bought before the referral', () => {
    expect(earnsReferrerGain({ ...base, orderId: 'b' })).toBe(false);
    expect(earnsReferrerGain({ ...base, referredAt: null })).toBe(false);
    expect(earnsReferrerGain({ ...base, verified: false })).toBe(false);
    expect(earnsReferrerGain({ ...base, firstPaid: undefined })).toBe(false);
    expect(earnsReferrerGain({ ...base, referredAt: daysAgo(0) })).toBe(false);
  });
});
