import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where image files live (DESIGN.md: a local folder by default, S3 in production). Keys are
 * slash-separated relative names like "images/<uuid>.png"; callers never see file-system paths.
 */
export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`invalid object key: ${key}`);
}

/** A folder on disk. Writes go to a temporary name first, so a reader never sees half a file. */
export function createFileObjectStore(root: string): ObjectStore {
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
