import { loadLocale, NAMESPACES, type Language } from '@mirage/i18n';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { imageAlt, type AltSubject } from './imageAlt.ts';

/** The gallery translations of one language, as the app loads them (no fallback to English). */
async function galleryT(lang: Language) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    fallbackLng: false,
    ns: [...NAMESPACES],
    resources: { [lang]: await loadLocale(lang) },
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return instance.getFixedT(lang, 'gallery');
}

const image = (overrides: Partial<AltSubject> = {}): AltSubject => ({
  mainTags: ['lighthouse', 'harbour', 'dusk'],
  username: 'mirage',
  render: 'realistic',
  format: 'Portrait',
  ...overrides,
});

describe('imageAlt', () => {
  it("names the image's main tags as written, and its author", async () => {
    const t = await galleryT('en');
    expect(imageAlt(t, image())).toBe('lighthouse, harbour, dusk — image by mirage');
    expect(imageAlt(t, image({ mainTags: ['red scarf & rain'] }))).toBe('red scarf & rain — image by mirage');
  });

  it("says the rest in the reader's language, tags listed the way it lists things", async () => {
    expect(imageAlt(await galleryT('fr'), image())).toBe('lighthouse, harbour, dusk — image de mirage');
    expect(imageAlt(await galleryT('ja'), image({ mainTags: ['灯台', '夕暮れ'] }))).toBe(
      '灯台、夕暮れ — mirage さんの画像',
    );
    expect(imageAlt(await galleryT('zh'), image({ mainTags: ['灯塔', '黄昏'] }))).toBe(
      '灯塔、黄昏 — mirage 的图片',
    );
  });

  it('falls back to its kind and format without tags, and to its author alone when those are unknown', async () => {
    const t = await galleryT('en');
    expect(imageAlt(t, image({ mainTags: [] }))).toBe('Realistic, Portrait — image by mirage');
    expect(imageAlt(t, image({ mainTags: [], render: 'hentai', format: 'Wide' }))).toBe(
      'Anime, Wide — image by mirage',
    );
    expect(imageAlt(t, image({ mainTags: [], render: null }))).toBe('Image by mirage');
    expect(imageAlt(t, image({ mainTags: [], format: 'Panorama' }))).toBe('Image by mirage');
    expect(imageAlt(await galleryT('de'), image({ mainTags: [] }))).toMatch(/ — Bild von mirage$/);
  });
});
