import path from 'node:path';
import type { Config } from '../config.ts';
import { createFileObjectStore, type ObjectStore } from './object-store.ts';
import { createS3ObjectStore } from './s3-object-store.ts';

/** The settings that choose and reach the store (docs/architecture/storage.md). */
export type StoreConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The store's settings alone, as plain data: what an image-processing thread gets in its workerData. */
export function storeConfigOf(config: StoreConfig): StoreConfig {
  const {
    DATA_DIR,
    S3_BUCKET,
    S3_ENDPOINT,
    S3_REGION,
    S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE,
  } = config;
  return {
    DATA_DIR,
    S3_BUCKET,
    S3_ENDPOINT,
    S3_REGION,
    S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE,
  };
}

/**
 * The one place a store is made from the configuration: the S3 bucket when S3_BUCKET is set, otherwise
 * the folder DATA_DIR/files. `blocking` is for an image-processing thread (processor-thread.ts): the folder
 * store then writes with blocking calls; the S3 store has no such mode and ignores it.
 */
export function createObjectStore(config: StoreConfig, options: { blocking?: boolean } = {}): ObjectStore {
  if (!config.S3_BUCKET) return createFileObjectStore(path.join(config.DATA_DIR, 'files'), options);
  // loadConfig has checked that the two keys come together.
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return createS3ObjectStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
