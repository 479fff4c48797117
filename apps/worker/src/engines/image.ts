/** Image helpers shared by the engines (sharp). */
import sharp from 'sharp';
import { EngineError } from './engine.ts';
import { imageKind } from './http.ts';

/**
 * Fixed PNG options: no metadata is written (sharp strips it unless asked), no palette quantisation, no
 * adaptive filtering, a fixed zlib level. With the same libvips build the bytes are identical every time.
 */
export const PNG_OPTIONS = {
  compressionLevel: 6,
  adaptiveFiltering: false,
  palette: false,
  progressive: false,
} as const;

/** Largest side of the JPEG previews sent with progress (the API keeps previews under ~100 kB). */
export const PREVIEW_SIDE = 384;

export async function imageSize(buf: Buffer, what: string): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(buf).metadata();
    return { width: meta.width, height: meta.height };
  } catch (err) {
    throw new EngineError(`${what}: not a readable image (${(err as Error).message})`, false);
  }
}

/**
 * Returns a PNG of exactly width x height. Engines can be a few pixels off (latents are 1/8 of the
 * image, so sizes that are not multiples of 8 are floored); such an image is scaled to cover the target
 * and centre-cropped, which never distorts. With `fit` 'fill' it is stretched instead, which keeps every
 * pixel in place: what an img2img result needs, whose picture must stay aligned with its source. A PNG
 * already at the right size is returned untouched; `correctedFrom` tells the size the engine produced
 * when it had to be fixed.
 */
export async function exactPng(
  buf: Buffer,
  width: number,
  height: number,
  what: string,
  fit: 'cover' | 'fill' = 'cover',
): Promise<{ png: Buffer; width: number; height: number; correctedFrom: string | null }> {
  const size = await imageSize(buf, what);
  if (size.width === width && size.height === height && imageKind(buf) === 'png') {
    return { png: buf, width, height, correctedFrom: null };
  }
  const png = await sharp(buf)
    .resize(width, height, { fit, position: 'centre', kernel: 'lanczos3' })
    .png(PNG_OPTIONS)
    .toBuffer();
  return { png, width, height, correctedFrom: `${size.width}x${size.height}` };
}

/** Converts an engine preview (JPEG, PNG or WebP) to a small JPEG; null when it cannot be read. */
export async function toPreviewJpeg(buf: Buffer): Promise<Buffer | null> {
  const kind = imageKind(buf);
  if (kind === null) return null;
  try {
    const img = sharp(buf);
    const meta = await img.metadata();
    if (kind === 'jpeg' && Math.max(meta.width, meta.height) <= PREVIEW_SIDE * 2) return buf;
    return await img
      .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#000000' })
      .jpeg({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}
