import type { TestProject } from 'vitest/node';
import { startFakeS3 } from '../../apps/api/test/s3-server.ts';

/**
 * Global setup of the system-s3 project: one fake S3 server (s3rver on loopback) for the run. Each server a
 * system test starts gets a bucket of its own on it (storage.ts, which declares `fakeS3Endpoint`).
 */
export default async function setup(project: TestProject) {
  const s3 = await startFakeS3();
  project.provide('fakeS3Endpoint', s3.endpoint);
  return () => s3.close();
}
