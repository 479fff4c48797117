import { JOB_TYPES, PLAN, TASK_STATE, settingsFromTxt2img, txt2imgBody, type Plan } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import type { ImageRow, TaskRow } from '../../../db/schema/generation.ts';
import { AppError } from '../../../errors.ts';
import type { GenerationStyle } from '../../catalogue/index.ts';
import type { ImageRepository } from '../../image/index.ts';
import {
  creationKind,
  JOB_KINDS,
  jobKind,
  LEASABLE_JOB_TYPES,
  LEASED_STATES,
  type CreationContext,
} from './index.ts';
import { inpaintKind } from './inpaint.ts';
import { styleConvertKind } from './style-convert.ts';
import { txt2imgKind } from './txt2img.ts';
import { upscaleKind } from './upscale.ts';

const style: GenerationStyle = {
  id: 1,
  lib: 'anime_modern',
  render: 'hentai',
  is_free: true,
  txt2img: true,
  enabled: true,
  pipeline: 'mirage-anime-v3.safetensors',
  default_steps: 24,
  default_sampler: 'euler',
  default_scheduler: 'normal',
};

const image = {
  id: 7,
  uuid: '0b7f3c1e-5a4d-4c1b-9a55-2d6f0f1d8e21',
  user_id: 1,
  seed: 42,
  prompt: 'a lighthouse at dusk',
  neg_prompt: '',
  width: 832,
  height: 1144,
  format: 'Portrait',
  quality: 'Standard',
  watermarked: true,
  upscaled: false,
} as ImageRow;

function context(overrides: Partial<CreationContext> = {}): CreationContext {
  return {
    // The kinds' pure steps never reach the database; a call would fail the test.
    db: undefined as never,
    images: { findByUuid: () => Promise.resolve(undefined) } as unknown as ImageRepository,
    now: () => new Date('2026-03-01T12:00:00Z'),
    upscaleModel: 'RealESRGAN_x4plus.pth',
    moderatePrompt: () => Promise.resolve(),
    ...overrides,
  };
}

function checkedTxt2img(plan: Plan, body: Record<string, unknown>, fastLane = false) {
  const parsed = txt2imgBody.parse({ prompt: 'a lighthouse at dusk', style_id: 1, ...body });
  return {
    settings: { ...settingsFromTxt2img(parsed, fastLane), seed: 42 },
    style,
    boosters: [],
    plan,
    signature: 'sig',
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('the job-kind registry', () => {
  it('refuses a kind nobody registered, and names that only look like one', () => {
    for (const name of ['txt2vid', 'img2img', '', '__proto__', 'toString', 'constructor']) {
      expect(() => jobKind(name), name).toThrow(AppError);
      expect(() => creationKind(name as never), name).toThrow(AppError);
    }
    try {
      jobKind('txt2vid');
    } catch (error) {
      expect(error).toMatchObject({ code: 'validation_error', data: { reason: 'unknown_job_kind' } });
    }
  });

  it('registers each kind under its own task type, leased in its own state', () => {
    for (const [name, kind] of Object.entries(JOB_KINDS)) expect(kind.type).toBe(name);
    expect(jobKind('txt2img')).toBe(txt2imgKind);
    expect(jobKind('upscale')).toBe(upscaleKind);
    expect(jobKind('inpaint')).toBe(inpaintKind);
    expect(jobKind('style_convert')).toBe(styleConvertKind);
    expect(LEASED_STATES).toEqual({
      txt2img: TASK_STATE.Generate,
      upscale: TASK_STATE.UpscaleOnly,
      inpaint: TASK_STATE.Tweak,
      style_convert: TASK_STATE.Tweak,
    });
    // Every job type the database allows has its kind.
    expect([...LEASABLE_JOB_TYPES].sort()).toEqual([...JOB_TYPES].sort());
    expect(LEASABLE_JOB_TYPES.every((type) => (JOB_TYPES as readonly string[]).includes(type))).toBe(true);
  });
});

describe('txt2img', () => {
  it('prices by the plan and the options', () => {
    expect(txt2imgKind.price(checkedTxt2img(PLAN.free, {}))).toBe(2);
    expect(txt2imgKind.price(checkedTxt2img(PLAN.free, { watermark: false }))).toBe(3);
    expect(txt2imgKind.price(checkedTxt2img(PLAN.basic, { quality: 'High' }, true))).toBe(7);
    expect(txt2imgKind.price(checkedTxt2img(PLAN.pro, { slow_mode: true, upscale: true }, true))).toBe(1);
  });

  it('queues in the eco lane only where the plan may use it, with the pixels of its result', () => {
    const eco = txt2imgKind.build(context(), 'task-1', 1, checkedTxt2img(PLAN.pro, { slow_mode: true }), 0);
    expect(eco.lane).toBe('eco');
    const basic = txt2imgKind.build(
      context(),
      'task-2',
      1,
      checkedTxt2img(PLAN.basic, { slow_mode: true }),
      2,
    );
    expect(basic.lane).toBe('normal');
    const fast = txt2imgKind.build(context(), 'task-3', 1, checkedTxt2img(PLAN.free, {}, true), 6);
    expect(fast).toMatchObject({ lane: 'fast', type: 'txt2img', cost: 6, signature: 'sig' });
    // Standard portrait: 832 x 1144 after the hires pass.
    expect(fast.pixels).toBe(832 * 1144);
    const upscaled = txt2imgKind.build(
      context(),
      'task-4',
      1,
      checkedTxt2img(PLAN.free, { upscale: true }),
      3,
    );
    expect(upscaled.pixels).toBe(832 * 2 * 1144 * 2);
  });

  it('moderates the prompt before it reads anything', async () => {
    const refused = context({
      moderatePrompt: () => Promise.reject(new AppError('forbidden_prompt', { words: ['x'] })),
    });
    const body = txt2imgBody.parse({ prompt: 'a lighthouse at dusk', style_id: 1 });
    expect(await refusal(txt2imgKind.validate(refused, 1, { body, fastLane: false }))).toBe(
      'forbidden_prompt',
    );
  });

  it('gives workers the job without a source image', () => {
    const job = txt2imgKind.build(context(), 'task-5', 1, checkedTxt2img(PLAN.free, {}), 2).job;
    const leased = { job, attempts: 1, lease_expires_at: null, source_image_id: null } as unknown as TaskRow;
    expect(txt2imgKind.toWorkerJob(leased)).toMatchObject({
      id: 'task-5',
      attempt: 1,
      source_image_url: null,
      mask_image_url: null,
      denoise: null,
    });
  });
});

describe('upscale', () => {
  const withImage = (found: ImageRow | undefined) =>
    context({ images: { findByUuid: () => Promise.resolve(found) } as unknown as ImageRepository });

  it('accepts only the requester’s own image, once', async () => {
    const request = { imageUuid: image.uuid, fastLane: false };
    expect(await refusal(upscaleKind.validate(withImage(undefined), 1, request))).toBe('image_not_found');
    expect(await refusal(upscaleKind.validate(withImage(image), 2, request))).toBe('image_not_found');
    const upscaled = { ...image, upscaled: true };
    expect(await refusal(upscaleKind.validate(withImage(upscaled), 1, request))).toBe('already_upscaled');
    expect(await upscaleKind.validate(withImage(image), 1, request)).toEqual({ image, fastLane: false });
  });

  it('costs 1, 5 in the fast lane', () => {
    expect(upscaleKind.price({ image, fastLane: false })).toBe(1);
    expect(upscaleKind.price({ image, fastLane: true })).toBe(5);
  });

  it('doubles the source image, in the lane paid for, and gives workers its address', () => {
    const task = upscaleKind.build(context(), 'task-6', 1, { image, fastLane: true }, 5);
    expect(task).toMatchObject({ type: 'upscale', lane: 'fast', source_image_id: 7, checkpoint: '' });
    expect(task.pixels).toBe(832 * 1144 * 4);
    expect(task.job.upscale).toEqual({ factor: 2, model: 'RealESRGAN_x4plus.pth' });
    const leased = { ...task, attempts: 2, lease_expires_at: null } as unknown as TaskRow;
    expect(upscaleKind.toWorkerJob(leased)).toMatchObject({
      attempt: 2,
      source_image_url: '/api/worker/jobs/task-6/source',
      mask_image_url: null,
      denoise: null,
    });
  });
});
