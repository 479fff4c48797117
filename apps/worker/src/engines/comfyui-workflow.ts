/**
 * ComfyUI API-format workflows for Mirage jobs (docs/engines.md#comfyui-workflows). Node ids are "1", "2",
 * ... in execution order, so tests and logs read top to bottom.
 *
 * Latents are 1/8 of the image: ComfyUI floors sizes that are not multiples of 8 (Ultra 1228x1688 would
 * come out 1224x1688). The latent is therefore made at the size rounded UP to a multiple of 8, and an
 * ImageScale with crop "center" trims the few extra pixels, so the output has exactly the requested size.
 *
 * Face restore (comfyui-face-restore.ts) needs the facerestore_cf custom nodes: when the server has them,
 * FaceRestoreModelLoader + FaceRestoreCFWithModel go right after VAEDecode (after the hires pass, before
 * the model upscale and the crop), like A1111 restores faces before upscaling. Without them the job's
 * face_restore flag is ignored.
 *
 * Inpaint and style conversion build on the same pieces (Builder, addModel, addFaceRestore) in
 * comfyui-img2img.ts.
 */
import { resultSize, type WorkerJob } from '@mirage/domain';
import type { FaceRestore } from './comfyui-face-restore.ts';
import { EngineError, isImg2Img } from './engine.ts';

export type ComfyLink = [string, number];
export interface ComfyNode {
  class_type: string;
  inputs: Record<string, string | number | boolean | ComfyLink>;
}
export type ComfyWorkflow = Record<string, ComfyNode>;

/** An uploaded input (an upscale or img2img source, an inpaint mask): its ComfyUI name and its size. */
export interface ComfySource {
  name: string;
  width: number;
  height: number;
}

export const HIRES_LATENT_METHOD = 'nearest-exact';
export const IMAGE_SCALE_METHOD = 'lanczos';

export const ceil8 = (n: number) => Math.ceil(n / 8) * 8;

/** Adds nodes with ids "1", "2", ... in the order they are added (which is the order they run). */
export class Builder {
  readonly nodes: ComfyWorkflow = {};
  private next = 1;
  add(class_type: string, inputs: ComfyNode['inputs']): string {
    const id = String(this.next++);
    this.nodes[id] = { class_type, inputs };
    return id;
  }
}

/**
 * Builds the workflow of a txt2img or upscale job. `source` is required for upscale jobs; `faceRestore`
 * (the server's face-restore nodes) is used by txt2img jobs with face_restore set.
 */
export function buildWorkflow(
  job: WorkerJob,
  source?: ComfySource,
  faceRestore?: FaceRestore,
): ComfyWorkflow {
  if (job.type === 'upscale') return buildUpscale(job, source);
  if (job.type !== 'txt2img')
    throw new EngineError(`job type '${job.type}' is not supported by ComfyUI`, false);
  const b = new Builder();
  const { sampler, vae } = addModel(b, job);
  const latent = b.add('EmptyLatentImage', {
    width: ceil8(job.width),
    height: ceil8(job.height),
    batch_size: 1,
  });
  let samples = b.add('KSampler', { ...sampler, steps: job.steps, latent_image: [latent, 0], denoise: 1 });
  let target = { width: job.width, height: job.height };
  if (job.hires) {
    target = { width: job.hires.width, height: job.hires.height };
    const up = b.add('LatentUpscale', {
      samples: [samples, 0],
      upscale_method: HIRES_LATENT_METHOD,
      width: ceil8(target.width),
      height: ceil8(target.height),
      crop: 'disabled',
    });
    samples = b.add('KSampler', {
      ...sampler,
      steps: job.hires.steps,
      latent_image: [up, 0],
      denoise: job.hires.denoise,
    });
  }
  const decoded = b.add('VAEDecode', { samples: [samples, 0], vae });
  let image = addFaceRestore(b, job, [decoded, 0], faceRestore);
  const padded = ceil8(target.width) !== target.width || ceil8(target.height) !== target.height;
  if (job.upscale) {
    image = addModelUpscale(b, job.upscale.model, image, target.width * 2, target.height * 2, padded);
  } else if (padded) {
    image = [b.add('ImageScale', scaleInputs(image, target.width, target.height, true)), 0];
  }
  b.add('SaveImage', { images: image, filename_prefix: `mirage/${job.id}` });
  return b.nodes;
}

/**
 * The checkpoint, one LoraLoader per LoRA (chained, the weight as both strengths) and the two prompts:
 * how every sampling workflow starts. Returns the KSampler inputs they make (all but steps, the latent
 * and the denoise) and the checkpoint's VAE.
 */
export function addModel(b: Builder, job: WorkerJob) {
  const ckpt = b.add('CheckpointLoaderSimple', { ckpt_name: job.checkpoint });
  let model: ComfyLink = [ckpt, 0];
  let clip: ComfyLink = [ckpt, 1];
  for (const lora of job.loras) {
    const id = b.add('LoraLoader', {
      model,
      clip,
      lora_name: lora.name,
      strength_model: lora.weight,
      strength_clip: lora.weight,
    });
    model = [id, 0];
    clip = [id, 1];
  }
  const positive = b.add('CLIPTextEncode', { text: job.prompt, clip });
  const negative = b.add('CLIPTextEncode', { text: job.negative_prompt, clip });
  const sampler = {
    model,
    seed: job.seed,
    cfg: job.cfg,
    sampler_name: job.sampler,
    scheduler: job.scheduler,
    positive: [positive, 0] as ComfyLink,
    negative: [negative, 0] as ComfyLink,
  };
  return { sampler, vae: [ckpt, 2] as ComfyLink };
}

/** Face restore right after decoding, for a job that asks for it on a server that has the nodes. */
export function addFaceRestore(
  b: Builder,
  job: WorkerJob,
  image: ComfyLink,
  faceRestore: FaceRestore | undefined,
): ComfyLink {
  if (!job.face_restore || !faceRestore) return image;
  const loader = b.add('FaceRestoreModelLoader', { model_name: faceRestore.model });
  const restored = b.add('FaceRestoreCFWithModel', {
    facerestore_model: [loader, 0],
    image,
    ...faceRestore.inputs,
  });
  return [restored, 0];
}

function buildUpscale(job: WorkerJob, source?: ComfySource): ComfyWorkflow {
  if (!job.upscale) throw new EngineError('upscale job without an upscale model', false);
  if (!source) throw new EngineError('upscale job without a source image', false);
  const b = new Builder();
  const load = b.add('LoadImage', { image: source.name });
  const image = addModelUpscale(b, job.upscale.model, [load, 0], source.width * 2, source.height * 2, false);
  b.add('SaveImage', { images: image, filename_prefix: `mirage/${job.id}` });
  return b.nodes;
}

/** Upscale model (often 4x) followed by an exact ImageScale to the wanted (2x) size. */
function addModelUpscale(
  b: Builder,
  modelName: string,
  image: ComfyLink,
  width: number,
  height: number,
  crop: boolean,
): ComfyLink {
  const loader = b.add('UpscaleModelLoader', { model_name: modelName });
  const up = b.add('ImageUpscaleWithModel', { upscale_model: [loader, 0], image });
  return [b.add('ImageScale', scaleInputs([up, 0], width, height, crop)), 0];
}

export function scaleInputs(
  image: ComfyLink,
  width: number,
  height: number,
  crop: boolean,
): ComfyNode['inputs'] {
  return { image, upscale_method: IMAGE_SCALE_METHOD, width, height, crop: crop ? 'center' : 'disabled' };
}

/**
 * The size the workflow's image must have: twice the source for an upscale job, the source's own size
 * (the job's width x height) for an img2img job, the job's result size otherwise.
 */
export function outputSize(job: WorkerJob, upscaleSource?: ComfySource): { width: number; height: number } {
  if (upscaleSource) return { width: upscaleSource.width * 2, height: upscaleSource.height * 2 };
  return isImg2Img(job) ? { width: job.width, height: job.height } : resultSize(job);
}

/** Finds the single SaveImage node of a workflow built here. */
export function saveNodeId(workflow: ComfyWorkflow): string {
  const id = Object.keys(workflow).find((k) => workflow[k]?.class_type === 'SaveImage');
  if (!id) throw new EngineError('workflow has no SaveImage node', false);
  return id;
}

/**
 * ComfyUI reports progress per node (each KSampler counts 0..steps again, the upscale model counts its
 * tiles). This maps those to one bar: the samplers' steps in order, then one step for the upscale model.
 */
export interface ProgressPlan {
  total: number;
  slots: Map<string, { offset: number; span: number }>;
}

export function progressPlan(workflow: ComfyWorkflow): ProgressPlan {
  const slots = new Map<string, { offset: number; span: number }>();
  let total = 0;
  for (const [id, node] of Object.entries(workflow)) {
    let span = 0;
    if (node.class_type === 'KSampler') span = Number(node.inputs.steps) || 1;
    else if (node.class_type === 'ImageUpscaleWithModel') span = 1;
    if (span > 0) {
      slots.set(id, { offset: total, span });
      total += span;
    }
  }
  return { total: Math.max(1, total), slots };
}

/** Maps one ComfyUI progress event to a step of the whole job; null for nodes outside the plan. */
export function planStep(
  plan: ProgressPlan,
  node: string | null,
  value: number,
  max: number,
): { step: number; max: number } | null {
  const slot = node === null ? undefined : plan.slots.get(node);
  if (!slot) return null;
  const fraction = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const step =
    slot.span === 1 ? slot.offset + (fraction >= 1 ? 1 : 0) : slot.offset + Math.round(fraction * slot.span);
  return { step, max: plan.total };
}
