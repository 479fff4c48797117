// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every compressible file of the
// built web app, so that the server (apps/api/src/http/spa.ts) sends them as they are instead of
// compressing per request. Runs after `vite build` (apps/web's "build" script); images and fonts, which are
// compressed already, are left alone, and a copy that would not be smaller is not written.
// Usage: node scripts/precompress.mjs [dist folder, default apps/web/dist]
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));

/** Text formats worth compressing; everything else (png, webp, woff2, …) already is. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.xml',
  '.webmanifest',
  '.wasm',
]);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir) {
  const names = await readdir(dir, { recursive: true });
  const files = [];
  // Hidden files (Vite's .vite/manifest.json) are never served.
  for (const name of names.filter((entry) => !entry.split(path.sep).some((part) => part.startsWith('.')))) {
    const file = path.join(dir, name);
    if ((await stat(file)).isFile()) files.push(file);
  }
  return files;
}

async function precompress(file) {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]:
          path.extname(file) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipped(source, { level: 9 }),
  ]);
  const written = { file, size: source.length, br: 0, gz: 0 };
  for (const [suffix, bytes, key] of [
    ['.br', br, 'br'],
    ['.gz', gz, 'gz'],
  ]) {
    if (bytes.length < source.length) {
      await writeFile(file + suffix, bytes);
      written[key] = bytes.length;
    } else {
      await rm(file + suffix, { force: true });
    }
  }
  return written;
}

const started = performance.now();
const all = await filesUnder(dist).catch((error) => {
  console.error(`precompress: cannot read ${dist}: ${error.message}`);
  process.exit(1);
});
const targets = all.filter(
  (file) =>
    COMPRESSIBLE.has(path.extname(file).toLowerCase()) && !file.endsWith('.br') && !file.endsWith('.gz'),
);
const results = await Promise.all(targets.map(precompress));
const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `precompress: ${results.length} files of ${path.relative(root, dist) || dist}, ${kib(total('size'))} → ` +
    `brotli ${kib(total('br'))}, gzip ${kib(total('gz'))} (${Math.round(performance.now() - started)} ms)`,
);
