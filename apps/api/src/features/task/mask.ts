import { maskFit, MASK_PAINTED_LEVEL } from '@mirage/domain';
import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../../errors.ts';
import { pngSize } from '../image/index.ts';

const MASK_MAX_SCALE = 4;

/**
 * The inpaint mask a client sends (docs/product/generation.md#tweak), made into what every engine gets: a
 * greyscale PNG at exactly the source's size, white where the image is redrawn, with the client's soft
 * edges kept. Transparent pixels count as black, so a canvas exported with an alpha channel (painted
 * strokes on a transparent layer) works as well as a white-on-black one.
 *
 * Hostile input: the size is read from the PNG header before anything decodes it (a "bomb" of a huge
 * size is refused at once), and decoding is capped at that checked size.
 */
export async function normaliseMask(
  base64: string,
  source: { width: number; height: number },
): Promise<Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  const size = pngSize(bytes);
  if (!size) throw invalidMask('format');
  // Larger than the source is allowed (a client may export at its screen's scale), up to 4 times its pixels.
  const tooLarge = size.width * size.height > MASK_MAX_SCALE * source.width * source.height;
  if (tooLarge || maskFit(size, source) === 'mismatch') throw invalidMask('size');

  let grey: { data: Buffer; info: OutputInfo };
  try {
    grey = await sharp(bytes, { limitInputPixels: size.width * size.height })
      // Transparent is "not painted": flatten onto black before taking the brightness.
      .flatten({ background: '#000000' })
      .resize(source.width, source.height, { fit: 'fill', kernel: 'lanczos3' })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw invalidMask('format');
  }
  if (!isPainted(grey.data)) throw new AppError('empty_tweak_mask');
  return sharp(grey.data, { raw: { width: grey.info.width, height: grey.info.height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Whether any pixel is painted (at least half brightness, MASK_PAINTED_LEVEL). */
function isPainted(pixels: Buffer): boolean {
  for (let index = 0; index < pixels.length; index += 1) {
    if (pixels[index]! >= MASK_PAINTED_LEVEL) return true;
  }
  return false;
}

function invalidMask(reason: 'format' | 'size'): AppError {
  return new AppError('validation_error', { field: 'mask', reason });
}
