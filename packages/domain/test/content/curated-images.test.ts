import { describe, expect, it } from 'vitest';
import {
  CURATED_UUID_PATTERN,
  GUIDE_CURATED_IMAGES,
  GUIDE_IMAGES,
  curatedImageSize,
  isGuideComparator,
} from '../../src/content/curated-images.ts';
import { GUIDE_SECTIONS } from '../../src/content/guide.ts';
import { CREATIVITIES, FORMATS, QUALITIES, isValidSeed } from '../../src/generation/options.ts';

describe('guide images', () => {
  it('have unique, valid v4 uuids', () => {
    const uuids = GUIDE_CURATED_IMAGES.map((image) => image.uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
    for (const uuid of uuids) expect(uuid).toMatch(CURATED_UUID_PATTERN);
  });

  it('are valid settings, neutral and not flagged NSFW', () => {
    for (const image of GUIDE_CURATED_IMAGES) {
      expect(FORMATS).toContain(image.format);
      expect(QUALITIES).toContain(image.quality);
      if (image.creativity) expect(CREATIVITIES).toContain(image.creativity);
      expect(isValidSeed(image.seed)).toBe(true);
      expect(image.nsfw).toBe(false);
    }
  });

  it('show at least two pictures per comparator, each comparator in a section of that id', () => {
    for (const [section, images] of Object.entries(GUIDE_IMAGES)) {
      expect(GUIDE_SECTIONS).toContain(section);
      expect(isGuideComparator(section)).toBe(true);
      expect(images.length).toBeGreaterThanOrEqual(2);
    }
    expect(isGuideComparator('introduction')).toBe(false);
  });

  it('change only the compared setting: same prompt, style and format within a comparator', () => {
    for (const images of Object.values(GUIDE_IMAGES)) {
      const first = images[0]!;
      for (const image of images) {
        expect([image.prompt, image.style, image.format]).toEqual([first.prompt, first.style, first.format]);
      }
    }
    const seeds = GUIDE_IMAGES.creativity.map((image) => image.seed);
    expect(new Set(seeds).size).toBe(1);
    expect(GUIDE_IMAGES.creativity.map((image) => image.creativity)).toEqual([
      'Creative',
      'Balanced',
      'Precise',
    ]);
    expect(GUIDE_IMAGES['cfg-scale'].map((image) => image.cfg)).toEqual([3, 7]);
  });
});

describe('curated image size', () => {
  it('follows the resolution table: base, final, and doubled when upscaled', () => {
    expect(curatedImageSize({ format: 'Portrait', quality: 'Ultra', stage: 'base' })).toEqual({
      width: 512,
      height: 704,
    });
    expect(curatedImageSize({ format: 'Portrait', quality: 'Ultra' })).toEqual({ width: 1228, height: 1688 });
    expect(curatedImageSize({ format: 'Square', quality: 'Standard', stage: 'upscaled' })).toEqual({
      width: 1872,
      height: 1872,
    });
  });
});
