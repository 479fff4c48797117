import { inject } from 'vitest';

/**
 * Where the files of a server a system test starts live. Unset SYSTEM_STORAGE: the default folder under
 * its DATA_DIR. SYSTEM_STORAGE=s3 (the system-s3 project, vitest.config.ts): a new bucket on the fake S3
 * server of s3-setup.ts; the answer is the configuration variables that point the server at it.
 */
export async function systemStorageEnv(): Promise<Record<string, string>> {
  const storage = process.env.SYSTEM_STORAGE ?? 'fs';
  if (storage === 'fs') return {};
  if (storage !== 's3') throw new Error(`SYSTEM_STORAGE must be fs or s3, not ${storage}`);
  const endpoint = inject('fakeS3Endpoint');
  if (!endpoint) throw new Error('SYSTEM_STORAGE=s3 needs the fake S3 server of e2e/support/s3-setup.ts');
  // Loaded only here: the browser tests share server.ts and never need the S3 helpers.
  const { createBucket, s3Env } = await import('../../apps/api/test/s3-server.ts');
  return s3Env(endpoint, await createBucket(endpoint));
}

// Declared here, where it is read: scripts/ compile this file (through server.ts) without the setup.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The fake S3 server's address, from s3-setup.ts. */
    fakeS3Endpoint: string;
  }
}
