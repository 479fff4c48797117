/** Source and mask PNGs for the image-to-image tests (what the API hands a worker for a tweak). */
import sharp from 'sharp';

/** A source picture with some structure (a gradient and a bright square), not a flat colour. */
export async function sourcePng(width: number, height: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    '<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#203050"/>' +
    '<stop offset="1" stop-color="#d0a070"/></linearGradient></defs>' +
    '<rect width="100%" height="100%" fill="url(#g)"/>' +
    `<rect x="${width / 4}" y="${height / 4}" width="${width / 4}" height="${height / 4}" fill="#f0f0e0"/></svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
}

/**
 * A mask as the API makes it: greyscale, no alpha, white where the picture is repainted (a disc in the
 * middle), black where it is kept.
 */
export async function maskPng(width: number, height: number): Promise<Buffer> {
  const r = Math.min(width, height) / 4;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    '<rect width="100%" height="100%" fill="#000"/>' +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().toColourspace('b-w').png().toBuffer();
}
