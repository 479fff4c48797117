import { MAX_RESULT_PIXELS, perceptualHash as hashOfPixels, storedHash } from '@mirage/domain';
import sharp from 'sharp';
import { downsample, encodeBlurhash } from './blurhash.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { Provenance } from './marking/content-credentials.ts';
import type { Marker } from './marking/marker.ts';

/**
 * The files one finished image is stored as (docs/product/image-viewer.md#files: {uuid}.png, {uuid}.webp,
 * {uuid}-min.webp).
 */
export function imageKeys(uuid: string) {
  return {
    png: `images/${uuid}.png`,
    webp: `images/${uuid}.webp`,
    thumbnail: `images/${uuid}-min.webp`,
  };
}

/**
 * The ×2 version of an image (docs/product/image-viewer.md#files: {uuid}-upscaled.png and
 * {uuid}-upscaled.webp).
 */
export function upscaledKeys(uuid: string) {
  return { png: `images/${uuid}-upscaled.png`, webp: `images/${uuid}-upscaled.webp` };
}

export const THUMBNAIL_WIDTH = 512;
const BLURHASH_WIDTH = 32;

export class InvalidImageError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk (always first), or null when it is not a PNG. */
export function pngSize(input: Buffer): { width: number; height: number } | null {
  if (input.length < 24 || !input.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (input.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = input.readUInt32BE(16);
  const height = input.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

export interface ProcessedImage {
  width: number;
  height: number;
  /** Empty for the ×2 files of an upscale: the image keeps its original placeholder. */
  blurhash: string;
  /**
   * The picture's perceptual hash as stored (the decimal text of a signed 64-bit integer; the provenance
   * check), of the stored pixels (watermark included); null for an upscale, which keeps the original's.
   */
  perceptualHash: string | null;
}

/** A quiet "Mirage" mark in the lower right corner, sized to the image. */
function watermarkSvg(width: number, height: number): Buffer {
  const size = Math.max(14, Math.round(Math.min(width, height) * 0.035));
  const margin = Math.round(size * 0.9);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="${width - margin}" y="${height - margin}" text-anchor="end" font-family="sans-serif" font-weight="700" ` +
      `font-size="${size}" fill="#ffffff" fill-opacity="0.55" stroke="#000000" stroke-opacity="0.25" stroke-width="1">Mirage</text></svg>`,
  );
}

/**
 * How the image came to be, for its C2PA manifest: a new image is created, unless it is a tweak of
 * `source`; an upscale resizes its own original. The source's stored PNG becomes the manifest's parent
 * ingredient (its own manifest included); a source whose file is gone leaves a plain creation.
 */
async function provenanceOf(
  store: ObjectStore,
  options: { uuid: string; variant?: 'original' | 'upscaled'; source?: string | undefined },
): Promise<Provenance> {
  const sourceUuid = options.variant === 'upscaled' ? options.uuid : options.source;
  if (!sourceUuid) return { action: 'created' };
  const png = await store.get(imageKeys(sourceUuid).png);
  if (!png) return { action: 'created' };
  const action = options.variant === 'upscaled' ? 'resized' : 'edited';
  return { action, source: { png, title: `${sourceUuid}.png` } };
}

/**
 * Turns a worker's PNG into the stored files: the PNG (watermarked when asked), a full-size WebP, a
 * 512-px-wide WebP thumbnail (the full WebP itself when the image is no wider), and a blurhash of a
 * 32-px grid averaged from the decoded pixels in JavaScript (encoding a full-size image takes seconds;
 * research/stack.md). Every file is marked as AI-generated (`marker`: XMP in each, and the signed C2PA
 * manifest in the full-size PNG and WebP, signed last). Refuses anything that is not a decodable PNG.
 * Runs in an image-processing thread (processor.ts) or, with IMAGE_THREADS=0, in the API's own.
 */
export async function processImage(
  input: Buffer,
  options: {
    uuid: string;
    watermark: boolean;
    store: ObjectStore;
    marker: Marker;
    variant?: 'original' | 'upscaled';
    /** The image a tweak was made from (its manifest's parent ingredient). */
    source?: string | undefined;
    maxPixels?: number;
  },
): Promise<ProcessedImage> {
  const size = pngSize(input);
  if (!size) throw new InvalidImageError('expected a PNG');
  const { width, height } = size;
  const upscaled = options.variant === 'upscaled';
  // Decode once (with the watermark composited) and derive every output from the raw pixels: decoding
  // a large PNG costs more than any single encode. The input is a worker's upload: sharp refuses to
  // decode more pixels than the job's result has (the caller's maxPixels, already checked against the
  // header) or than any result can have, so a "PNG bomb" never gets decoded.
  let decoder = sharp(input, { limitInputPixels: options.maxPixels ?? MAX_RESULT_PIXELS });
  if (options.watermark) decoder = decoder.composite([{ input: watermarkSvg(width, height) }]);
  let decoded;
  try {
    decoded = await decoder.raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidImageError('not a decodable PNG');
  }
  const { marker } = options;
  const xmp = marker.xmp(options.uuid);
  const pixels = () => sharp(decoded.data, { raw: decoded.info });
  const provenance = provenanceOf(options.store, options);
  const names = upscaled
    ? { png: `${options.uuid}-upscaled.png`, webp: `${options.uuid}-upscaled.webp` }
    : { png: `${options.uuid}.png`, webp: `${options.uuid}.webp` };
  const encoded = Promise.all([
    (options.watermark ? pixels().png({ compressionLevel: 4 }).toBuffer() : Promise.resolve(input)).then(
      async (png) => marker.png(png, options.uuid, names.png, await provenance),
    ),
    // effort 2: the full-size WebP is for viewing; it saves ~40 % of the encode for ~3 % more bytes.
    pixels()
      .webp({ quality: 85, effort: 2 })
      .withXmp(xmp)
      .toBuffer()
      .then(async (webp) => marker.webp(webp, names.webp, await provenance)),
    upscaled || width <= THUMBNAIL_WIDTH
      ? Promise.resolve(null)
      : pixels().resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 80 }).withXmp(xmp).toBuffer(),
  ]);
  if (upscaled) {
    // The thumbnail and blurhash stay those of the original; only the full-size files gain a ×2 version.
    const [png, webp] = await encoded;
    const keys = upscaledKeys(options.uuid);
    await Promise.all([
      options.store.put(keys.png, png, 'image/png'),
      options.store.put(keys.webp, webp, 'image/webp'),
    ]);
    return { width, height, blurhash: '', perceptualHash: null };
  }
  // The placeholder is computed here while libvips encodes on its threads.
  const { data, info } = decoded;
  const grid = downsample(data, info.width, info.height, info.channels, BLURHASH_WIDTH);
  // 4 components across, and as many down as keeps them roughly square (3..9, blurhash's range).
  const componentsY = Math.min(9, Math.max(3, Math.round((4 * height) / width)));
  const blurhash = encodeBlurhash(grid.data, grid.width, grid.height, 3, 4, componentsY);
  const perceptualHash = String(storedHash(hashOfPixels(data, info.width, info.height, info.channels)));
  const [png, webp, thumbnail] = await encoded;
  const keys = imageKeys(options.uuid);
  await Promise.all([
    options.store.put(keys.png, png, 'image/png'),
    options.store.put(keys.webp, webp, 'image/webp'),
    options.store.put(keys.thumbnail, thumbnail ?? webp, 'image/webp'),
  ]);
  return { width, height, blurhash, perceptualHash };
}
