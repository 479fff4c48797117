import {
  comparatorCountLabel,
  GUIDE_IMAGES,
  GUIDE_SECTIONS,
  guideValues,
  isGuideComparator,
} from '@mirage/domain';
import { LANGUAGES, loadContent, loadLocale } from '@mirage/i18n';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { parseGuideContent } from './content.ts';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(texts);
  return [];
}

describe('guide content', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: has every section, a comparator label where there are images, and known numbers`, async () => {
      const content = parseGuideContent(await loadContent(lang, 'guide'));
      for (const id of GUIDE_SECTIONS) {
        expect(Boolean(content.sections[id].comparator), id).toBe(isGuideComparator(id));
      }
      const values = guideValues(lang);
      const names = texts(content).flatMap((text) =>
        [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!),
      );
      expect(names.length).toBeGreaterThan(10);
      for (const name of names) expect(values, name).toHaveProperty(name);
    });
  }

  it('refuses a document that misses a section', () => {
    expect(() =>
      parseGuideContent({
        title: 'Guide',
        lead: 'Lead',
        sections: { introduction: { title: 'Intro', paragraphs: ['Text'] } },
        cta: { guest_title: 'a', guest_text: 'b', member_title: 'c', member_text: 'd' },
      }),
    ).toThrow(/misses sections: content-policy/);
    expect(() => parseGuideContent({ title: 'Guide' })).toThrow();
  });
});

describe('comparator count', () => {
  it('in English says what the spec’s rule says for every comparator of the guide', async () => {
    const t = i18next.createInstance();
    await t.init({
      lng: 'en',
      resources: { en: await loadLocale('en') },
      interpolation: { escapeValue: false },
    });
    for (const images of Object.values(GUIDE_IMAGES)) {
      expect(t.t('guide:comparator.count', { count: images.length })).toBe(
        comparatorCountLabel(images.length),
      );
    }
  });
});
