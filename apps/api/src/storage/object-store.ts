import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where image files live (docs/architecture/storage.md: a local folder by default, or an S3 bucket). Keys are
 * slash-separated relative names like "images/<uuid>.png"; callers never see file-system paths.
 */
export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Refuses a key that is not a plain relative name: every store takes the same keys (file or S3). */
export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`invalid object key: ${key}`);
}

/** The file-system calls the folder store makes, as promises either way. */
const asyncFs = { mkdir, readFile, rename, rm, writeFile };
/** A blocking call as a promise: its error becomes a rejection, like the promise-based call's. */
function promised<A extends unknown[], R>(call: (...args: A) => R): (...args: A) => Promise<R> {
  return (...args) => {
    try {
      return Promise.resolve(call(...args));
    } catch (error) {
      // Node's file-system calls throw Error objects (ErrnoException); keep them as they are.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
}

// Blocking calls wrapped in promises: one system call each instead of a round trip through libuv's
// thread pool (open, write and close are three). Only for threads that do nothing else (processor.ts).
const blockingFs = {
  mkdir: promised((folder: string, options: { recursive: true }) => mkdirSync(folder, options)),
  readFile: promised((file: string) => readFileSync(file)),
  rename: promised(renameSync),
  rm: promised((file: string, options: { force: true }) => rmSync(file, options)),
  writeFile: promised((file: string, body: Buffer) => writeFileSync(file, body)),
} as unknown as typeof asyncFs;

/**
 * A folder on disk. Writes go to a temporary name first, so a reader never sees half a file. With
 * `blocking`, the calls block the calling thread (for an image-processing thread, never the API's).
 */
export function createFileObjectStore(root: string, options: { blocking?: boolean } = {}): ObjectStore {
  const { mkdir, readFile, rename, rm, writeFile } = options.blocking ? blockingFs : asyncFs;
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  // Folders made by this store; a put into a known one skips the mkdir (one file-system call fewer).
  const madeFolders = new Set<string>();
  return {
    async put(key, body) {
      const file = fileOf(key);
      const folder = path.dirname(file);
      if (!madeFolders.has(folder)) {
        await mkdir(folder, { recursive: true });
        madeFolders.add(folder);
      }
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, body);
      } catch (error) {
        // The folder was removed behind our back: make it again, once.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(folder, { recursive: true });
        await writeFile(temporary, body);
      }
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
