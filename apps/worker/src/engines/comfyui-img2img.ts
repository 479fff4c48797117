/**
 * ComfyUI workflows of the image-to-image jobs (docs/engines.md#inpaint-and-style_convert): the source
 * (and the inpaint mask) uploaded under job-scoped names, then
 *
 *   LoadImage -> VAEEncode [-> SetLatentNoiseMask(LoadImageMask)] -> KSampler(denoise) -> VAEDecode
 *   [-> face restore] [-> ImageCompositeMasked onto the source] -> SaveImage
 *
 * with the job's checkpoint, LoRAs, prompts and sampler (the target style's, or the chosen style's).
 *
 * The mask travels as a plain image (POST /upload/image) read by LoadImageMask's red channel, not through
 * POST /upload/mask: that route copies the ALPHA channel of the uploaded file into the original
 * (server.py upload_mask, for the mask editor's transparent strokes). Our mask is greyscale without
 * alpha, so its alpha is opaque everywhere and LoadImage's MASK (1 - alpha) would repaint nothing; using
 * it would mean re-encoding the mask as inverted alpha, and the route answers 200 even when it finds no
 * original to write into. LoadImageMask 'red' reads the greyscale as is: white 1 = repaint, black 0 = keep.
 *
 * Inpaint uses VAEEncode + SetLatentNoiseMask, not VAEEncodeForInpaint: the latter fills the masked
 * pixels with grey before encoding (and rounds the mask to 0/1), so the sampler only recovers at denoise
 * 1.0. Users choose a strength of 0.3 to 1: under a partial denoise the sampler must start from the
 * original under the mask, which is what SetLatentNoiseMask keeps (it noises the source's latent by the
 * denoise inside the mask and leaves the rest alone), and it keeps the mask's soft edges.
 *
 * The result is composited onto the source with the same mask (ImageCompositeMasked), so that black
 * pixels come back exactly as they were rather than through a VAE round trip, as A1111 pastes its
 * "overlay" back: a picture tweaked several times does not drift where nobody touched it.
 */
import type { WorkerJob } from '@mirage/domain';
import type { FaceRestore } from './comfyui-face-restore.ts';
import type { ComfyLink, ComfySource, ComfyWorkflow } from './comfyui-workflow.ts';
import { Builder, addFaceRestore, addModel, ceil8, scaleInputs } from './comfyui-workflow.ts';
import { img2imgInputs, type EngineIo } from './engine.ts';

/** The uploaded files of an img2img job: the source, and the mask of an inpaint job. */
export interface Img2ImgFiles {
  source: ComfySource;
  mask: ComfySource | null;
}

/** Uploads a PNG as a ComfyUI input under `filename`; `what` names it in errors. */
export type Uploader = (png: Buffer, filename: string, what: string) => Promise<ComfySource>;

/** LoadImageMask's channel for a greyscale mask: red = the grey value (alpha would read its inverse). */
export const MASK_CHANNEL = 'red';

/** Uploads the job's files (overwriting an earlier attempt's) and builds its workflow. */
export async function img2imgWorkflow(
  job: WorkerJob,
  io: EngineIo,
  upload: Uploader,
  faceRestore?: FaceRestore,
): Promise<ComfyWorkflow> {
  const inputs = img2imgInputs(job, io);
  const source = await upload(inputs.source, `mirage-${job.id}.png`, 'source image');
  const mask = inputs.mask ? await upload(inputs.mask, `mirage-${job.id}-mask.png`, 'mask') : null;
  return buildImg2ImgWorkflow(job, { source, mask }, inputs.denoise, faceRestore);
}

/**
 * The graph of an inpaint (with `files.mask`) or style-conversion job. The job's width x height is the
 * source's size and the result's; latents need multiples of 8 (VAEEncode crops the rest away), so a
 * source of another size is first scaled to the size rounded up, and the result scaled back (the
 * composite does that for inpaint): stretching by a few pixels both ways keeps every pixel in place,
 * where a crop would shift the picture against the source.
 */
export function buildImg2ImgWorkflow(
  job: WorkerJob,
  files: Img2ImgFiles,
  denoise: number,
  faceRestore?: FaceRestore,
): ComfyWorkflow {
  const b = new Builder();
  const { sampler, vae } = addModel(b, job);
  const loaded = b.add('LoadImage', { image: files.source.name });
  const latentSize = { width: ceil8(job.width), height: ceil8(job.height) };
  let pixels: ComfyLink = [loaded, 0];
  if (files.source.width !== latentSize.width || files.source.height !== latentSize.height) {
    pixels = [b.add('ImageScale', scaleInputs(pixels, latentSize.width, latentSize.height, false)), 0];
  }
  let latent: ComfyLink = [b.add('VAEEncode', { pixels, vae }), 0];
  let mask: ComfyLink | null = null;
  if (files.mask) {
    mask = [b.add('LoadImageMask', { image: files.mask.name, channel: MASK_CHANNEL }), 0];
    latent = [b.add('SetLatentNoiseMask', { samples: latent, mask }), 0];
  }
  const samples = b.add('KSampler', { ...sampler, steps: job.steps, latent_image: latent, denoise });
  const decoded = b.add('VAEDecode', { samples: [samples, 0], vae });
  let image = addFaceRestore(b, job, [decoded, 0], faceRestore);
  if (mask) {
    const composite = {
      destination: [loaded, 0] as ComfyLink,
      source: image,
      x: 0,
      y: 0,
      resize_source: true,
      mask,
    };
    image = [b.add('ImageCompositeMasked', composite), 0];
  } else if (latentSize.width !== job.width || latentSize.height !== job.height) {
    image = [b.add('ImageScale', scaleInputs(image, job.width, job.height, false)), 0];
  }
  b.add('SaveImage', { images: image, filename_prefix: `mirage/${job.id}` });
  return b.nodes;
}
