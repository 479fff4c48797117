import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawKeysIn } from './app.ts';

/** Raw-key checks for the namespaces that app.ts does not cover (gallery, image). */

const EN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/i18n/locales/en');

/** Nested keys of a JSON value ("a.b.c"): i18next shows a key where a translation is missing. */
export function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

/** Every nested key of an English namespace file (`gallery`, `image`, ...). */
export function englishKeys(namespace: string): string[] {
  return leafKeys(JSON.parse(readFileSync(path.join(EN, `${namespace}.json`), 'utf8')));
}

const GALLERY_KEYS = englishKeys('gallery');

/** Raw keys on a gallery board: the shared list, plus the gallery namespace (plural suffixes dropped). */
export const untranslatedGallery = (text: string) => [
  ...rawKeysIn(text),
  ...GALLERY_KEYS.filter((key) => text.includes(key.replace(/_(one|other)$/, ''))),
];
