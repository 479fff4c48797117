import { PLAN, TASK_STATE } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { NOW, OTHER, SOURCE, STYLES, gen, info, proUser, task, user } from './fixtures.test-support.ts';
import { defaultTweakSettings, type TweakSettings } from './settings.ts';
import { sourceOf } from './source.ts';
import {
  bytesToBase64,
  convertRequest,
  effectiveMode,
  followedTask,
  inpaintRequest,
  resultOf,
  sourceUpdating,
  tweakAction,
  tweakBalance,
  tweakPrice,
  type TweakInput,
} from './tweakFlow.ts';

const settings = (patch: Partial<TweakSettings> = {}): TweakSettings => ({
  ...defaultTweakSettings(PLAN.free),
  style_id: 1,
  prompt: '  a lighthouse at dusk  ',
  ...patch,
});

const source = sourceOf(info(), gen({ quality: 'Standard' }));

const input = (patch: Partial<TweakInput> = {}): TweakInput => ({
  mode: 'inpaint',
  source,
  loading: false,
  user: user(),
  settings: settings(),
  styles: STYLES,
  maskEmpty: false,
  tasks: [],
  cooling: false,
  now: NOW,
  ...patch,
});

const blocked = (reason: string) => ({ kind: 'blocked', reason });

describe('the tweak button', () => {
  it('is off without an image, and while the image or the user load', () => {
    expect(tweakAction(input({ source: null }))).toEqual(blocked('no-image'));
    expect(tweakAction(input({ source: null, loading: true }))).toEqual(blocked('loading'));
    expect(tweakAction(input({ loading: true }))).toEqual(blocked('loading'));
    expect(tweakAction(input({ user: undefined }))).toEqual(blocked('loading'));
  });

  it('is off for an image without generation data, in both modes', () => {
    const sample = sourceOf(info({ has_gen_data: false }), null);
    expect(tweakAction(input({ source: sample }))).toEqual(blocked('no-gen-data'));
    const legacy = sourceOf(info({ gen_type: 'legacy' }), gen());
    expect(tweakAction(input({ source: legacy, mode: 'style_convert', user: proUser() }))).toEqual(
      blocked('no-gen-data'),
    );
  });

  it('is off while the source is being upscaled, while a tweak runs, and during the cooldown', () => {
    const upscale = task({
      genType: 'upscale',
      state: TASK_STATE.UpscaleOnly,
      settings: { image_uuid: SOURCE },
    });
    expect(tweakAction(input({ tasks: [upscale] }))).toEqual(blocked('updating'));
    const done = { ...upscale, state: TASK_STATE.Done };
    expect(tweakAction(input({ tasks: [done] }))).toEqual({ kind: 'tweak' });
    // One tweak at a time, whatever its source (docs/product/decisions.md#prices-and-plans).
    const running = task({ settings: { source_img: OTHER } });
    expect(tweakAction(input({ tasks: [running] }))).toEqual(blocked('running'));
    const queued = task({ genType: 'style_convert', state: TASK_STATE.Queue });
    expect(tweakAction(input({ tasks: [queued] }))).toEqual(blocked('running'));
    // A txt2img running does not hold tweaks back.
    expect(tweakAction(input({ tasks: [task({ genType: 'txt2img', state: 1 })] }))).toEqual({
      kind: 'tweak',
    });
    expect(tweakAction(input({ cooling: true }))).toEqual(blocked('cooldown'));
  });

  it('converts only from a drawn image into another offered style', () => {
    const pro = proUser();
    const convert = (patch: Partial<TweakInput>) =>
      tweakAction(input({ mode: 'style_convert', user: pro, ...patch }));
    expect(convert({ settings: settings({ targetStyleId: 1 }) })).toEqual({ kind: 'tweak' });
    expect(convert({ settings: settings({ targetStyleId: null }) })).toEqual(blocked('no-target'));
    expect(convert({ settings: settings({ targetStyleId: 99 }) })).toEqual(blocked('no-target'));
    expect(convert({ settings: settings({ targetStyleId: 2 }) })).toEqual(blocked('same-style'));
    const realistic = sourceOf(info({ render: 'realistic', style_id: 3 }), gen());
    expect(convert({ source: realistic, settings: settings({ targetStyleId: 1 }) })).toEqual(
      blocked('realistic-source'),
    );
    // A Free user in convert mode (a stale mode): Pro is required.
    expect(tweakAction(input({ mode: 'style_convert', settings: settings({ targetStyleId: 1 }) }))).toEqual(
      blocked('pro-required'),
    );
    // The mask does not matter when converting.
    expect(convert({ settings: settings({ targetStyleId: 1 }), maskEmpty: true })).toEqual({ kind: 'tweak' });
  });

  it('asks for a style, then for tickets, then for a painted mask', () => {
    expect(tweakAction(input({ settings: settings({ style_id: null }) }))).toEqual({ kind: 'no-style' });
    expect(tweakAction(input({ user: user({ generation_token: 0 }) }))).toEqual({ kind: 'buy' });
    // Spec §4: with too few tickets the button reads "buy tickets", mask or not.
    expect(tweakAction(input({ user: user({ generation_token: 0 }), maskEmpty: true }))).toEqual({
      kind: 'buy',
    });
    expect(tweakAction(input({ maskEmpty: true }))).toEqual({ kind: 'empty-mask' });
    expect(tweakAction(input())).toEqual({ kind: 'tweak' });
  });

  it('prices 1, +4 fast lane, + the source quality, + 1 for a Free watermark removal', () => {
    const high = sourceOf(info(), gen({ quality: 'High' }));
    expect(tweakPrice(settings(), source, PLAN.free).total).toBe(1);
    expect(tweakPrice(settings({ fastLane: true }), source, PLAN.free).total).toBe(5);
    expect(tweakPrice(settings(), high, PLAN.free).total).toBe(2);
    expect(tweakPrice(settings({ watermark: false }), source, PLAN.free).total).toBe(2);
    expect(tweakPrice(settings({ watermark: false }), source, PLAN.pro).total).toBe(1);
    expect(tweakPrice(settings(), null, PLAN.free).total).toBe(1);
  });

  it('pays with energy first for premium users, then tickets, else nothing (buy)', () => {
    expect(tweakBalance(proUser(), 5, NOW)).toBe('daily_token');
    expect(tweakBalance(proUser({ daily_token: 2 }), 5, NOW)).toBe('generation_token');
    expect(tweakBalance(user({ generation_token: 1 }), 2, NOW)).toBeNull();
    const costly = input({ user: user({ generation_token: 4 }), settings: settings({ fastLane: true }) });
    expect(tweakAction(costly)).toEqual({ kind: 'buy' });
  });

  it('keeps Style to Style for Pro', () => {
    expect(effectiveMode('style_convert', PLAN.pro)).toBe('style_convert');
    expect(effectiveMode('style_convert', PLAN.basic)).toBe('inpaint');
    expect(effectiveMode('inpaint', PLAN.free)).toBe('inpaint');
  });
});

describe('the tweak requests', () => {
  it('builds the inpaint body: trimmed prompts, the seed only when locked, the strength in range', () => {
    const body = inpaintRequest(
      settings({ seed: 77, seedLock: false, strength: 1.4, modifiers: [{ id: 101, weight: 40 }] }),
      SOURCE,
      'iVBORw0KGgo=',
    );
    expect(body).toEqual({
      source_img: SOURCE,
      mask: 'iVBORw0KGgo=',
      prompt: 'a lighthouse at dusk',
      neg_prompt: '',
      seed: null,
      style_id: 1,
      modifiers: [{ id: 101, weight: 40 }],
      less_nsfw: false,
      automatic_face_restore: false,
      inpaint_type: 1,
      watermark: true,
    });
    expect(inpaintRequest(settings({ seed: 77, seedLock: true }), SOURCE, 'x').seed).toBe(77);
  });

  it('builds the conversion body', () => {
    expect(convertRequest({ ...settings({ watermark: false }), targetStyleId: 3 }, SOURCE)).toEqual({
      source_img: SOURCE,
      target_style: 3,
      seed: null,
      watermark: false,
    });
  });

  it('encodes the mask bytes as base64, also past one slice', () => {
    expect(bytesToBase64(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe('iVBORw==');
    const large = new Uint8Array(100_000).map((_, index) => index % 251);
    expect(Buffer.from(bytesToBase64(large), 'base64').equals(Buffer.from(large))).toBe(true);
  });
});

describe('tasks of the studio', () => {
  it('finds the followed task and whether the source is updating', () => {
    const followed = task({ task_id: OTHER });
    expect(followedTask([task(), followed], OTHER)).toBe(followed);
    expect(followedTask([task()], null)).toBeNull();
    expect(followedTask([task()], OTHER)).toBeNull();
    expect(sourceUpdating([task({ settings: { image_uuid: OTHER }, state: 7 })], SOURCE)).toBe(false);
  });

  it('shows a result once the followed tweak is done with an image', () => {
    expect(resultOf(task({ state: TASK_STATE.Done, image_uuid: OTHER }))).toBe(OTHER);
    expect(resultOf(task({ state: TASK_STATE.Tweak }))).toBeNull();
    expect(resultOf(task({ state: TASK_STATE.Fail }))).toBeNull();
    expect(resultOf(null)).toBeNull();
  });
});
