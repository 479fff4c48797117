import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// The SDK warns once per process on Node 20 that its releases from 2027 on will want Node 22: news for the
// operator (README), noise in a test's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** s3rver's fixed keys. It refuses an unknown access key id; it does not check a V4 signature's value. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** The configuration (config.ts variables) that points the API at one bucket of a fake S3 server. */
export function s3Env(endpoint: string, bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/** A client of the fake server, for a test to look into a bucket behind the store's back (destroy it after). */
export function clientOf(endpoint: string) {
  return new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
}

/** Makes a new, empty bucket on the server; its name. */
export async function createBucket(endpoint: string, name = `mirage-${randomBytes(6).toString('hex')}`) {
  const client = clientOf(endpoint);
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
  return name;
}

/** Every key in the bucket (under `prefix`), over the S3 API: ListObjectsV2, page by page. */
export async function listKeys(endpoint: string, bucket: string, prefix?: string): Promise<string[]> {
  const client = clientOf(endpoint);
  const keys: string[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return keys.sort();
}

export interface FakeS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** The bucket made at start. */
  bucket: string;
  /** The config.ts variables for that bucket. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/**
 * A real S3-compatible HTTP server (s3rver: the S3 REST API, XML errors and all, objects on disk) on an
 * ephemeral loopback port, in a temporary folder, with one empty bucket.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'mirage-s3-'));
  const bucket = `mirage-${randomBytes(6).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: s3Env(endpoint, bucket),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
