import { describe, expect, it } from 'vitest';
import { assetTable, NO_ASSETS, type ViteManifest } from './page-assets.ts';

/** A build's manifest in Vite's shape: an entry, shared chunks, two pages, one language. */
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js', '_api-c3.js'],
    css: ['assets/index-a1.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_api-c3.js': { file: 'assets/api-c3.js', imports: ['_react-b2.js'] },
  '_Dialog-d4.js': { file: 'assets/Dialog-d4.js', imports: ['_react-b2.js'], css: ['assets/Dialog-d4.css'] },
  '_feed-e5.js': {
    file: 'assets/feed-e5.js',
    imports: ['_Dialog-d4.js', 'index.html'],
    css: ['assets/feed.css'],
  },
  'src/pages/ImagePage.tsx': {
    file: 'assets/ImagePage-f6.js',
    src: 'src/pages/ImagePage.tsx',
    imports: ['_react-b2.js', '_feed-e5.js', '_Dialog-d4.js', 'index.html'],
    css: ['assets/ImagePage-f6.css'],
  },
  'src/pages/ExplorePage.tsx': { file: 'assets/ExplorePage-g7.js', imports: ['_feed-e5.js'] },
  '../../packages/i18n/locales/ja/index.ts': { file: 'assets/ja-h8.js', imports: ['_api-c3.js'] },
};

describe('assetTable (what a page needs beyond index.html)', () => {
  const table = assetTable(manifest);

  it("lists a page's chunks, dependencies first, without the entry's own", () => {
    expect(table.page('ImagePage')).toEqual({
      modules: ['/assets/Dialog-d4.js', '/assets/feed-e5.js', '/assets/ImagePage-f6.js'],
      styles: ['/assets/Dialog-d4.css', '/assets/feed.css', '/assets/ImagePage-f6.css'],
    });
    expect(table.page('ExplorePage').modules).toEqual([
      '/assets/Dialog-d4.js',
      '/assets/feed-e5.js',
      '/assets/ExplorePage-g7.js',
    ]);
  });

  it("gives a language's messages", () => {
    expect(table.language('ja')).toEqual({ modules: ['/assets/ja-h8.js'], styles: [] });
  });

  it('gives nothing for what the build does not have', () => {
    expect(table.page('SettingsPage')).toEqual(NO_ASSETS);
    expect(table.language('fr')).toEqual(NO_ASSETS);
    expect(assetTable(null).page('ImagePage')).toEqual(NO_ASSETS);
  });
});
