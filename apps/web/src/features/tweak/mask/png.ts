/**
 * The exported mask file: an 8-bit greyscale PNG (colour type 0, so no alpha channel) at the source's size,
 * white where the image is repainted (packages/domain's job.ts, mask_image_url). Encoded here rather than
 * with canvas.toBlob, which writes RGBA in most browsers and may colour-manage or premultiply; the browser's
 * own CompressionStream does the deflate (Node has it too, so the tests decode the real bytes).
 */
import { rasteriseMask } from './raster.ts';
import type { MaskDocument } from './strokes.ts';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** length, type, data, CRC of type + data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlibDeflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG of one byte a pixel (0 black … 255 white), row-major. */
export async function encodeGreyPng(
  pixels: Uint8Array,
  width: number,
  height: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (pixels.length !== width * height) throw new RangeError('pixels must be width × height bytes');
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header[8] = 8; // bits per sample
  header[9] = 0; // colour type: greyscale
  // compression, filter method and interlace stay 0.

  // Each scanline starts with its filter type, 0 (none): a mask is long runs that deflate packs well as is.
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);

  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', await zlibDeflate(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

/** The mask's PNG bytes (to base64 for the API's `mask`, within its MASK_MAX_BYTES: a mask is mostly runs). */
export function maskToPngBytes(doc: MaskDocument): Promise<Uint8Array<ArrayBuffer>> {
  return encodeGreyPng(rasteriseMask(doc), doc.width, doc.height);
}

/** The mask to upload: a greyscale PNG Blob at exactly the source's pixel size. */
export async function maskToPng(doc: MaskDocument): Promise<Blob> {
  return new Blob([await maskToPngBytes(doc)], { type: 'image/png' });
}
