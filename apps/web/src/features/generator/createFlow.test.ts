import type { UserSettings } from '@mirage/contract';
import { PLAN, defaultSettings, type GeneratorSettings } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { cooldownSeconds, createAction, formatClock, payingBalance, txt2imgRequest } from './createFlow.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

const user = (patch: Partial<UserSettings> = {}): UserSettings => ({
  id: 1,
  username: 'maker',
  email: 'maker@example.com',
  email_verified: true,
  keep_updated: false,
  generation_token: 20,
  tag_setting_ack: true,
  lang: 'en',
  referral_code: 'X',
  referrer_id: null,
  pro_expire: null,
  daily_token: 0,
  daily_quest_completed: false,
  plan: PLAN.free,
  is_premium: false,
  has_daily_tickets: false,
  ...patch,
});

const settings = (patch: Partial<GeneratorSettings> = {}): GeneratorSettings => ({
  ...defaultSettings(PLAN.free),
  style_id: 1,
  prompt: '  a lighthouse at dusk  ',
  ...patch,
});

const input = (patch: Partial<Parameters<typeof createAction>[0]> = {}) => ({
  settings: settings(),
  signedIn: true,
  user: user(),
  running: 0,
  cooling: false,
  now: NOW,
  ...patch,
});

describe('create button flow', () => {
  it('1. asks for a style first, even before sign-up', () => {
    expect(createAction(input({ settings: settings({ style_id: null }), signedIn: false }))).toEqual({
      kind: 'no-style',
    });
  });

  it('2. sends a guest to sign up', () => {
    expect(createAction(input({ signedIn: false, user: undefined }))).toEqual({ kind: 'signup' });
  });

  it('3. generates once per image of the multi-generation count, within the free task slots', () => {
    const pro = user({ plan: PLAN.pro, daily_token: 1200 });
    expect(createAction(input({ user: pro, settings: settings({ multiGeneration: 4 }) }))).toEqual({
      kind: 'generate',
      count: 4,
    });
    expect(
      createAction(input({ user: pro, running: 3, settings: settings({ multiGeneration: 4 }) })),
    ).toEqual({
      kind: 'generate',
      count: 1,
    });
    expect(createAction(input({ running: 1 }))).toEqual({ kind: 'wait', reason: 'limit' });
  });

  it('4. turns into "buy tickets" when neither balance covers the image', () => {
    expect(createAction(input({ user: user({ generation_token: 1 }) }))).toEqual({ kind: 'buy' });
    // Removing the watermark costs a Free user 1 more ticket (3 > 2).
    expect(
      createAction(input({ user: user({ generation_token: 2 }), settings: settings({ watermark: false }) })),
    ).toEqual({
      kind: 'buy',
    });
    // A premium user pays with energy first.
    const basic = user({ plan: PLAN.basic, generation_token: 0, daily_token: 350 });
    expect(createAction(input({ user: basic }))).toEqual({ kind: 'generate', count: 1 });
    expect(payingBalance(basic, 2, NOW)).toBe('daily_token');
    expect(payingBalance(user(), 2, NOW)).toBe('generation_token');
  });

  it('5. is blocked while an AI prompt suggestion is pending or shown, whatever the balance', () => {
    expect(createAction(input({ suggesting: true }))).toEqual({ kind: 'assistant' });
    expect(createAction(input({ suggesting: true, user: user({ generation_token: 0 }) }))).toEqual({
      kind: 'assistant',
    });
    // A style still comes first, and a guest never has a suggestion (the assistant sends guests to sign in).
    expect(createAction(input({ suggesting: true, settings: settings({ style_id: null }) }))).toEqual({
      kind: 'no-style',
    });
    expect(createAction(input({ suggesting: false }))).toEqual({ kind: 'generate', count: 1 });
  });

  it('6. waits while the failure cooldown runs', () => {
    expect(createAction(input({ cooling: true }))).toEqual({ kind: 'wait', reason: 'cooldown' });
    expect(cooldownSeconds(12_345, 2_000)).toBe('10.35');
    expect(cooldownSeconds(1_000, 2_000)).toBe('0.00');
  });
});

describe('txt2img body', () => {
  it('trims the prompts and leaves fastLane, seedLock and multiGeneration out', () => {
    const body = txt2imgRequest({ ...settings({ fastLane: true, neg_prompt: ' blurry ' }), style_id: 1 });
    expect(body.prompt).toBe('a lighthouse at dusk');
    expect(body.neg_prompt).toBe('blurry');
    expect(body).not.toHaveProperty('fastLane');
    expect(body).not.toHaveProperty('seedLock');
    expect(body).not.toHaveProperty('multiGeneration');
  });

  it('sends the seed only while it is locked', () => {
    expect(txt2imgRequest({ ...settings({ seed: 99, seedLock: false }), style_id: 1 })).not.toHaveProperty(
      'seed',
    );
    expect(txt2imgRequest({ ...settings({ seed: 99, seedLock: true }), style_id: 1 }).seed).toBe(99);
  });
});

describe('daily reset clock', () => {
  it('pads hours, minutes and seconds', () => {
    expect(formatClock({ hours: 3, minutes: 7, seconds: 9 })).toBe('03:07:09');
  });
});
