import { describe, expect, it } from 'vitest';
import {
  ENTRY_BUDGET,
  LAZY_BUDGET,
  ENTRY_MAX_SCRIPTS,
  firstLoadSplit,
  formatTable,
  measure,
  zodOnFirstLoad,
  type ManifestChunk,
} from '../../../scripts/check-web-budget.mjs';

/** A synthetic build manifest: an entry with a shared chunk, two routes, one of them sharing code. */
const manifest: Record<string, ManifestChunk> = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/pages/A.tsx', 'src/pages/B.tsx', 'locales/en.ts'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'], css: ['assets/shared.css'] },
  'src/pages/A.tsx': {
    file: 'assets/A.js',
    imports: ['_shared.js', '_react.js'],
    dynamicImports: ['src/Menu.tsx'],
  },
  // A menu page A loads on first use: it needs the shared chunk too, which A has already loaded.
  'src/Menu.tsx': { file: 'assets/Menu.js', imports: ['_shared.js', '_menu-lib.js'] },
  '_menu-lib.js': { file: 'assets/menu-lib.js', css: ['assets/menu-lib.css'] },
  'src/pages/B.tsx': { file: 'assets/B.js', imports: ['_shared.js'], css: ['assets/B.css'] },
  'locales/en.ts': { file: 'assets/en.js' },
};
const KB = 1024;
const gzipped: Record<string, number> = {
  'assets/index.js': 30 * KB,
  'assets/index.css': 5 * KB,
  'assets/react.js': 60 * KB,
  'assets/runtime.js': 1 * KB,
  'assets/shared.js': 20 * KB,
  'assets/shared.css': 2 * KB,
  'assets/A.js': 10 * KB,
  'assets/B.js': 39 * KB,
  'assets/B.css': 1 * KB,
  'assets/en.js': 12 * KB,
  'assets/Menu.js': 3 * KB,
  'assets/menu-lib.js': 15 * KB,
  'assets/menu-lib.css': 1 * KB,
};
const sizeOf = (file: string) => {
  const gzip = gzipped[file] ?? NaN;
  return { raw: 3 * gzip, gzip, brotli: gzip / 2 };
};

describe('the web budget over the build manifest', () => {
  it('counts the entry, its static imports recursively and their CSS as what every route loads first', () => {
    const [first] = measure(manifest, sizeOf).rows;
    expect(first?.kind).toBe('entry');
    expect(first?.files.sort()).toEqual([
      'assets/index.css',
      'assets/index.js',
      'assets/react.js',
      'assets/runtime.js',
    ]);
    expect(first?.gzip).toBe(96 * KB);
    expect(first?.raw).toBe(3 * 96 * KB);
  });

  it("counts for each lazy chunk only what the entry does not already load, its imports' CSS included", () => {
    const { rows } = measure(manifest, sizeOf);
    const row = (name: string) => rows.find((r) => r.name === name);
    expect(row('src/pages/A.tsx')).toMatchObject({ kind: 'route', gzip: 32 * KB });
    expect(row('src/pages/A.tsx')?.files.sort()).toEqual([
      'assets/A.js',
      'assets/shared.css',
      'assets/shared.js',
    ]);
    expect(row('src/pages/B.tsx')).toMatchObject({ kind: 'route', gzip: 62 * KB });
    expect(row('locales/en.ts')).toMatchObject({ kind: 'lazy', gzip: 12 * KB });
  });

  it('counts for a chunk loaded from a page only what that page has not loaded', () => {
    const { rows } = measure(manifest, sizeOf);
    const menu = rows.find((r) => r.name === 'src/Menu.tsx');
    expect(menu).toMatchObject({ kind: 'lazy', gzip: 19 * KB });
    expect(menu?.files.sort()).toEqual(['assets/Menu.js', 'assets/menu-lib.css', 'assets/menu-lib.js']);
  });

  it('fails exactly the groups over their budget and names them in the table', () => {
    const { rows, failures } = measure(manifest, sizeOf, { entry: 100 * KB, lazy: 60 * KB });
    expect(failures.map((r) => r.name)).toEqual(['src/pages/B.tsx']);
    const table = formatTable(rows);
    expect(table).toContain(
      '| src/pages/B.tsx | route | 4 | 186.0 KB | 62.0 KB | 31.0 KB | **over 60.0 KB** |',
    );
    expect(table).toContain('| every route, first | entry | 4 | 288.0 KB | 96.0 KB | 48.0 KB | 100.0 KB |');
  });

  it('checks the real build against the current ceilings by default', () => {
    const [first] = measure(manifest, sizeOf).rows;
    expect(first?.budget).toBe(ENTRY_BUDGET);
    expect(measure(manifest, sizeOf).rows.at(-1)?.budget).toBe(LAZY_BUDGET);
  });

  it('finds zod in what a route loads first (the entry and the route with their static imports), nowhere else', () => {
    // zod sits in the shared chunk: A imports it statically; B does too; the locale and the entry do not.
    const textOf = (file: string) => (file === 'assets/shared.js' ? 'class $ZodType {}' : 'export {}');
    expect(zodOnFirstLoad(manifest, textOf, ['src/pages/A.tsx', 'src/pages/B.tsx'])).toEqual([
      { route: 'src/pages/A.tsx', file: 'assets/shared.js' },
      { route: 'src/pages/B.tsx', file: 'assets/shared.js' },
    ]);
    expect(zodOnFirstLoad(manifest, textOf, ['locales/en.ts'])).toEqual([]);
    expect(zodOnFirstLoad(manifest, () => 'export {}', ['src/pages/A.tsx'])).toEqual([]);
  });

  it('names the scripts of a first load split into more than one file, and nothing for one script', () => {
    expect(ENTRY_MAX_SCRIPTS).toBe(1);
    expect(firstLoadSplit(manifest)).toEqual(['assets/index.js', 'assets/react.js', 'assets/runtime.js']);
    expect(firstLoadSplit(manifest, 3)).toEqual([]);
    const oneChunk = { 'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'] } };
    expect(firstLoadSplit(oneChunk)).toEqual([]);
  });

  it('throws on a manifest without an entry', () => {
    expect(() => measure({ 'a.js': { file: 'a.js' } }, sizeOf)).toThrow(/no entry/);
  });
});
