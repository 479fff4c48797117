import { FORMATS, QUALITIES, renderSizes, resultSize, type GeneratorSettings } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import type { GenerationStyle } from '../catalogue/index.ts';
import { buildTxt2imgJob } from './job-builder.ts';

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

function settings(
  format: GeneratorSettings['format'],
  quality: GeneratorSettings['quality'],
  upscale: boolean,
) {
  return {
    prompt: 'a lighthouse at dusk',
    neg_prompt: '',
    seed: 42,
    seedLock: false,
    quality,
    format,
    creativity: 'Balanced',
    upscale,
    fastLane: false,
    slow_mode: false,
    watermark: false,
    private: false,
    style_id: 1,
    modifiers: [],
    less_nsfw: false,
    automatic_face_restore: true,
    multiGeneration: 1,
  } satisfies GeneratorSettings & { seed: number };
}

describe('the result a built job asks for', () => {
  const cells = FORMATS.flatMap((format) =>
    QUALITIES.flatMap((quality) => [false, true].map((upscale) => [format, quality, upscale] as const)),
  );
  // The API checks every worker result against resultSize(job): the job it builds must ask for exactly
  // the size the resolution table delivers (face restore does not change it).
  it.each(cells)(
    '%s %s (upscale %s) is the delivered size of the resolution table',
    (format, quality, upscale) => {
      const job = buildTxt2imgJob('task', settings(format, quality, upscale), style, [], {
        upscaleModel: 'RealESRGAN_x4plus.pth',
        watermark: false,
      });
      const sizes = renderSizes(format, quality, upscale);
      expect(resultSize(job)).toEqual(sizes.upscaled ?? sizes.final);
    },
  );
});
