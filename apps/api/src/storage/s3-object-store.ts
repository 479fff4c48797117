// Types only: the SDK itself is imported on first use (connect).
import type * as S3Sdk from '@aws-sdk/client-s3';
import { assertKey, type ObjectStore } from './object-store.ts';

/**
 * Where the bucket is and how to reach it (docs/architecture/storage.md). Plain data: an image-processing
 * thread receives it through its workerData and builds its own client.
 */
export interface S3StoreSettings {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, Cloudflare R2, Ceph, ...); unset: AWS S3. */
  endpoint?: string;
  /** <endpoint>/<bucket>/<key> instead of <bucket>.<endpoint>/<key> (most self-hosted services need it). */
  forcePathStyle: boolean;
  /** Static keys; unset: the SDK's default credential chain (AWS_* variables, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

type Sdk = typeof S3Sdk;

/**
 * Loads the SDK and makes the client on the first call, not at import: the SDK takes a quarter of a second
 * to load, which an API on the default folder store never pays, and a thread pays in the thread.
 */
async function connect(settings: S3StoreSettings): Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Since 3.729 the SDK adds a CRC32 checksum to every upload and checks one on every download, which
    // several S3-compatible services refuse (R2, Backblaze, older MinIO: aws-sdk-js-v3#6810). Off towards
    // those, where the checksums were never part of their API; on AWS itself the SDK's defaults stay.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
  return { sdk, client };
}

/** A missing object. A missing bucket is a 404 too, but a wrong configuration, which must not read as "no file". */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NoSuchKey') return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 && error.name !== 'NoSuchBucket';
}

/**
 * An S3 bucket (or an S3-compatible service's), with the official SDK v3 and its default retries. Keys are
 * the object names as they are ("images/<uuid>.png"); each put replaces the whole object, which S3 makes
 * visible at once, so a reader never sees half a file.
 */
export function createS3ObjectStore(settings: S3StoreSettings): ObjectStore {
  let connection: ReturnType<typeof connect> | undefined;
  const connected = () => (connection ??= connect(settings));
  const Bucket = settings.bucket;
  return {
    async put(key, body, contentType) {
      assertKey(key);
      const { sdk, client } = await connected();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertKey(key);
      const { sdk, client } = await connected();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return Buffer.alloc(0);
        const bytes = await answer.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      const { sdk, client } = await connected();
      // S3 answers 204 whether or not the object was there, like the folder store's rm with force.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
