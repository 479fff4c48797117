import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, SPA_PAGES, type Language } from '@mirage/domain';

/**
 * The scripts and styles a route's page needs beyond what index.html already names, from the build's
 * manifest (apps/web/dist/.vite/manifest.json, written by Vite). The app loads a page's chunk only once its
 * entry has run (and its language's messages once it knows the language), which on a phone is two more
 * round trips before anything shows. Named in the HTML as `modulepreload` and style preload links, they load
 * together with the entry instead.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface PageAssets {
  /** Script addresses (`/assets/…js`), dependencies first. */
  modules: string[];
  /** Stylesheet addresses (`/assets/…css`). */
  styles: string[];
}

export const NO_ASSETS: PageAssets = { modules: [], styles: [] };

/** The build's manifest, or null when it has none (a build without `build.manifest`). */
export function readManifest(distDir: string): ViteManifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

/** Every chunk a chunk imports statically, itself included, dependencies before dependants. */
function closure(manifest: ViteManifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  const imports = manifest[key].imports ?? [];
  return [...imports.flatMap((name) => closure(manifest, name, seen)), key];
}

/** What one module needs that the entry's own chunks (already in index.html) do not hold. */
function assetsOf(manifest: ViteManifest, key: string, loadedWithEntry: Set<string>): PageAssets {
  const chunks = closure(manifest, key).filter((name) => !loadedWithEntry.has(name));
  const modules = chunks.map((name) => `/${manifest[name]!.file}`);
  const styles = [...new Set(chunks.flatMap((name) => manifest[name]!.css ?? []))].map((file) => `/${file}`);
  return { modules, styles };
}

export interface AssetTable {
  /** The page module's assets of a route's page name (SPA_PAGES). */
  page(name: string): PageAssets;
  /** The messages of a language. */
  language(language: Language): PageAssets;
}

/** The assets of every page and language of the build, worked out once. */
export function assetTable(manifest: ViteManifest | null): AssetTable {
  const pages = new Map<string, PageAssets>();
  const languages = new Map<Language, PageAssets>();
  const entry = manifest && Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (manifest && entry) {
    const loadedWithEntry = new Set(closure(manifest, entry));
    for (const name of new Set(Object.values(SPA_PAGES))) {
      if (name === null) continue;
      const key = `src/pages/${name}.tsx`;
      if (manifest[key]) pages.set(name, assetsOf(manifest, key, loadedWithEntry));
    }
    for (const language of LANGUAGES) {
      const key = Object.keys(manifest).find((name) => name.endsWith(`/locales/${language}/index.ts`));
      if (key) languages.set(language, assetsOf(manifest, key, loadedWithEntry));
    }
  }
  return {
    page: (name) => pages.get(name) ?? NO_ASSETS,
    language: (language) => languages.get(language) ?? NO_ASSETS,
  };
}
