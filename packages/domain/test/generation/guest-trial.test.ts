import { describe, expect, it } from 'vitest';
import {
  GUEST_TRIAL,
  guestAddressKey,
  guestTrialBody,
  guestTrialDay,
  guestTrialExpiredBefore,
  guestTrialExpiresAt,
  guestTrialLimit,
  txt2imgBody,
} from '../../src/index.ts';

const usage = (overrides: Partial<Parameters<typeof guestTrialLimit>[0]> = {}) => ({
  browserToday: 0,
  addressToday: 0,
  lastHour: 0,
  hourlyBudget: 10,
  ...overrides,
});

describe('guestTrialLimit', () => {
  it('lets the first image of the day through', () => {
    expect(guestTrialLimit(usage())).toBeNull();
  });
  it('refuses a second image from the same browser, then from the same address', () => {
    expect(guestTrialLimit(usage({ browserToday: 1 }))).toBe('browser');
    expect(guestTrialLimit(usage({ addressToday: 1 }))).toBe('address');
    expect(guestTrialLimit(usage({ browserToday: 1, addressToday: 1 }))).toBe('browser');
  });
  it('refuses everyone once the hourly budget is spent', () => {
    expect(guestTrialLimit(usage({ lastHour: 9 }))).toBeNull();
    expect(guestTrialLimit(usage({ lastHour: 10 }))).toBe('budget');
    expect(guestTrialLimit(usage({ hourlyBudget: 0 }))).toBe('budget');
  });
});

describe('guest trial days and expiry', () => {
  it('counts days in UTC', () => {
    expect(guestTrialDay(new Date('2026-11-27T23:59:59Z'))).toBe('2026-11-27');
    expect(guestTrialDay(new Date('2026-11-28T00:00:00Z'))).toBe('2026-11-28');
  });
  it('expires 24 hours after creation', () => {
    const created = new Date('2026-11-27T10:00:00Z');
    expect(guestTrialExpiresAt(created).toISOString()).toBe('2026-11-28T10:00:00.000Z');
    const now = new Date('2026-11-28T10:00:01Z');
    expect(guestTrialExpiredBefore(now).getTime()).toBeGreaterThan(created.getTime());
    expect(GUEST_TRIAL.ttlMs).toBe(86_400_000);
  });
});

describe('guestAddressKey', () => {
  it('keeps IPv4, and unmaps IPv4 written in IPv6', () => {
    expect(guestAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(guestAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
  it('groups IPv6 by its /64', () => {
    const a = guestAddressKey('2001:db8:1:2:aaaa::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(guestAddressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(guestAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(guestAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('guestTrialBody', () => {
  it('imposes the trial terms and keeps the prompt and style', () => {
    const body = txt2imgBody.parse({
      prompt: 'a lighthouse at dusk',
      style_id: 3,
      quality: 'Ultra',
      watermark: false,
      private: false,
      upscale: true,
      slow_mode: true,
      modifiers: [{ id: 5, weight: 1 }],
    });
    const forced = guestTrialBody(body);
    expect(forced).toMatchObject({
      prompt: 'a lighthouse at dusk',
      style_id: 3,
      quality: 'Standard',
      watermark: true,
      private: true,
      upscale: false,
      slow_mode: false,
      modifiers: [],
    });
  });
});
