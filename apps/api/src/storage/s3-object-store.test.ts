import { randomBytes } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, createBucket, listKeys, startFakeS3, type FakeS3 } from '../../test/s3-server.ts';
import { createS3ObjectStore, type S3StoreSettings } from './s3-object-store.ts';

/**
 * The S3 store against a real S3 HTTP API (s3rver on loopback): the same contract as the folder store
 * (object-store.test.ts), plus what only S3 has (content types, buckets, credentials).
 */
let s3: FakeS3;
let client: ReturnType<typeof clientOf>;

beforeAll(async () => {
  s3 = await startFakeS3();
  client = clientOf(s3.endpoint);
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

function settingsOf(bucket: string, overrides: Partial<S3StoreSettings> = {}): S3StoreSettings {
  return {
    bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    ...overrides,
  };
}

/** A store on a bucket of its own, so that listing the bucket shows this test's objects only. */
async function newStore() {
  const bucket = await createBucket(s3.endpoint);
  return { bucket, store: createS3ObjectStore(settingsOf(bucket)) };
}

describe('S3 object store', () => {
  it('stores, reads and deletes an object under its key', async () => {
    const { bucket, store } = await newStore();
    await store.put('images/a.png', Buffer.from('one'), 'image/png');
    expect(await listKeys(s3.endpoint, bucket)).toEqual(['images/a.png']);
    expect((await store.get('images/a.png'))?.toString()).toBe('one');
    await store.delete('images/a.png');
    expect(await listKeys(s3.endpoint, bucket)).toEqual([]);
    expect(await store.get('images/a.png')).toBeNull();
  });

  it('answers null for a key that was never written, and deletes a missing key without error', async () => {
    const { store } = await newStore();
    expect(await store.get('images/never.png')).toBeNull();
    await expect(store.delete('images/never.png')).resolves.toBeUndefined();
  });

  it('replaces an object as a whole', async () => {
    const { bucket, store } = await newStore();
    await store.put('images/b.webp', Buffer.from('first, and longer'), 'image/webp');
    await store.put('images/b.webp', Buffer.from('second'), 'image/webp');
    expect((await store.get('images/b.webp'))?.toString()).toBe('second');
    expect(await listKeys(s3.endpoint, bucket)).toEqual(['images/b.webp']);
  });

  it('keeps binary bodies byte for byte, every byte value and a few megabytes', async () => {
    const { store } = await newStore();
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, value) => value));
    const large = randomBytes(3 * 1024 * 1024 + 17);
    await store.put('images/bytes.png', everyByte, 'image/png');
    await store.put('images/large.png', large, 'image/png');
    expect((await store.get('images/bytes.png'))?.equals(everyByte)).toBe(true);
    expect((await store.get('images/large.png'))?.equals(large)).toBe(true);
    await store.put('images/empty.webp', Buffer.alloc(0), 'image/webp');
    expect((await store.get('images/empty.webp'))?.length).toBe(0);
  });

  it('stores the content type it is given', async () => {
    const { bucket, store } = await newStore();
    await store.put('images/c.png', Buffer.from('png'), 'image/png');
    await store.put('images/c-min.webp', Buffer.from('webp'), 'image/webp');
    const head = (key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect((await head('images/c.png')).ContentType).toBe('image/png');
    expect((await head('images/c-min.webp')).ContentType).toBe('image/webp');
  });

  it('reads an object another client wrote, and writes one another client reads', async () => {
    const { bucket, store } = await newStore();
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'images/outside.png', Body: Buffer.from('from outside') }),
    );
    expect((await store.get('images/outside.png'))?.toString()).toBe('from outside');
    await store.put('images/inside.png', Buffer.from('from the store'), 'image/png');
    const read = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'images/inside.png' }));
    expect(await read.Body!.transformToString()).toBe('from the store');
  });

  it('refuses keys that are not plain relative names, as the folder store does', async () => {
    const { bucket, store } = await newStore();
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      'invalid object key',
    );
    await expect(store.get('images//x.png')).rejects.toThrow('invalid object key');
    await expect(store.delete('/etc/passwd')).rejects.toThrow('invalid object key');
    expect(await listKeys(s3.endpoint, bucket)).toEqual([]);
  });

  it('fails, rather than answering "no such file", when the bucket does not exist', async () => {
    const store = createS3ObjectStore(settingsOf('mirage-no-such-bucket'));
    await expect(store.get('images/a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(store.put('images/a.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
  });

  it('fails with credentials the server does not know, on writes and reads alike', async () => {
    const { bucket } = await newStore();
    // s3rver checks the access key id (not a V4 signature's value): an unknown key is refused like S3's.
    const store = createS3ObjectStore(
      settingsOf(bucket, { credentials: { accessKeyId: 'UNKNOWN-KEY', secretAccessKey: 'S3RVER' } }),
    );
    await expect(store.put('images/a.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    await expect(store.get('images/a.png')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(await listKeys(s3.endpoint, bucket)).toEqual([]);
  });

  it('keeps many concurrent writes and reads apart', async () => {
    const { bucket, store } = await newStore();
    const keys = Array.from({ length: 24 }, (_, index) => `images/many-${index}.webp`);
    await Promise.all(keys.map((key) => store.put(key, Buffer.from(key), 'image/webp')));
    const read = await Promise.all(keys.map((key) => store.get(key)));
    expect(read.map((body) => body?.toString())).toEqual(keys);
    expect(await listKeys(s3.endpoint, bucket)).toEqual([...keys].sort());
  });
});
