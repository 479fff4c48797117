import { describe, expect, it } from 'vitest';
import type { WorkerJob } from '@mirage/domain';
import { parseModelMap } from './horde-models.ts';
import type { HordeCheck } from './horde-protocol.ts';
import {
  generateRequest,
  hordeCfg,
  hordeFailure,
  hordePrompt,
  hordeSampler,
  hordeSide,
  nextPollMs,
  parseAsyncAnswer,
  parseCheck,
  parseStatus,
  renderSize,
  resultSeed,
  retryAfterMs,
  waitStep,
} from './horde-protocol.ts';

const job = (overrides: Partial<WorkerJob> = {}): WorkerJob => ({
  id: '0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01',
  type: 'txt2img',
  attempt: 1,
  seed: 7,
  prompt: 'a lighthouse at dusk',
  negative_prompt: 'blurry',
  checkpoint: 'photo.safetensors',
  loras: [],
  width: 512,
  height: 704,
  hires: null,
  steps: 20,
  cfg: 5,
  sampler: 'euler',
  scheduler: 'normal',
  upscale: null,
  face_restore: false,
  watermark: false,
  source_image_url: null,
  mask_image_url: null,
  denoise: null,
  lease_expires_at: new Date(0).toISOString(),
  ...overrides,
});
const check = (overrides: Partial<HordeCheck> = {}): HordeCheck => ({
  done: false,
  faulted: false,
  isPossible: true,
  waitTime: 10,
  queuePosition: 3,
  processing: 0,
  waiting: 1,
  ...overrides,
});
const context = { model: 'Photo Model', nsfw: true, trustedWorkers: false };

describe('AI Horde protocol helpers', () => {
  it('rounds sides to the nearest multiple of 64 within 64..3072', () => {
    expect([500, 704, 1144, 1228, 936, 10, 5000].map(hordeSide)).toEqual([
      512, 704, 1152, 1216, 960, 64, 3072,
    ]);
    const hires = { factor: 1.625, width: 832, height: 1144, steps: 10, denoise: 0.5 };
    expect(renderSize(job({ hires }))).toEqual({ width: 832, height: 1152 });
  });

  it('writes cfg with 2 decimals, prompts with ###, and Horde sampler names', () => {
    expect([7.125, 5, 4.333333].map(hordeCfg)).toEqual([7.13, 5, 4.33]);
    expect(hordePrompt('a lighthouse', 'blurry')).toBe('a lighthouse ### blurry');
    expect(hordePrompt('a lighthouse', '  ')).toBe('a lighthouse');
    expect(hordePrompt('sign ### reading', 'a ####### b')).toBe('sign ## reading ### a ## b');
    expect(
      ['euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde', 'ddim', 'k_heun', 'uni_pc'].map(hordeSampler),
    ).toEqual(['k_euler_a', 'k_dpmpp_2m', 'k_dpmpp_sde', 'DDIM', 'k_heun', 'uni_pc']);
  });

  it('builds an img2img request at the result size, with the denoise and no hires fix', () => {
    const hires = { factor: 1.625, width: 832, height: 1144, steps: 10, denoise: 0.5 };
    const body = generateRequest(job({ type: 'style_convert', hires, denoise: 0.456 }), {
      ...context,
      sourceImage: 'UklGRg==',
      sourceMask: 'ignored for img2img',
    });
    expect(body).toMatchObject({ source_image: 'UklGRg==', source_processing: 'img2img' });
    expect(body).not.toHaveProperty('source_mask');
    expect(body.params).toMatchObject({
      width: 832,
      height: 1152,
      denoising_strength: 0.46,
      hires_fix: false,
    });
    expect(body.params).not.toHaveProperty('hires_fix_denoising_strength');
    expect(Object.values(body).includes(null)).toBe(false);
  });

  it('reads the answers defensively', () => {
    expect(parseAsyncAnswer({ id: 'abc', kudos: 10, message: 'No available workers', warnings: [] })).toEqual(
      {
        id: 'abc',
        kudos: 10,
        notes: ['No available workers'],
      },
    );
    expect(() => parseAsyncAnswer({ kudos: 1 })).toThrow(/without an id/);
    expect(parseCheck({ done: false, wait_time: -3 })).toMatchObject({
      isPossible: true,
      waitTime: 0,
      faulted: false,
    });
    expect(parseCheck({ is_possible: false }).isPossible).toBe(false);
    const status = parseStatus({
      faulted: false,
      generations: [
        { img: '', seed: '1' },
        {
          img: 'https://r2/x.webp',
          seed: 99,
          censored: true,
          gen_metadata: [{ type: 'censorship', value: 'csam' }],
        },
      ],
    });
    expect(status.generations).toEqual([
      {
        img: 'https://r2/x.webp',
        seed: '99',
        censored: true,
        model: null,
        worker: null,
        metadata: ['censorship:csam'],
      },
    ]);
    const gen = status.generations[0]!;
    expect(resultSeed(gen, job())).toBe(99);
    expect(resultSeed({ ...gen, seed: 'The little seed' }, job())).toBe(7);
    expect(resultSeed({ ...gen, seed: '99999999999999999999' }, job())).toBe(7);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(null, 0)).toBeNull();
    expect(retryAfterMs('soon', 0)).toBeNull();
  });

  it('classifies error answers', () => {
    const of = (status: number, body: unknown) => {
      const f = hordeFailure('AI Horde X', status, JSON.stringify(body));
      return { retryable: f.error.retryable, transient: f.transient, rc: f.rc, message: f.error.message };
    };
    expect(
      of(400, {
        errors: { 'params.seed': "None is not of type 'string'" },
        message: 'Input payload validation failed',
      }),
    ).toEqual({
      retryable: false,
      transient: false,
      rc: null,
      message:
        "AI Horde X: HTTP 400: Input payload validation failed; params.seed: None is not of type 'string'",
    });
    expect(of(401, { message: 'Invalid API Key sent.', rc: 'InvalidAPIKey' })).toMatchObject({
      retryable: false,
    });
    expect(of(403, { message: 'Due to heavy demand…', rc: 'KudosUpfront' })).toMatchObject({
      retryable: false,
      rc: 'KudosUpfront',
    });
    expect(of(403, { message: 'banned', rc: 'BannedClientAgent' })).toMatchObject({ retryable: false });
    expect(of(404, { message: 'not found', rc: 'RequestNotFound' })).toMatchObject({
      retryable: true,
      transient: false,
    });
    expect(of(429, { message: '2 per 1 second' })).toMatchObject({ retryable: true, transient: true });
    expect(of(503, {})).toMatchObject({ retryable: true, transient: true });
    expect(hordeFailure('X', 502, '<html>Bad gateway</html>').error.message).toBe(
      'X: HTTP 502: <html>Bad gateway</html>',
    );
  });

  it('maps the wait onto the step scale without reaching the end before done', () => {
    const j = job({ steps: 20 });
    expect(waitStep(j, 0, check({ waitTime: 30 }))).toEqual({ step: 0, max: 20 });
    expect(waitStep(j, 10_000, check({ waitTime: 10 }))).toEqual({ step: 10, max: 20 });
    expect(waitStep(j, 600_000, check({ waitTime: 0 }))).toEqual({ step: 19, max: 20 });
    expect(waitStep(j, 1000, check({ done: true }))).toEqual({ step: 19, max: 20 });
    expect(nextPollMs(check({ waitTime: 2 }), 1000, 5000)).toBe(1000);
    expect(nextPollMs(check({ waitTime: 30 }), 1000, 5000)).toBe(3000);
    expect(nextPollMs(check({ waitTime: 600 }), 1000, 5000)).toBe(5000);
    expect(nextPollMs(check({ waitTime: 600 }), 8000, 5000)).toBe(8000);
  });
});

describe('HORDE_MODELS', () => {
  it('reads pairs and JSON', () => {
    expect(parseModelMap('a.safetensors=AlbedoBase XL (SDXL), b.ckpt = Deliberate\nc=Anything')).toEqual({
      'a.safetensors': 'AlbedoBase XL (SDXL)',
      'b.ckpt': 'Deliberate',
      c: 'Anything',
    });
    expect(parseModelMap('{"a.safetensors": "Name, with comma"}')).toEqual({
      'a.safetensors': 'Name, with comma',
    });
  });

  it('refuses what it cannot read', () => {
    expect(() => parseModelMap('')).toThrow(/no checkpoint/);
    expect(() => parseModelMap('a.safetensors')).toThrow(/not checkpoint=model/);
    expect(() => parseModelMap('a=X,a=Y')).toThrow(/mapped twice/);
    expect(() => parseModelMap('a=')).toThrow(/empty/);
    expect(() => parseModelMap('{"a": 1}')).toThrow(/not a string/);
    expect(() => parseModelMap('{"a": ')).toThrow(/not valid JSON/);
  });
});
