import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Every module specifier a file imports or re-exports (static and dynamic). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/** The packages reachable from an entry file through relative imports. */
function packagesReachableFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiers(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

describe('entry points', () => {
  it('keeps the password dictionaries (about 1 MB) out of the main entry the web app bundles', () => {
    const fromIndex = [...packagesReachableFrom(join(SRC, 'index.ts'))];
    expect(fromIndex.filter((name) => name.startsWith('@zxcvbn-ts'))).toEqual([]);
    const fromStrength = packagesReachableFrom(join(SRC, 'password-strength.ts'));
    expect(fromStrength.has('@zxcvbn-ts/language-common')).toBe(true);
  });

  it('exposes the password check under its own package entry', () => {
    const manifest = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8')) as {
      exports: Record<string, { source: string; default: string }>;
    };
    // Tools and tests load the source; Node (the compiled product) loads the build.
    expect(manifest.exports['./password-strength']).toEqual({
      source: './src/password-strength.ts',
      default: './dist/password-strength.js',
    });
  });
});
