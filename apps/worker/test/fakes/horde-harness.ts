/** Shared set-up of the AI Horde engine tests: the fake, an engine on virtual time, and a job runner. */
import sharp from 'sharp';
import { afterEach, expect } from 'vitest';
import type { WorkerJob } from '@mirage/domain';
import type { EngineProgress } from '../../src/engines/engine.ts';
import { throwIfAborted } from '../../src/engines/engine.ts';
import { HordeEngine } from '../../src/engines/horde.ts';
import type { HordeEngineOptions } from '../../src/engines/horde.ts';
import type { HordeTimer } from '../../src/engines/horde-http.ts';
import { FakeHorde } from './fake-horde.ts';
import type { FakeHordeOptions } from './fake-horde.ts';

export const MODELS = {
  'sd_xl_base_1.0.safetensors': 'AlbedoBase XL (SDXL)',
  'anime_v2.safetensors': 'Anime Model',
};
export const AGENT = 'mirage-worker:test:ops@mirage.test';
export const ASYNC = 'POST /api/v2/generate/async';
export const CHECK = 'GET /api/v2/generate/check/{id}';
export const STATUS = 'GET /api/v2/generate/status/{id}';
export const CANCEL = 'DELETE /api/v2/generate/status/{id}';

/** Virtual time: sleeps return at once and move the clock, so polls and backoffs cost nothing. */
export function virtualTimer(): HordeTimer & { waits: number[] } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    async sleep(ms, signal) {
      throwIfAborted(signal);
      waits.push(ms);
      now += ms;
      await new Promise((resolve) => setImmediate(resolve));
      throwIfAborted(signal);
    },
  };
}

/** Registers the clean-up of the test file's fakes; `setup` starts a fake and an engine on it. */
export function useHorde() {
  let fake: FakeHorde | null = null;
  const logs: string[] = [];
  afterEach(async () => {
    await fake?.close();
    fake = null;
    logs.length = 0;
  });
  async function setup(options: FakeHordeOptions = {}, engineOptions: Partial<HordeEngineOptions> = {}) {
    fake = await FakeHorde.start(options);
    const timer = virtualTimer();
    const engine = new HordeEngine({
      baseUrl: fake.apiUrl,
      models: MODELS,
      clientAgent: AGENT,
      timer,
      log: (m) => logs.push(m),
      ...engineOptions,
    });
    return { fake, engine, timer };
  }
  return { logs, setup };
}

export interface RunExtra {
  signal?: AbortSignal;
  sourceImage?: Buffer;
  maskImage?: Buffer;
  onProgress?: (p: EngineProgress, events: EngineProgress[]) => void;
}

/** Runs a job; returns the result, the progress events, the PNG's size and format, and its pixels. */
export async function run(engine: HordeEngine, job: WorkerJob, extra: RunExtra = {}) {
  const events: EngineProgress[] = [];
  const result = await engine.run(job, {
    onProgress: (p) => {
      events.push(p);
      extra.onProgress?.(p, events);
    },
    signal: extra.signal ?? new AbortController().signal,
    ...(extra.sourceImage ? { sourceImage: extra.sourceImage } : {}),
    ...(extra.maskImage ? { maskImage: extra.maskImage } : {}),
  });
  const { data, info } = await sharp(result.png).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * info.channels).subarray(0, 3),
  ];
  const meta = await sharp(result.png).metadata();
  return { result, events, size: [info.width, info.height], format: meta.format, pixel };
}

export const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('should have failed'),
    (e: unknown) => e,
  );
export const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
export const near = (actual: number[], expected: number[], tolerance = 12) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
