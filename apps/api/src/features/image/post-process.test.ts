import { MAX_RESULT_PIXELS } from '@mirage/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../storage/object-store.ts';
import { testMarker } from './marking/test-marking.test-support.ts';
import { InvalidImageError, pngSize, processImage } from './post-process.ts';

describe('pngSize', () => {
  it('reads width and height from the header of a real PNG', async () => {
    const png = await sharp({ create: { width: 64, height: 88, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect(pngSize(png)).toEqual({ width: 64, height: 88 });
  });

  it('refuses what is not a PNG', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect(pngSize(webp)).toBeNull();
    expect(pngSize(Buffer.from('not an image'))).toBeNull();
    expect(pngSize(Buffer.alloc(0))).toBeNull();
  });

  it('refuses a PNG signature followed by something other than its header', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const broken = Buffer.from(png);
    broken.write('IDAT', 12, 'latin1');
    expect(pngSize(broken)).toBeNull();
    const zeroWidth = Buffer.from(png);
    zeroWidth.writeUInt32BE(0, 16);
    expect(pngSize(zeroWidth)).toBeNull();
  });
});

describe('processImage on a worker upload', () => {
  const written: string[] = [];
  const store = {
    put: (key: string) => {
      written.push(key);
      return Promise.resolve();
    },
  } as unknown as ObjectStore;
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();

  it('refuses to decode more pixels than the caller allows, and stores nothing', async () => {
    const options = { uuid: 'a', watermark: false, store, marker: await testMarker(), maxPixels: 64 * 87 };
    await expect(processImage(await png(64, 88), options)).rejects.toBeInstanceOf(InvalidImageError);
    expect(written).toEqual([]);
    await expect(processImage(await png(64, 88), { ...options, maxPixels: 64 * 88 })).resolves.toMatchObject({
      width: 64,
      height: 88,
    });
  });

  it('never decodes more than the largest result without an explicit limit', async () => {
    const side = Math.ceil(Math.sqrt(MAX_RESULT_PIXELS)) + 1;
    const before = written.length;
    await expect(
      processImage(await png(side, side), { uuid: 'b', watermark: false, store, marker: await testMarker() }),
    ).rejects.toBeInstanceOf(InvalidImageError);
    expect(written).toHaveLength(before);
  });
});
