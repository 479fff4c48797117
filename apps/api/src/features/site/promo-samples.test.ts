import { PROMO_CATEGORIES, PROMO_PAGES, PROMO_SAMPLES } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { STYLES } from '../../db/seed/catalogue-data.ts';

/**
 * The promo pages' samples (packages/domain/src/content/promo-samples.ts) name styles of the shipped
 * catalogue: each one exists, is enabled, paints from text, and is of the page's render (anime styles on
 * the hentai page, photo styles on the realistic one), so the painted picture matches its page.
 */
describe('promo samples against the catalogue seed', () => {
  const byLib = new Map(STYLES.map((style) => [style.lib, style]));

  it('use enabled txt2img styles of the page’s render', () => {
    for (const page of PROMO_PAGES) {
      for (const category of PROMO_CATEGORIES) {
        for (const sample of PROMO_SAMPLES[page][category]) {
          const style = byLib.get(sample.style);
          expect(style, `${page}/${category}: ${sample.style}`).toBeDefined();
          expect(style).toMatchObject({ enabled: true, txt2img: true, render: page });
        }
      }
    }
  });
});
