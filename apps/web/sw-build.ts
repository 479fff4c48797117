import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/**
 * Builds the service worker (src/sw/sw.ts) into dist/sw.js once the app is built (issue 17): a script of
 * its own, outside the app's chunks and its manifest, served at the site's root so that its scope is the
 * whole site. What it precaches (index.html, and the entry's scripts and stylesheets with their static
 * imports, read from the build's manifest) and the offline page's words (the `offline` keys of every
 * locale's common.json) are written into it, so that a new build is a new worker.
 */
export function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'mirage-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const precache = ['/index.html', ...entryFiles(outDir).map((file) => `/${file}`)];
      const offlineText = offlineTexts();
      const version = createHash('sha256').update(JSON.stringify(precache)).digest('hex').slice(0, 12);
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __SW_PRECACHE__: JSON.stringify(precache),
          __SW_VERSION__: JSON.stringify(version),
          __SW_OFFLINE_TEXT__: JSON.stringify(offlineText),
          // The offline page's logo, inline: the favicon's markup (public/favicon.svg).
          __SW_LOGO__: JSON.stringify(
            readFileSync(fileURLToPath(new URL('public/favicon.svg', import.meta.url)), 'utf8').trim(),
          ),
          'import.meta.env.PROD': 'true',
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          minify: true,
          lib: {
            entry: fileURLToPath(new URL('src/sw/sw.ts', import.meta.url)),
            formats: ['iife'],
            name: 'mirageServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The files every page loads first: each entry chunk, its static imports, and their stylesheets. */
function entryFiles(outDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...files].sort();
}

/** The offline page's words in each language (packages/i18n/locales/<lang>/common.json, key `offline`). */
function offlineTexts(): Record<string, unknown> {
  const localesDir = fileURLToPath(new URL('../../packages/i18n/locales/', import.meta.url));
  const texts: Record<string, unknown> = {};
  for (const lang of readdirSync(localesDir, { withFileTypes: true })) {
    if (!lang.isDirectory()) continue;
    const common = JSON.parse(readFileSync(path.join(localesDir, lang.name, 'common.json'), 'utf8')) as {
      offline?: unknown;
    };
    if (common.offline) texts[lang.name] = common.offline;
  }
  return texts;
}
