import { describe, expect, it } from 'vitest';
import { CURATED_UUID_PATTERN, GUIDE_CURATED_IMAGES } from '../../src/content/curated-images.ts';
import {
  PROMO_CATEGORIES,
  PROMO_CURATED_IMAGES,
  PROMO_PAGES,
  PROMO_SAMPLES,
  PROMO_SUBJECTS,
} from '../../src/content/promo-samples.ts';
import { FORMATS, QUALITIES, isValidSeed } from '../../src/generation/options.ts';
import { checkChildSafety } from '../../src/moderation/child-safety.ts';

/** The promo pages' sample gallery (docs/product/content.md#promo-pages). */
describe('promo samples', () => {
  it('have unique, valid v4 uuids, none shared with the guide’s pictures', () => {
    const uuids = PROMO_CURATED_IMAGES.map((image) => image.uuid);
    expect(uuids.length).toBe(PROMO_PAGES.length * PROMO_CATEGORIES.length * 4);
    expect(new Set(uuids).size).toBe(uuids.length);
    for (const uuid of uuids) expect(uuid).toMatch(CURATED_UUID_PATTERN);
    const guide = new Set(GUIDE_CURATED_IMAGES.map((image) => image.uuid));
    expect(uuids.filter((uuid) => guide.has(uuid))).toEqual([]);
  });

  it('fill every category of both pages, with some NSFW-flagged ones to blur on each page', () => {
    for (const page of PROMO_PAGES) {
      expect(Object.keys(PROMO_SAMPLES[page]).sort()).toEqual([...PROMO_CATEGORIES].sort());
      for (const category of PROMO_CATEGORIES)
        expect(PROMO_SAMPLES[page][category].length).toBeGreaterThan(0);
      expect(PROMO_CATEGORIES.some((category) => PROMO_SAMPLES[page][category].some((s) => s.nsfw))).toBe(
        true,
      );
    }
  });

  it('describe each picture with a subject of its own category, and its prompt says it', () => {
    for (const page of PROMO_PAGES) {
      for (const category of PROMO_CATEGORIES) {
        for (const sample of PROMO_SAMPLES[page][category]) {
          const subjects = PROMO_SUBJECTS[category] as Record<string, string>;
          expect(sample.description && subjects[sample.description], `${page}/${category}`).toBeTruthy();
          expect(sample.prompt.startsWith(subjects[sample.description!]!)).toBe(true);
        }
      }
    }
  });

  it('are valid generation settings, drawn in the page’s kind of style', () => {
    for (const image of PROMO_CURATED_IMAGES) {
      expect(FORMATS).toContain(image.format);
      expect(QUALITIES).toContain(image.quality);
      expect(isValidSeed(image.seed)).toBe(true);
    }
    for (const sample of Object.values(PROMO_SAMPLES.hentai).flat()) {
      expect(sample.style).toMatch(/^(anime|manga)_/);
      expect(sample.prompt).toMatch(/anime illustration$/);
    }
    for (const sample of Object.values(PROMO_SAMPLES.realistic).flat()) {
      expect(sample.style).toMatch(/^(photo|realistic)_/);
      expect(sample.prompt).toMatch(/photograph$/);
    }
  });

  it('pass the product’s own child-safety check, and name no explicit content', () => {
    const explicit =
      /\b(nude|naked|sex|sexy|erotic|nsfw|hentai|futanari|fetish|breasts?|lingerie|teen|girl|boy|child|kid)\b/i;
    for (const image of PROMO_CURATED_IMAGES) {
      expect(checkChildSafety({ prompt: image.prompt }).blocked, image.prompt).toBe(false);
      expect(image.prompt, image.prompt).not.toMatch(explicit);
    }
  });
});
