/**
 * Long-form page content (the guide, the about page, the promo pages): content/<lang>/<doc>.json. Unlike the
 * interface strings (locales/), which every page needs and load with the language, a document loads only
 * with the page that shows it, so its text never weighs on anyone else's first load. test/content.test.ts
 * checks that every language has every document with English's shape.
 */
import type { Language } from '@mirage/domain';

export const CONTENT_DOCS = ['guide', 'about', 'promo'] as const;
export type ContentDoc = (typeof CONTENT_DOCS)[number];

/**
 * One document in one language, as parsed JSON; the page that reads it owns its shape (and checks it).
 * The import path is a template that bundlers split into one chunk per file.
 */
export async function loadContent(lang: Language, doc: ContentDoc): Promise<unknown> {
  const module = (await import(`../content/${lang}/${doc}.json`)) as { default: unknown };
  return module.default;
}
