/** Images to and from the AI Horde (sharp): sources and masks as WebP, results as exact PNGs. */
import sharp from 'sharp';
import { EngineError } from './engine.ts';
import { PNG_OPTIONS } from './image.ts';

/**
 * A source image as base64 WebP (no data: prefix). Quality 95: the Horde re-encodes sources as WebP
 * anyway, and the request body stays a few hundred kB instead of megabytes of PNG. Alpha is dropped: on
 * the Horde, transparency means "paint here".
 */
export async function sourceWebp(png: Buffer): Promise<string> {
  try {
    const webp = await sharp(png).removeAlpha().webp({ quality: 95 }).toBuffer();
    return webp.toString('base64');
  } catch (err) {
    throw new EngineError(`source image: not a readable image (${(err as Error).message})`, false);
  }
}

/**
 * A mask as base64 lossless WebP, greyscale. Ours is white where the image is repainted, and so is the
 * Horde's: its worker inverts the mask into the source's alpha, where transparent is repainted. Lossless
 * keeps the mask's edges where the user drew them.
 */
export async function maskWebp(png: Buffer): Promise<string> {
  try {
    const webp = await sharp(png)
      .flatten({ background: '#000000' })
      .greyscale()
      .webp({ lossless: true })
      .toBuffer();
    return webp.toString('base64');
  } catch (err) {
    throw new EngineError(`mask image: not a readable image (${(err as Error).message})`, false);
  }
}

/**
 * The Horde's result (WebP, at the 64-multiple size it rendered) as a PNG of exactly width x height.
 * `cover` scales without distortion and trims the few extra pixels (txt2img); `fill` undoes the Horde's
 * own stretch of the source to the request size, so the kept parts of an img2img or inpaint result stay
 * where they were in the source.
 */
export async function finalPng(
  image: Buffer,
  width: number,
  height: number,
  fit: 'cover' | 'fill',
): Promise<{ png: Buffer; from: string }> {
  try {
    const img = sharp(image);
    const meta = await img.metadata();
    const png = await img
      .resize(width, height, { fit, position: 'centre', kernel: 'lanczos3' })
      .png(PNG_OPTIONS)
      .toBuffer();
    return { png, from: `${meta.width}x${meta.height}` };
  } catch (err) {
    // A broken file from one Horde worker: another attempt renders anew.
    throw new EngineError(`AI Horde result: not a readable image (${(err as Error).message})`, true);
  }
}

/** base64 of a result sent inline (r2 off), with or without a data: prefix. */
export const decodeInline = (img: string): Buffer => Buffer.from(img.replace(/^data:[^,]*,/, ''), 'base64');
