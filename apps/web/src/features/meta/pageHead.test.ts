import en from '@mirage/i18n/locales/en/index.ts';
import { describe, expect, it } from 'vitest';
import { dropServerPageMeta } from './PageMeta.tsx';
import { pageHead, type Translate } from './pageHead.ts';

const ORIGIN = 'https://mirage.example';

/** i18next's `t` over the English strings: `namespace:key.path`, {{values}} filled. */
const t: Translate = (key, values = {}) => {
  const [namespace = '', path = ''] = key.split(':');
  let value: unknown = (en as Record<string, unknown>)[namespace];
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return (typeof value === 'string' ? value : key).replace(
    /\{\{(\w+)\}\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
};
const at = (pathname: string, search = '', language = 'en') => ({
  pathname,
  search,
  origin: ORIGIN,
  language,
});

describe('pageHead (the head PageMeta renders)', () => {
  it('takes what the page does not say from its route: title, description, canonical, 8 alternates', () => {
    const head = pageHead({}, at('/explore'), t);
    expect(head.title).toBe('Explore · Mirage');
    expect(head.description).toBe(en.pages.seo.explore);
    expect(head.noindex).toBe(false);
    expect(head.canonical).toBe(`${ORIGIN}/explore`);
    expect(head.alternates).toHaveLength(9);
    expect(head.alternates.at(-1)).toEqual({ hreflang: 'x-default', href: `${ORIGIN}/explore` });
    expect(head.ogLocale).toBe('en_US');
  });

  it('prefers what the page says', () => {
    const head = pageHead(
      {
        title: 'A lighthouse',
        description: 'At dusk.',
        image: { url: '/images/a-social.jpg', alt: 'A lighthouse' },
      },
      at('/image/0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01'),
      t,
    );
    expect(head.title).toBe('A lighthouse · Mirage');
    expect(head.description).toBe('At dusk.');
    expect(head.image).toEqual({ url: `${ORIGIN}/images/a-social.jpg`, alt: 'A lighthouse' });
  });

  it('canonicalises a language version to itself and drops every other parameter', () => {
    const head = pageHead({}, at('/Guide/', '?utm_source=x&lang=fr', 'fr'), t);
    expect(head.canonical).toBe(`${ORIGIN}/guide?lang=fr`);
    expect(head.ogLocale).toBe('fr_FR');
    expect(pageHead({}, at('/tickets', '?tab=tickets'), t).canonical).toBe(`${ORIGIN}/tickets`);
  });

  it('keeps noindex pages, unknown paths and pages that ask for it out of search results', () => {
    for (const head of [
      pageHead({}, at('/settings'), t),
      pageHead({}, at('/no-such-page'), t),
      pageHead({ noindex: true }, at('/explore'), t),
    ]) {
      expect(head.noindex).toBe(true);
      expect(head.canonical).toBeNull();
      expect(head.alternates).toEqual([]);
    }
  });

  it('fills the route’s values and falls back to English for an unknown language', () => {
    const head = pageHead({}, at('/gallery/mary-ann-12', '', 'pt'), t);
    expect(head.title).toBe('Gallery of mary-ann · Mirage');
    expect(head.ogLocale).toBe('en_US');
  });
});

describe('dropServerPageMeta', () => {
  it('removes the tags the server marked, and only those', () => {
    const removed: string[] = [];
    const node = (name: string) => ({ remove: () => removed.push(name) });
    let selector = '';
    dropServerPageMeta({
      querySelectorAll: ((query: string) => {
        selector = query;
        return [node('description'), node('canonical')];
      }) as unknown as Document['querySelectorAll'],
    });
    expect(selector).toBe('head [data-route-meta]');
    expect(removed).toEqual(['description', 'canonical']);
  });
});
