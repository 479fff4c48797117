import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createObjectStore } from '../../storage/create-object-store.ts';
import { InvalidImageError } from './post-process.ts';
import { testMarking } from './marking/test-marking.test-support.ts';
import { createImageProcessor } from './processor.ts';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function processorOf(threads: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-processor-'));
  roots.push(dataDir);
  // The folder store, as the configuration makes it: DATA_DIR/files.
  const storeConfig = { DATA_DIR: dataDir, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false };
  const store = createObjectStore(storeConfig);
  const root = path.join(dataDir, 'files');
  return {
    root,
    store,
    processor: createImageProcessor({
      store,
      threadStore: storeConfig,
      threads,
      marking: await testMarking(),
    }),
  };
}

/** A gradient, so that the blurhash and the encodings depend on every part of the image. */
async function gradientPng(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, 90], (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('image processor', () => {
  it('gives the same files and blurhash in a thread as in the calling thread', async () => {
    const png = await gradientPng(640, 880);
    const threaded = await processorOf(2);
    const inline = await processorOf(0);
    try {
      const [a, b] = await Promise.all([
        threaded.processor.process(png, { uuid: 'same', watermark: true }),
        inline.processor.process(png, { uuid: 'same', watermark: true }),
      ]);
      expect(a).toEqual(b);
      expect(a).toMatchObject({ width: 640, height: 880 });
      // The full-size files carry a signed manifest each (a signature and ids of their own): the same pixels.
      for (const file of ['same.png', 'same.webp']) {
        const pixels = async (store: typeof threaded.store) =>
          sharp((await store.get(`images/${file}`))!)
            .raw()
            .toBuffer();
        expect((await pixels(threaded.store)).equals(await pixels(inline.store)), file).toBe(true);
      }
      const key = 'images/same-min.webp';
      expect((await threaded.store.get(key))?.equals((await inline.store.get(key))!)).toBe(true);
      const thumbnail = await sharp((await threaded.store.get('images/same-min.webp'))!).metadata();
      expect([thumbnail.format, thumbnail.width]).toEqual(['webp', 512]);
    } finally {
      await threaded.processor.close();
    }
  });

  it('processes many concurrent images and stores each one', async () => {
    const { root, processor } = await processorOf(2);
    try {
      const png = await gradientPng(64, 88);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, n) => processor.process(png, { uuid: `img${n}`, watermark: false })),
      );
      expect(new Set(results.map((result) => result.blurhash)).size).toBe(1);
      // Narrow images use their full WebP as thumbnail: still three files each.
      expect(readdirSync(path.join(root, 'images'))).toHaveLength(36);
    } finally {
      await processor.close();
    }
  });

  it('reports an undecodable image as InvalidImageError, and keeps working after it', async () => {
    const { processor } = await processorOf(1);
    try {
      const broken = Buffer.concat([(await gradientPng(16, 16)).subarray(0, 40), Buffer.alloc(40)]);
      await expect(processor.process(broken, { uuid: 'broken', watermark: false })).rejects.toBeInstanceOf(
        InvalidImageError,
      );
      await expect(
        processor.process(Buffer.from('not a png'), { uuid: 'text', watermark: false }),
      ).rejects.toThrow('expected a PNG');
      const fine = await processor.process(await gradientPng(16, 16), { uuid: 'fine', watermark: false });
      expect(fine.width).toBe(16);
    } finally {
      await processor.close();
    }
  });

  it('writes the ×2 files of an upscale and leaves the thumbnail alone', async () => {
    const { root, processor } = await processorOf(1);
    try {
      await processor.process(await gradientPng(32, 32), {
        uuid: 'up',
        watermark: false,
        variant: 'upscaled',
      });
      expect(readdirSync(path.join(root, 'images')).sort()).toEqual(['up-upscaled.png', 'up-upscaled.webp']);
    } finally {
      await processor.close();
    }
  });

  it('refuses work once closed', async () => {
    const { processor } = await processorOf(1);
    await processor.close();
    await expect(
      processor.process(await gradientPng(8, 8), { uuid: 'late', watermark: false }),
    ).rejects.toThrow('closed');
  });
});
