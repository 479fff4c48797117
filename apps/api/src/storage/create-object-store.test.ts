import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listKeys, startFakeS3, type FakeS3 } from '../../test/s3-server.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createImageProcessor } from '../features/image/processor.ts';
import { testMarking } from '../features/image/marking/test-marking.test-support.ts';
import { createObjectStore, storeConfigOf } from './create-object-store.ts';

let s3: FakeS3;
let dataDir: string;

beforeAll(async () => {
  s3 = await startFakeS3();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-store-choice-'));
});
afterAll(async () => {
  await s3?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the store the configuration chooses', () => {
  it('is the folder DATA_DIR/files when S3_BUCKET is unset', async () => {
    const store = createObjectStore(loadConfig({ DATA_DIR: dataDir }));
    await store.put('images/local.png', Buffer.from('here'), 'image/png');
    expect(existsSync(path.join(dataDir, 'files/images/local.png'))).toBe(true);
    expect(await listKeys(s3.endpoint, s3.bucket)).toEqual([]);
  });

  it('is the bucket when S3_BUCKET is set, and nothing goes to the folder', async () => {
    const store = createObjectStore(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
    await store.put('images/remote.png', Buffer.from('there'), 'image/png');
    expect(await listKeys(s3.endpoint, s3.bucket)).toEqual(['images/remote.png']);
    expect(existsSync(path.join(dataDir, 'files/images/remote.png'))).toBe(false);
    expect((await store.get('images/remote.png'))?.toString()).toBe('there');
    await store.delete('images/remote.png');
  });

  it('processes images in a thread that writes into the bucket itself', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });
    const store = createObjectStore(config);
    const processor = createImageProcessor({
      store,
      threadStore: storeConfigOf(config),
      threads: 1,
      marking: await testMarking(),
    });
    try {
      const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#305080' } })
        .png()
        .toBuffer();
      const result = await processor.process(png, { uuid: 'threaded', watermark: true });
      expect(result).toMatchObject({ width: 600, height: 400 });
      expect(await listKeys(s3.endpoint, s3.bucket, 'images/threaded')).toEqual([
        'images/threaded-min.webp',
        'images/threaded.png',
        'images/threaded.webp',
      ]);
      const thumbnail = await sharp((await store.get('images/threaded-min.webp'))!).metadata();
      expect(thumbnail).toMatchObject({ format: 'webp', width: 512 });
    } finally {
      await processor.close();
    }
  });

  it('gives a thread the store settings only, as plain data', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env, COOKIE_SECRET: 'x'.repeat(40) });
    expect(storeConfigOf(config)).toEqual({
      DATA_DIR: dataDir,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    });
  });
});

describe('S3 configuration', () => {
  it('defaults to AWS in us-east-1, virtual-host addressing, the default credential chain', () => {
    const config = loadConfig({ S3_BUCKET: 'mirage-images' });
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(config.S3_ENDPOINT).toBeUndefined();
    expect(config.S3_ACCESS_KEY_ID).toBeUndefined();
  });

  it('refuses one access key without the other', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(ConfigError);
  });

  it('refuses S3 settings without a bucket, which would leave the files in the local folder', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'S3_ENDPOINT is set but S3_BUCKET is not',
    );
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      'S3_ACCESS_KEY_ID is set but S3_BUCKET is not',
    );
  });

  it('refuses an endpoint that is not an http(s) address', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT');
  });
});
