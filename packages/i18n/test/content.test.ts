/**
 * Every long-form document (content/<lang>/<doc>.json) exists in the 8 languages with exactly English's
 * shape: the same keys, lists of the same length, the same {{placeholders}}, no empty strings. Values that
 * are not text (numbers, booleans: image counts, flags) must equal English's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTENT_DOCS, loadContent } from '../src/content.ts';
import { LANGUAGES } from '../src/index.ts';

const CONTENT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'content');

function read(lang: string, doc: string): unknown {
  return JSON.parse(readFileSync(join(CONTENT_DIR, lang, `${doc}.json`), 'utf8')) as unknown;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** Differences between a translation and English, as readable paths ("sections[2].title: empty"). */
function differences(en: unknown, local: unknown, at: string, out: string[]): string[] {
  if (typeof en === 'string') {
    if (typeof local !== 'string') out.push(`${at}: not text`);
    else if (local.trim() === '') out.push(`${at}: empty`);
    else if (placeholders(local).join() !== placeholders(en).join()) out.push(`${at}: placeholders differ`);
  } else if (Array.isArray(en)) {
    if (!Array.isArray(local) || local.length !== en.length) out.push(`${at}: not a list of ${en.length}`);
    else en.forEach((item, index) => differences(item, local[index], `${at}[${index}]`, out));
  } else if (typeof en === 'object' && en !== null) {
    if (typeof local !== 'object' || local === null || Array.isArray(local)) out.push(`${at}: not an object`);
    else {
      const keys = Object.keys(en).sort();
      const localKeys = Object.keys(local).sort();
      if (keys.join() !== localKeys.join()) out.push(`${at}: keys ${localKeys.join()} ≠ ${keys.join()}`);
      for (const key of keys)
        differences(
          (en as Record<string, unknown>)[key],
          (local as Record<string, unknown>)[key],
          `${at}.${key}`,
          out,
        );
    }
  } else if (en !== local) {
    out.push(`${at}: ${JSON.stringify(local)} ≠ ${JSON.stringify(en)}`);
  }
  return out;
}

describe('long-form content', () => {
  for (const doc of CONTENT_DOCS) {
    it(`${doc}: English exists and has text`, () => {
      expect(existsSync(join(CONTENT_DIR, 'en', `${doc}.json`))).toBe(true);
      expect(JSON.stringify(read('en', doc)).length).toBeGreaterThan(200);
    });
    for (const lang of LANGUAGES.filter((code) => code !== 'en')) {
      it(`${lang}/${doc}: has English's shape`, () => {
        expect(differences(read('en', doc), read(lang, doc), doc, [])).toEqual([]);
      });
    }
  }

  it('loads a document through the same loader the pages use', async () => {
    expect(await loadContent('fr', 'guide')).toEqual(read('fr', 'guide'));
  });
});
