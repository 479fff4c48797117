import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngSize } from './post-process.ts';

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
