import { imageSafetyVerdict, NSFW_CLASSES } from '@mirage/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelScorer, type ModelScorer } from './model-scorer.ts';

/**
 * The real models, loaded once from their npm packages in their own thread (7–12 s on a small machine;
 * the one slow test of the image-side safety check: everything else uses a fake scorer). Only neutral,
 * synthetic pictures: a gradient and noise. What the models make of real pictures cannot be checked here
 * (docs/architecture/image-safety.md#accuracy).
 */
const LOAD_TIMEOUT_MS = 180_000;
const logged: string[] = [];
let scorer: ModelScorer;

beforeAll(() => {
  scorer = createModelScorer({
    log: { info: (_data, message) => logged.push(message), error: (_data, message) => logged.push(message) },
    timeoutMs: LOAD_TIMEOUT_MS,
  });
});
afterAll(async () => {
  await scorer.close();
});

/** A 1024×1408 picture (a result's usual size) from raw RGB. */
async function picture(pixel: (x: number, y: number) => [number, number, number]) {
  const width = 1024;
  const height = 1408;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(pixel(x, y), (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('the safety models', () => {
  it(
    'load from their packages on the first image and score neutral pictures as not held',
    async () => {
      expect(scorer.state()).toBe('idle');
      const gradient = await picture((x, y) => [(x * 255) / 1024, (y * 255) / 1408, 120]);
      let seed = 7;
      const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 255;
      const noise = await picture(() => [random(), random(), random()]);

      const first = scorer.score(gradient);
      expect(scorer.state()).toBe('loading');
      for (const scores of [await first, await scorer.score(noise)]) {
        expect(Object.keys(scores.nsfw).sort()).toEqual([...NSFW_CLASSES].sort());
        const total = Object.values(scores.nsfw).reduce((sum, value) => sum + value, 0);
        expect(total).toBeCloseTo(1, 2);
        for (const face of scores.faces) expect(face.score).toBeGreaterThanOrEqual(0);
        expect(imageSafetyVerdict(scores).hold).toBe(false);
      }
      expect(scorer.state()).toBe('ready');
      expect(logged).toEqual(['image safety models loaded']);
    },
    LOAD_TIMEOUT_MS + 60_000,
  );
});
