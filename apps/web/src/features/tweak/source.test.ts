import { PLAN } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { SOURCE, STYLES, gen, info } from './fixtures.test-support.ts';
import { asGeneratorSettings, clampStrength, defaultTweakSettings, pickShared } from './settings.ts';
import { defaultInpaintStyle, renderOf, sourceOf, startingPrompts, studioFileAddress } from './source.ts';

describe('the source image', () => {
  it("loads the user's own files from the site itself, others' from where the API points", () => {
    const host = 'https://cdn.mirage.test/files';
    const own = info({
      is_owner: true,
      image_src: `${host}/images/${SOURCE}.webp`,
      thumbnail_src: `${host}/images/${SOURCE}-min.webp`,
    });
    expect(sourceOf(own, gen())).toMatchObject({
      url: `/images/${SOURCE}.webp`,
      thumbnail: `/images/${SOURCE}-min.webp`,
    });
    const theirs = { ...own, is_owner: false };
    expect(sourceOf(theirs, gen()).url).toBe(`${host}/images/${SOURCE}.webp`);
    expect(studioFileAddress(`/images/${SOURCE}.webp`, true)).toBe(`/images/${SOURCE}.webp`);
  });

  it('reads the viewer info and generation data', () => {
    const source = sourceOf(info(), gen());
    expect(source).toMatchObject({
      uuid: SOURCE,
      width: 832,
      height: 1144,
      url: `/images/${SOURCE}.webp`,
      styleId: 2,
      quality: 'High',
      creativity: 'Creative',
      rule: { user_id: 1, gen_type: 'txt2img', render: 'hentai', style_id: 2, is_sample: false },
    });
    expect(startingPrompts(source)).toEqual({ prompt: 'a lighthouse at dusk', neg_prompt: 'blurry' });
  });

  it('defaults what the generation data does not say: Standard, Balanced, empty prompts', () => {
    const source = sourceOf(info({ has_gen_data: false }), undefined);
    expect(source).toMatchObject({ quality: 'Standard', creativity: 'Balanced', prompt: '' });
    expect(source.rule.is_sample).toBe(true);
  });

  it("starts inpainting in the source's style, else anime modern, within the plan's styles", () => {
    expect(defaultInpaintStyle(2, STYLES, PLAN.basic)?.id).toBe(2);
    // Free users: free styles only (pastel is paid), so the default tweak style.
    expect(defaultInpaintStyle(2, STYLES, PLAN.free)?.lib).toBe('anime_modern');
    expect(defaultInpaintStyle(null, STYLES, PLAN.pro)?.lib).toBe('anime_modern');
    expect(defaultInpaintStyle(3, STYLES, PLAN.free)?.id).toBe(3);
    const noAnime = STYLES.filter((style) => style.lib !== 'anime_modern');
    expect(defaultInpaintStyle(4, noAnime, PLAN.free, 'realistic')?.id).toBe(3);
    expect(defaultInpaintStyle(null, [], PLAN.free)).toBeUndefined();
  });

  it('finds the render filter that shows a style', () => {
    expect(renderOf(3, STYLES, 'hentai')).toBe('realistic');
    expect(renderOf(null, STYLES, 'hentai')).toBe('hentai');
  });
});

describe('tweak settings', () => {
  it("give the generator's panels settings with the plan's defaults elsewhere", () => {
    const settings = {
      ...defaultTweakSettings(PLAN.free),
      prompt: 'a lighthouse',
      style_id: 1,
      fastLane: true,
    };
    const generator = asGeneratorSettings(settings, PLAN.free);
    expect(generator).toMatchObject({
      prompt: 'a lighthouse',
      style_id: 1,
      fastLane: true,
      quality: 'Standard',
    });
    expect(generator.multiGeneration).toBe(1);
    expect(pickShared({ prompt: 'x', quality: 'High' as const, upscale: true })).toEqual({ prompt: 'x' });
  });

  it('start with the watermark on for Free and off for premium, strength 0.75', () => {
    expect(defaultTweakSettings(PLAN.free)).toMatchObject({
      watermark: true,
      strength: 0.75,
      targetStyleId: null,
    });
    expect(defaultTweakSettings(PLAN.pro).watermark).toBe(false);
  });

  it('keep the strength within 0.3..1 at two decimals', () => {
    expect(clampStrength(0.1)).toBe(0.3);
    expect(clampStrength(0.666)).toBe(0.67);
    expect(clampStrength(Number.NaN)).toBe(0.75);
  });
});
