import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeGreyPng, maskToPng } from './png.ts';
import { rasteriseMask } from './raster.ts';
import { addStroke, emptyMaskDocument } from './strokes.ts';

interface Chunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

/** Reads a PNG's chunks, checking each CRC with zlib's own crc32. */
async function chunks(png: Uint8Array): Promise<Chunk[]> {
  const { crc32 } = await import('node:zlib');
  const bytes = Buffer.from(png);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out: Chunk[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    out.push({ type, data, crcOk: crc32(bytes.subarray(offset + 4, offset + 8 + length)) === crc });
    offset += 12 + length;
  }
  return out;
}

/** The pixels of an 8-bit greyscale, unfiltered PNG. */
function pixelsOf(idat: Buffer, width: number, height: number): Uint8Array {
  const raw = inflateSync(idat);
  expect(raw.length).toBe((width + 1) * height);
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width + 1)]).toBe(0);
    pixels.set(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  }
  return pixels;
}

describe('the mask PNG', () => {
  it('is an 8-bit greyscale PNG without alpha, at the given size', async () => {
    const pixels = Uint8Array.from({ length: 7 * 3 }, (_, i) => (i % 3 === 0 ? 255 : 0));
    const list = await chunks(await encodeGreyPng(pixels, 7, 3));
    expect(list.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(list.every((chunk) => chunk.crcOk)).toBe(true);
    const header = list[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([7, 3]);
    // bit depth 8, colour type 0 (greyscale, no alpha), compression, filter, interlace 0
    expect([...header.subarray(8)]).toEqual([8, 0, 0, 0, 0]);
    expect(pixelsOf(list[1]!.data, 7, 3)).toEqual(pixels);
  });

  it('refuses pixels of the wrong length', async () => {
    await expect(encodeGreyPng(new Uint8Array(5), 2, 3)).rejects.toThrow(RangeError);
  });

  it('holds the rasterised mask at the source size, white where painted', async () => {
    let doc = emptyMaskDocument(96, 64);
    doc = addStroke(doc, { kind: 'stroke', tool: 'brush', size: 12, points: [10, 10, 80, 50] });
    doc = addStroke(doc, { kind: 'stroke', tool: 'eraser', size: 8, points: [45, 30] });
    const blob = await maskToPng(doc);
    expect(blob.type).toBe('image/png');
    const list = await chunks(new Uint8Array(await blob.arrayBuffer()));
    expect([list[0]!.data.readUInt32BE(0), list[0]!.data.readUInt32BE(4)]).toEqual([96, 64]);
    const pixels = pixelsOf(list[1]!.data, 96, 64);
    expect(pixels).toEqual(rasteriseMask(doc));
    expect(pixels[10 * 96 + 10]).toBe(255);
    expect(pixels[30 * 96 + 45]).toBe(0);
    expect(pixels[60 * 96 + 5]).toBe(0);
  });

  it('is all black for an empty mask', async () => {
    const list = await chunks(new Uint8Array(await (await maskToPng(emptyMaskDocument(5, 4))).arrayBuffer()));
    expect(pixelsOf(list[1]!.data, 5, 4)).toEqual(new Uint8Array(20));
  });
});
