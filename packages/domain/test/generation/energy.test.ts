import { describe, expect, it } from 'vitest';
import {
  LAPSED_SETTINGS_PATCH,
  PLAN,
  energyAfterRollover,
  isResetDue,
  msUntilReset,
  nextResetAt,
  resetCountdown,
} from '../../src/index.ts';

const at = (iso: string) => new Date(iso);
const BEFORE_MIDNIGHT = at('2025-06-15T23:59:59.999Z');
const MIDNIGHT = at('2025-06-16T00:00:00.000Z');
const AFTER_MIDNIGHT = at('2025-06-16T00:00:00.001Z');
const LAST_RESET = at('2025-06-15T00:00:03Z');

describe('reset clock (00:00 UTC)', () => {
  it.each([
    ['just before midnight', BEFORE_MIDNIGHT, '2025-06-16T00:00:00.000Z', 1],
    ['at midnight: the following one', MIDNIGHT, '2025-06-17T00:00:00.000Z', 86_400_000],
    ['just after midnight', AFTER_MIDNIGHT, '2025-06-17T00:00:00.000Z', 86_399_999],
    ['mid-afternoon', at('2025-06-15T14:30:15Z'), '2025-06-16T00:00:00.000Z', 34_185_000],
    ['year end', at('2025-12-31T23:00:00Z'), '2026-01-01T00:00:00.000Z', 3_600_000],
    ['leap day', at('2024-02-28T12:00:00Z'), '2024-02-29T00:00:00.000Z', 43_200_000],
  ])('%s', (_name, now, next, ms) => {
    expect(nextResetAt(now).toISOString()).toBe(next);
    expect(msUntilReset(now)).toBe(ms);
  });

  it('does not depend on the local time zone offset of the input', () => {
    expect(nextResetAt(at('2025-06-15T23:30:00-05:00')).toISOString()).toBe('2025-06-17T00:00:00.000Z');
  });

  it.each([
    [at('2025-06-15T14:30:15Z'), { hours: 9, minutes: 29, seconds: 45 }],
    [at('2025-06-15T14:30:15.200Z'), { hours: 9, minutes: 29, seconds: 45 }],
    [BEFORE_MIDNIGHT, { hours: 0, minutes: 0, seconds: 1 }],
    [MIDNIGHT, { hours: 24, minutes: 0, seconds: 0 }],
  ])('countdown at %s', (now, countdown) => {
    expect(resetCountdown(now)).toEqual(countdown);
  });

  it.each([
    ['never reset', BEFORE_MIDNIGHT, null, true],
    ['reset earlier today', BEFORE_MIDNIGHT, LAST_RESET, false],
    ['reset yesterday, now midnight', MIDNIGHT, LAST_RESET, true],
    ['already reset at midnight', AFTER_MIDNIGHT, MIDNIGHT, false],
    ['reset a millisecond before midnight', MIDNIGHT, BEFORE_MIDNIGHT, true],
  ])('due: %s', (_name, now, last, due) => {
    expect(isResetDue(now, last)).toBe(due);
  });
});

describe('energyAfterRollover (reset TO the value, never stacking)', () => {
  it.each([
    ['Pro with energy left resets to 1200', 2, null, 700, 1200],
    ['Pro with nothing left resets to 1200', 2, null, 0, 1200],
    ['Pro above the cap is brought back to 1200', 2, null, 1500, 1200],
    ['Basic resets to 350', 1, '2025-07-01T00:00:00Z', 12, 350],
    ['Free has no energy', 0, null, 0, 0],
    ['Free with redeemed Pro days gets 1200', 0, '2025-07-01T00:00:00Z', 0, 1200],
  ] as const)('%s', (_name, plan, proExpire, daily, expected) => {
    const user = { plan, pro_expire: proExpire, daily_token: daily };
    expect(energyAfterRollover(user, MIDNIGHT, LAST_RESET)).toEqual({
      due: true,
      lapsed: false,
      plan,
      daily_token: expected,
      pro_expire: proExpire,
      settingsPatch: null,
    });
  });

  it('changes nothing before midnight', () => {
    const user = { plan: 2, pro_expire: null, daily_token: 10 };
    expect(energyAfterRollover(user, BEFORE_MIDNIGHT, LAST_RESET)).toEqual({
      due: false,
      lapsed: false,
      plan: 2,
      daily_token: 10,
      pro_expire: null,
      settingsPatch: null,
    });
  });

  it('a Pro period that ended makes the account Free, without energy, eco or private, watermark back on', () => {
    const user = { plan: 2, pro_expire: '2025-06-15T18:00:00Z', daily_token: 900 };
    const result = energyAfterRollover(user, MIDNIGHT, LAST_RESET);
    expect(result).toEqual({
      due: true,
      lapsed: true,
      plan: PLAN.free,
      daily_token: 0,
      pro_expire: null,
      settingsPatch: { slow_mode: false, watermark: true, private: false },
    });
    expect(LAPSED_SETTINGS_PATCH).toEqual(result.settingsPatch);
  });

  it('a period ending exactly at midnight has ended; one ending a millisecond later has not', () => {
    const endingNow = { plan: 2, pro_expire: MIDNIGHT.toISOString(), daily_token: 5 };
    expect(energyAfterRollover(endingNow, MIDNIGHT, LAST_RESET).lapsed).toBe(true);
    const endingLater = { plan: 2, pro_expire: AFTER_MIDNIGHT.toISOString(), daily_token: 5 };
    expect(energyAfterRollover(endingLater, MIDNIGHT, LAST_RESET)).toMatchObject({
      lapsed: false,
      plan: PLAN.pro,
      daily_token: 1200,
    });
  });

  it('is idempotent: the lapse is reported once, the next night is a plain Free reset', () => {
    const first = energyAfterRollover(
      { plan: 1, pro_expire: '2025-06-15T10:00:00Z', daily_token: 5 },
      MIDNIGHT,
      LAST_RESET,
    );
    const nextNight = at('2025-06-17T00:00:00Z');
    const second = energyAfterRollover(first, nextNight, MIDNIGHT);
    expect(second).toMatchObject({
      due: true,
      lapsed: false,
      plan: PLAN.free,
      daily_token: 0,
      settingsPatch: null,
    });
  });
});
