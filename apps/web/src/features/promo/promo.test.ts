import { LANGUAGES, PROMO_CATEGORIES, PROMO_PAGES, PROMO_SAMPLES } from '@mirage/domain';
import { loadContent } from '@mirage/i18n';
import { describe, expect, it } from 'vitest';
import { parsePromoContent, titleGap } from './content.ts';
import { nextTab } from './tabs.ts';
import { PROMO_PATHS, promoPageOf } from './variant.ts';

describe('the promo variant', () => {
  it('comes from the address, trailing slash and case aside', () => {
    expect(promoPageOf('/ai-hentai-generator')).toBe('hentai');
    expect(promoPageOf('/ai-realistic-generator')).toBe('realistic');
    expect(promoPageOf('/AI-Realistic-Generator/')).toBe('realistic');
    expect(Object.values(PROMO_PATHS).map(promoPageOf)).toEqual(['hentai', 'realistic']);
  });
});

describe('the title’s two parts', () => {
  it('are joined by a space, except after Chinese or Japanese text', () => {
    expect(titleGap('Photorealistic pictures,')).toBe(' ');
    expect(titleGap('Фотореалистичные изображения')).toBe(' ');
    expect(titleGap('フォトリアルな画像を、')).toBe('');
    expect(titleGap('照片级写实图像，')).toBe('');
  });
});

describe('the category tabs’ keys', () => {
  const tabs = ['a', 'b', 'c'];
  it('move with the arrows, wrapping around, and jump with Home and End', () => {
    expect(nextTab(tabs, 'a', 'ArrowRight')).toBe('b');
    expect(nextTab(tabs, 'c', 'ArrowRight')).toBe('a');
    expect(nextTab(tabs, 'a', 'ArrowLeft')).toBe('c');
    expect(nextTab(tabs, 'b', 'Home')).toBe('a');
    expect(nextTab(tabs, 'a', 'End')).toBe('c');
    expect(nextTab(tabs, 'a', 'Enter')).toBeNull();
  });
});

describe('the promo content', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: parses, with both variants and a description for every sample`, async () => {
      const content = parsePromoContent(await loadContent(lang, 'promo'));
      for (const page of PROMO_PAGES) {
        expect(content[page].features.length).toBeGreaterThan(0);
        for (const category of PROMO_CATEGORIES) {
          for (const sample of PROMO_SAMPLES[page][category]) {
            if (sample.description)
              expect(content.samples[sample.description], sample.description).toBeTruthy();
          }
        }
      }
    });
  }

  it('refuses a document that lacks a part', async () => {
    const good = (await loadContent('en', 'promo')) as Record<string, unknown>;
    expect(() => parsePromoContent({ ...good, realistic: undefined })).toThrow(/promo.realistic/);
    expect(() => parsePromoContent({ ...good, cta: { title: '' } })).toThrow(/promo.cta/);
    expect(() => parsePromoContent('text')).toThrow();
  });
});
