import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language, type MessageKey } from '@mirage/domain';

/**
 * The text the server writes into pages (./seo.ts, ./bot-render.ts), read from packages/i18n — the same
 * files the web app shows, so a crawler reads what a visitor sees:
 *   - interface strings, locales/<lang>/<namespace>.json, by `namespace:key.path` (route meta's keys);
 *   - long-form documents, content/<lang>/<doc>.json (the guide, about, promo pages, legal documents).
 * Each file is read once and kept (a few kB each; they change only with a deploy).
 */

const require = createRequire(import.meta.url);
/** packages/i18n, found as Node finds the package (its exports name locales/ and content/). */
const I18N_ROOT = path.resolve(
  path.dirname(require.resolve('@mirage/i18n/locales/en/common.json')),
  '..',
  '..',
);

export interface SiteText {
  /**
   * The string of `key` in `language` with its {{name}} placeholders filled, English where that language
   * lacks it, or undefined where English does too.
   */
  message(language: Language, key: MessageKey, values?: Record<string, string>): string | undefined;
  /** One namespace of interface strings as parsed JSON (locales/<lang>/<namespace>.json), or null. */
  namespace(language: Language, namespace: string): unknown;
  /** A long-form document as parsed JSON (content/<lang>/<name>.json), English where the language lacks it, or null. */
  document(language: Language, name: string): unknown;
}

/** Fills {{name}} placeholders (i18next's syntax); an unknown name stays as written. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

function lookup(tree: unknown, dotted: string): unknown {
  let value = tree;
  for (const part of dotted.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Reads JSON files under a root, once each; a missing or unreadable file reads as null. */
function jsonFiles(root: string) {
  const cache = new Map<string, unknown>();
  return (relative: string): unknown => {
    if (!cache.has(relative)) {
      const file = path.join(root, relative);
      let value: unknown = null;
      try {
        if (existsSync(file)) value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      } catch {
        value = null;
      }
      cache.set(relative, value);
    }
    return cache.get(relative);
  };
}

/** Names that could leave the root (`../`): documents are named by the code, but never trust a path. */
const SAFE_NAME = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

export function createSiteText(root: string = I18N_ROOT): SiteText {
  const read = jsonFiles(root);
  const messageIn = (language: Language, key: MessageKey): string | undefined => {
    const colon = key.indexOf(':');
    const namespace = key.slice(0, colon);
    if (!SAFE_NAME.test(namespace)) return undefined;
    const value = lookup(read(`locales/${language}/${namespace}.json`), key.slice(colon + 1));
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  return {
    message(language, key, values = {}) {
      const text = messageIn(language, key) ?? messageIn(DEFAULT_LANGUAGE, key);
      return text === undefined ? undefined : interpolate(text, values);
    },
    namespace(language, namespace) {
      if (!SAFE_NAME.test(namespace)) return null;
      return read(`locales/${language}/${namespace}.json`);
    },
    document(language, name) {
      if (!SAFE_NAME.test(name)) return null;
      return read(`content/${language}/${name}.json`) ?? read(`content/${DEFAULT_LANGUAGE}/${name}.json`);
    },
  };
}
