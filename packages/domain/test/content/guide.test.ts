import { describe, expect, it } from 'vitest';
import {
  GUIDE_ANCHORS,
  GUIDE_CATEGORIES,
  GUIDE_SECTIONS,
  comparatorCountLabel,
  currentGuideSection,
  guideCategoryOf,
  guideScrollOffset,
  guideSectionOfHash,
} from '../../src/content/guide.ts';

describe('guide structure', () => {
  it('has the four categories with the spec’s anchors, in order', () => {
    expect(GUIDE_CATEGORIES.map((category) => category.id)).toEqual([
      'getting-started',
      'how-to-prompt',
      'settings',
      'ai-fundamentals',
    ]);
    expect(GUIDE_SECTIONS).toEqual([
      'introduction',
      'content-policy',
      'what-is-prompting',
      'prompting-basics',
      'prompt',
      'negative-prompt',
      'resolution',
      'boosters',
      'creativity',
      'upscale',
      'fastlane',
      'ecomode',
      'watermark',
      'tweak-panel',
      'seed',
      'hi-res-fix',
      'lora',
      'cfg-scale',
    ]);
  });

  it('makes the generator’s #modifiers and #slowmode real anchors, with no anchor twice', () => {
    expect(GUIDE_ANCHORS).toContain('modifiers');
    expect(GUIDE_ANCHORS).toContain('slowmode');
    expect(new Set(GUIDE_ANCHORS).size).toBe(GUIDE_ANCHORS.length);
    expect(guideSectionOfHash('#modifiers')).toBe('boosters');
    expect(guideSectionOfHash('#slowmode')).toBe('ecomode');
  });

  it('reads a hash as a section, or null', () => {
    expect(guideSectionOfHash('#cfg-scale')).toBe('cfg-scale');
    expect(guideSectionOfHash('seed')).toBe('seed');
    expect(guideSectionOfHash('')).toBeNull();
    expect(guideSectionOfHash('#nowhere')).toBeNull();
    expect(guideSectionOfHash('#constructor')).toBeNull();
    expect(guideSectionOfHash('#%E0')).toBeNull();
  });

  it('finds the category of each section', () => {
    expect(guideCategoryOf('content-policy')).toBe('getting-started');
    expect(guideCategoryOf('negative-prompt')).toBe('how-to-prompt');
    expect(guideCategoryOf('seed')).toBe('settings');
    expect(guideCategoryOf('lora')).toBe('ai-fundamentals');
  });
});

describe('guide scroll rules', () => {
  it('lands 70 px below the top above 705 px wide, else 120', () => {
    expect(guideScrollOffset(1280)).toBe(70);
    expect(guideScrollOffset(706)).toBe(70);
    expect(guideScrollOffset(705)).toBe(120);
    expect(guideScrollOffset(390)).toBe(120);
  });

  it('makes a section current once its top is within 130 px', () => {
    const at = (...tops: number[]) =>
      currentGuideSection(tops.map((top, index) => ({ id: GUIDE_SECTIONS[index]!, top })));
    expect(at(300, 900, 1500)).toBe('introduction');
    expect(at(-500, 131, 900)).toBe('introduction');
    expect(at(-500, 130, 900)).toBe('content-policy');
    expect(at(-900, -300, 70)).toBe('what-is-prompting');
    expect(currentGuideSection([])).toBeNull();
  });

  it('treats both scroll offsets as reached', () => {
    for (const width of [390, 1280]) {
      const top = guideScrollOffset(width);
      expect(
        currentGuideSection([
          { id: 'introduction', top: -400 },
          { id: 'seed', top },
        ]),
      ).toBe('seed');
    }
  });
});

describe('comparator label', () => {
  it('says "N image", with an s above 0', () => {
    expect(comparatorCountLabel(0)).toBe('0 image');
    expect(comparatorCountLabel(2)).toBe('2 images');
    expect(comparatorCountLabel(4)).toBe('4 images');
  });
});
