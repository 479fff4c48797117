import { PLAN, type Plan } from '../plan.ts';
import { effectivePlan, energyResetValue, isPlanLapsed, toPlan, type PlanHolder } from './plans.ts';
import type { GeneratorSettings } from './settings.ts';

/**
 * The daily rollover at 00:00 UTC (docs/product/pricing-and-plans.md#daily-energy, docs/product/limits.md,
 * docs/product/decisions.md#prices-and-plans: energy resets TO the plan's value, never stacking). Pure: the
 * API's maintenance job runs it per account with the time of its last reset.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface EnergyHolder extends PlanHolder {
  daily_token: number;
}

/** Generator switches a lapsed account loses (applied by the web to saved generator settings). */
export type LapsedSettingsPatch = Pick<GeneratorSettings, 'slow_mode' | 'watermark' | 'private'>;

export interface RolloverResult {
  /** True when `lastResetAt` is before today's 00:00 UTC, i.e. this account is owed a reset. */
  due: boolean;
  /** True when this rollover ended the paid period. */
  lapsed: boolean;
  plan: Plan;
  daily_token: number;
  pro_expire: string | Date | null;
  settingsPatch: LapsedSettingsPatch | null;
}

/**
 * Decision: docs/product/pricing-and-plans.md#daily-energy says a lapse switches "slow mode and watermark"
 * off. Turning the *watermark* off would make every next image of a now-Free user cost +1 ticket for removal,
 * which nobody chose; we read it as switching the paid *watermark removal* off, i.e. the watermark comes back
 * on. Private goes off too, as with the Pro-expired error (docs/product/generation.md#plan-forcing), since
 * Free may not use it.
 */
export const LAPSED_SETTINGS_PATCH: Readonly<LapsedSettingsPatch> = {
  slow_mode: false,
  watermark: true,
  private: false,
};

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The next 00:00 UTC strictly after `now` (at midnight exactly, the following one). */
export function nextResetAt(now: Date): Date {
  return new Date(startOfUtcDay(now).getTime() + DAY_MS);
}

export function msUntilReset(now: Date): number {
  return nextResetAt(now).getTime() - now.getTime();
}

export interface Countdown {
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * The generator's countdown to the next reset (docs/product/generation.md#create-button: hours, minutes,
 * seconds).
 * Decision: rounded up to whole seconds, so it shows 00:00:00 only at the reset itself.
 */
export function resetCountdown(now: Date): Countdown {
  const totalSeconds = Math.ceil(msUntilReset(now) / 1000);
  return {
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

export function isResetDue(now: Date, lastResetAt: Date | null): boolean {
  return lastResetAt === null || lastResetAt.getTime() < startOfUtcDay(now).getTime();
}

/**
 * The account after the rollover at `now`, given when it was last reset (null: never).
 * - not due: nothing changes;
 * - the paid period ended (pro_expire <= now): plan Free, no energy (Free has none,
 *   docs/product/decisions.md#prices-and-plans), the lapsed settings patch; Decision: pro_expire is cleared
 *   so the lapse is reported once and the account reads as plain Free everywhere (isPremium in user.ts
 *   included); the history stays in the ledger;
 * - otherwise: daily_token is set TO the effective plan's energy (350 / 1200 / 0), whatever was left.
 */
export function energyAfterRollover(user: EnergyHolder, now: Date, lastResetAt: Date | null): RolloverResult {
  const unchanged = {
    plan: toPlan(user.plan),
    daily_token: user.daily_token,
    pro_expire: user.pro_expire,
  };
  if (!isResetDue(now, lastResetAt)) return { ...unchanged, due: false, lapsed: false, settingsPatch: null };
  if (isPlanLapsed(user, now)) {
    return {
      due: true,
      lapsed: true,
      plan: PLAN.free,
      daily_token: energyResetValue(PLAN.free),
      pro_expire: null,
      settingsPatch: { ...LAPSED_SETTINGS_PATCH },
    };
  }
  return {
    ...unchanged,
    due: true,
    lapsed: false,
    daily_token: energyResetValue(effectivePlan(user, now)),
    settingsPatch: null,
  };
}
