import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { etagOf } from './conditional.ts';
import { compressBody, isCompressibleType, type ContentCoding } from './compression.ts';

/**
 * One snapshot of the built web app (apps/web/dist), read into memory once when the server starts: every
 * file with its precompressed `.br` and `.gz` (scripts/precompress.mjs), its media type and an ETag of its
 * bytes. The page and the assets it names come from the same snapshot, so a rebuild (or an in-place
 * deploy) under a running server keeps serving the old app, whole, until the server restarts. The build
 * is small (a few MB with its compressed copies).
 */

export interface WebFile {
  /** The address it is served at: `/assets/index-abc123.js`. */
  url: string;
  contentType: string;
  /** `public, max-age=31536000, immutable` for a hashed asset (under /assets/), else `no-cache`. */
  cacheControl: string;
  /** A weak validator of the file's bytes (the same for each of its codings). */
  etag: string;
  identity: Buffer;
  /** Its compressed codings, those the build wrote and that are smaller; filled on first use otherwise. */
  encoded: Partial<Record<ContentCoding, Buffer>>;
  compressible: boolean;
}

export interface WebBuild {
  /** Every file by its address. */
  files: Map<string, WebFile>;
  /** index.html, whose text every app route answers with. */
  index: WebFile;
}

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

const CODING_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** The media type of a file name. */
export function contentTypeOf(name: string): string {
  return TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** The build's files, without hidden ones (Vite's .vite/manifest.json is for the build's checks only). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => !name.split(path.sep).some((part) => part.startsWith('.')))
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

/** Reads the build at `distDir` (which must hold index.html) into memory. */
export async function readWebBuild(distDir: string): Promise<WebBuild> {
  const all = new Set(filesUnder(distDir));
  const files = new Map<string, WebFile>();
  for (const file of all) {
    const coding = (Object.keys(CODING_SUFFIX) as ContentCoding[]).find((key) =>
      file.endsWith(CODING_SUFFIX[key]),
    );
    // A compressed copy is served with its original, not at its own address.
    if (coding && all.has(file.slice(0, -CODING_SUFFIX[coding].length))) continue;
    const relative = path.relative(distDir, file).split(path.sep).join('/');
    const identity = await readFile(file);
    const contentType = contentTypeOf(file);
    const compressible = isCompressibleType(contentType);
    const encoded: WebFile['encoded'] = {};
    if (compressible) {
      for (const [name, suffix] of Object.entries(CODING_SUFFIX) as [ContentCoding, string][]) {
        if (!all.has(file + suffix)) continue;
        const bytes = await readFile(file + suffix);
        if (bytes.length < identity.length) encoded[name] = bytes;
      }
    }
    files.set(`/${relative}`, {
      url: `/${relative}`,
      contentType,
      cacheControl: relative.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
      etag: etagOf(identity),
      identity,
      encoded,
      compressible,
    });
  }
  const index = files.get('/index.html');
  if (!index) throw new Error(`${distDir} has no index.html`);
  return { files, index };
}

/**
 * The bytes of `file` in `coding`: the build's copy, or (a build without precompressed copies, such as a
 * bare `vite build`) compressed once on first use and kept.
 */
export async function encodedBytes(file: WebFile, coding: ContentCoding): Promise<Buffer | null> {
  if (!file.compressible) return null;
  const kept = file.encoded[coding];
  if (kept) return kept;
  if (coding in file.encoded) return null;
  const bytes = await compressBody(file.identity, coding);
  // Not worth it for a tiny file: remembered as "none" (an own property holding undefined).
  file.encoded[coding] = bytes.length < file.identity.length ? bytes : undefined;
  return file.encoded[coding] ?? null;
}
