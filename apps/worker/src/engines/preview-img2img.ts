/**
 * The preview engine's image-to-image (inpaint, style conversion): sharp decodes the source and the mask
 * to raw pixels at the job's size and scales the painted field up; @mirage/preview-renderer does the
 * repainting (img2img.ts there). Deterministic like txt2img: the same job, source and mask give the same
 * pixels.
 */
import sharp from 'sharp';
import type { WorkerJob } from '@mirage/domain';
import {
  featherMask,
  fieldSize,
  inpaintPixels,
  makeScene,
  paint,
  restylePixels,
} from '@mirage/preview-renderer';
import { EngineError, type Img2ImgInputs } from './engine.ts';

/** A raw picture: RGB (3 channels) or a mask (1 channel), row-major. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes a PNG to raw pixels of exactly width x height: `channels` 3 (sRGB, transparency flattened on
 * black) or 1 (brightness). An image of another size is stretched to it: the job's size is the
 * contract (the source's own size for img2img), and engines resize that way too (A1111's resize_mode 0).
 */
async function decode(png: Buffer, width: number, height: number, channels: 1 | 3, what: string) {
  try {
    let image = sharp(png).flatten({ background: '#000000' });
    const meta = await sharp(png).metadata();
    if (meta.width !== width || meta.height !== height) {
      image = image.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
    }
    const { data, info } = await image
      .toColourspace(channels === 3 ? 'srgb' : 'b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== channels) throw new Error(`${info.channels} channels`);
    return data;
  } catch (err) {
    throw new EngineError(`preview: ${what} is not a readable image (${(err as Error).message})`, false);
  }
}

/** The job's painted field (the txt2img picture of the same job), scaled to width x height. */
function paintedLayer(job: WorkerJob, width: number, height: number) {
  const scene = makeScene(job);
  const field = fieldSize(width, height);
  const layer = sharp(paint(scene, field.width, field.height), { raw: { ...field, channels: 3 } })
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .raw()
    .toBuffer();
  return { scene, layer };
}

/** Repaints the source as the job asks: raw RGB at the job's width x height. */
export async function img2imgPixels(job: WorkerJob, inputs: Img2ImgInputs): Promise<RawImage> {
  const { width, height } = job;
  const { scene, layer } = paintedLayer(job, width, height);
  const [source, texture, mask] = await Promise.all([
    decode(inputs.source, width, height, 3, 'source image'),
    layer,
    inputs.mask ? decode(inputs.mask, width, height, 1, 'mask') : null,
  ]);
  const data = mask
    ? inpaintPixels(source, texture, featherMask(mask, width, height), width, height, inputs.denoise)
    : restylePixels(source, texture, scene, width, height, inputs.denoise);
  return { data, width, height };
}
