/**
 * Every locale has exactly English's keys (plural forms per the language's CLDR rules), no empty
 * strings, the same {{placeholders}} as English, and a translation for every API error code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import {
  EAGER_NAMESPACES,
  LANGUAGES,
  LAZY_NAMESPACES,
  loadConsoleTranslations,
  loadLocale,
  NAMESPACES,
} from '../src/index.ts';

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, out: Flat): Flat {
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, `<<not a string: ${JSON.stringify(value)}>>`);
  }
  return out;
}

function readNamespace(lang: string, ns: string): Flat {
  const text = readFileSync(join(LOCALES_DIR, lang, `${ns}.json`), 'utf8');
  return flatten(JSON.parse(text) as unknown, '', new Map());
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** English keys with plural forms reduced to their base ("tickets_one" -> "tickets"). */
function pluralBases(en: Flat): Set<string> {
  const bases = new Set<string>();
  for (const key of en.keys()) if (key.endsWith('_other')) bases.add(key.replace(PLURAL_SUFFIX, ''));
  return bases;
}

/** The keys a language must have: English's singular keys plus each plural base in its own forms. */
function expectedKeys(en: Flat, lang: string): string[] {
  const bases = pluralBases(en);
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const keys = [...en.keys()].filter((key) => !bases.has(key.replace(PLURAL_SUFFIX, '')));
  for (const base of bases) for (const category of categories) keys.push(`${base}_${category}`);
  return keys.sort();
}

/** The English string a key is checked against (plural keys compare with English "_other"). */
function englishFor(en: Flat, key: string): string | undefined {
  const base = key.replace(PLURAL_SUFFIX, '');
  return pluralBases(en).has(base) ? en.get(`${base}_other`) : en.get(key);
}

describe('locale files', () => {
  it('has a folder for each of the 8 languages and nothing else', () => {
    const folders = readdirSync(LOCALES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...LANGUAGES].sort());
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: has exactly the namespaces`, () => {
      const files = readdirSync(join(LOCALES_DIR, lang))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.replace(/\.json$/, ''))
        .sort();
      expect(files).toEqual([...NAMESPACES].sort());
    });

    for (const ns of NAMESPACES) {
      describe(`${lang}/${ns}`, () => {
        const en = readNamespace('en', ns);
        const local = readNamespace(lang, ns);

        it('has the same keys as English (plural forms per language)', () => {
          const actual = [...local.keys()].sort();
          const expected = expectedKeys(en, lang);
          const missing = expected.filter((key) => !local.has(key));
          const extra = actual.filter((key) => !expected.includes(key));
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it('has no empty strings', () => {
          const empty = [...local.entries()].filter(([, text]) => text.trim() === '').map(([key]) => key);
          expect(empty).toEqual([]);
        });

        it('uses the same {{placeholders}} as English', () => {
          const mismatched = [...local.entries()]
            .filter(([key, text]) => {
              const reference = englishFor(en, key);
              if (reference === undefined) return false;
              // A "_one" form may spell the number out ("one ticket"), so {{count}} is optional there.
              const ignore = (names: string[]) =>
                key.endsWith('_one') ? names.filter((n) => n !== 'count') : names;
              return ignore(placeholders(text)).join() !== ignore(placeholders(reference)).join();
            })
            .map(([key]) => key);
          expect(mismatched).toEqual([]);
        });
      });
    }
  }
});

describe('error namespace', () => {
  it('translates every API error code, plus unknown_error and network', () => {
    const en = readNamespace('en', 'error');
    const required = [...ERROR_CODES, 'unknown_error', 'network'];
    expect(required.filter((code) => !en.has(code))).toEqual([]);
  });
});

describe('loadLocale', () => {
  // Each language's first load goes through Vite's transform of every JSON file: over 5 s on a loaded
  // 2-core machine (two languages timed out there), a few hundred milliseconds otherwise.
  for (const lang of LANGUAGES) {
    it(
      `${lang}: loads every namespace but the lazy ones, which load on their own`,
      { timeout: 60_000 },
      async () => {
        const resources = await loadLocale(lang);
        expect(Object.keys(resources).sort()).toEqual([...EAGER_NAMESPACES].sort());
        expect([...EAGER_NAMESPACES, ...LAZY_NAMESPACES].sort()).toEqual([...NAMESPACES].sort());
        const consoleStrings = await loadConsoleTranslations(lang);
        expect(consoleStrings).toEqual(JSON.parse(readFileSync(join(LOCALES_DIR, lang, 'mod.json'), 'utf8')));
      },
    );
  }
});
