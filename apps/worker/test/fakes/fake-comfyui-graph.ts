/**
 * The node catalogue of the fake ComfyUI: input specs for validation (execution.validate_prompt's error
 * types), /object_info in both combo forms, and the image sizes a workflow implies.
 */
import { text } from './http-util.ts';

export type InputSpec =
  | { link: string }
  | { combo: () => string[] }
  | { int: [number, number] }
  | { float: [number, number] }
  | { bool: true }
  | { text: true };

export interface NodeSpec {
  inputs: Record<string, InputSpec>;
  /** Inputs a workflow may leave out (INPUT_TYPES "optional"); checked like the others when given. */
  optional?: Record<string, InputSpec>;
  outputs: string[];
  outputNode?: boolean;
  /** V3 nodes describe combos as ["COMBO", {options}] in /object_info. */
  v3?: boolean;
}

export interface Lists {
  checkpoints: string[];
  loras: string[];
  upscaleModels: string[];
  uploads: () => string[];
  /** With a list, the facerestore_cf custom nodes are installed (the list may be empty: no model). */
  faceRestoreModels?: string[];
}

/** facerestore_cf's face detectors (FaceRestoreCFWithModel.facedetection). */
export const FACE_DETECTORS = ['retinaface_resnet50', 'retinaface_mobile0.25', 'YOLOv5l', 'YOLOv5n'];

/** The two nodes of the facerestore_cf custom nodes, as its __init__.py declares them. */
function faceRestoreSpecs(models: string[]): Record<string, NodeSpec> {
  return {
    FaceRestoreModelLoader: {
      inputs: { model_name: { combo: () => models } },
      outputs: ['FACERESTORE_MODEL'],
    },
    FaceRestoreCFWithModel: {
      inputs: {
        facerestore_model: { link: 'FACERESTORE_MODEL' },
        image: { link: 'IMAGE' },
        facedetection: { combo: () => FACE_DETECTORS },
        codeformer_fidelity: { float: [0, 1] },
      },
      outputs: ['IMAGE'],
    },
  };
}

export const SAMPLERS = [
  'euler',
  'euler_ancestral',
  'dpmpp_2m',
  'dpmpp_2m_sde',
  'dpmpp_sde',
  'ddim',
  'uni_pc',
  'lcm',
];
export const SCHEDULERS = [
  'simple',
  'sgm_uniform',
  'karras',
  'exponential',
  'ddim_uniform',
  'beta',
  'normal',
];
const LATENT_METHODS = ['nearest-exact', 'bilinear', 'area', 'bicubic', 'bislerp'];
const IMAGE_METHODS = ['nearest-exact', 'bilinear', 'area', 'bicubic', 'lanczos'];
const CROPS = ['disabled', 'center'];
/** LoadImageMask's channels; alpha reads 1 - alpha, the colours their value. */
export const MASK_CHANNELS = ['alpha', 'red', 'green', 'blue'];
const SIZE: InputSpec = { int: [0, 16384] };

export function nodeSpecs(l: Lists): Record<string, NodeSpec> {
  const combo = (values: string[]): InputSpec => ({ combo: () => values });
  return {
    CheckpointLoaderSimple: {
      inputs: { ckpt_name: { combo: () => l.checkpoints } },
      outputs: ['MODEL', 'CLIP', 'VAE'],
    },
    LoraLoader: {
      inputs: {
        model: { link: 'MODEL' },
        clip: { link: 'CLIP' },
        lora_name: { combo: () => l.loras },
        strength_model: { float: [-100, 100] },
        strength_clip: { float: [-100, 100] },
      },
      outputs: ['MODEL', 'CLIP'],
    },
    CLIPTextEncode: { inputs: { text: { text: true }, clip: { link: 'CLIP' } }, outputs: ['CONDITIONING'] },
    EmptyLatentImage: {
      inputs: { width: { int: [16, 16384] }, height: { int: [16, 16384] }, batch_size: { int: [1, 4096] } },
      outputs: ['LATENT'],
    },
    KSampler: {
      inputs: {
        model: { link: 'MODEL' },
        seed: { int: [0, 2 ** 64 - 1] },
        steps: { int: [1, 10000] },
        cfg: { float: [0, 100] },
        sampler_name: combo(SAMPLERS),
        scheduler: combo(SCHEDULERS),
        positive: { link: 'CONDITIONING' },
        negative: { link: 'CONDITIONING' },
        latent_image: { link: 'LATENT' },
        denoise: { float: [0, 1] },
      },
      outputs: ['LATENT'],
    },
    LatentUpscale: {
      inputs: {
        samples: { link: 'LATENT' },
        upscale_method: combo(LATENT_METHODS),
        width: SIZE,
        height: SIZE,
        crop: combo(CROPS),
      },
      outputs: ['LATENT'],
    },
    VAEDecode: { inputs: { samples: { link: 'LATENT' }, vae: { link: 'VAE' } }, outputs: ['IMAGE'] },
    UpscaleModelLoader: {
      inputs: { model_name: { combo: () => l.upscaleModels } },
      outputs: ['UPSCALE_MODEL'],
      v3: true,
    },
    ImageUpscaleWithModel: {
      inputs: { upscale_model: { link: 'UPSCALE_MODEL' }, image: { link: 'IMAGE' } },
      outputs: ['IMAGE'],
      v3: true,
    },
    ImageScale: {
      inputs: {
        image: { link: 'IMAGE' },
        upscale_method: combo(IMAGE_METHODS),
        width: SIZE,
        height: SIZE,
        crop: combo(CROPS),
      },
      outputs: ['IMAGE'],
    },
    LoadImage: { inputs: { image: { combo: l.uploads } }, outputs: ['IMAGE', 'MASK'] },
    ...img2imgSpecs(l),
    SaveImage: {
      inputs: { images: { link: 'IMAGE' }, filename_prefix: { text: true } },
      outputs: [],
      outputNode: true,
    },
    PreviewImage: { inputs: { images: { link: 'IMAGE' } }, outputs: [], outputNode: true },
    ...(l.faceRestoreModels ? faceRestoreSpecs(l.faceRestoreModels) : {}),
  };
}

/** The nodes of image-to-image graphs (nodes.py; ImageCompositeMasked is a V3 node of nodes_mask.py). */
function img2imgSpecs(l: Lists): Record<string, NodeSpec> {
  return {
    LoadImageMask: {
      inputs: { image: { combo: l.uploads }, channel: { combo: () => MASK_CHANNELS } },
      outputs: ['MASK'],
    },
    VAEEncode: { inputs: { pixels: { link: 'IMAGE' }, vae: { link: 'VAE' } }, outputs: ['LATENT'] },
    VAEEncodeForInpaint: {
      inputs: {
        pixels: { link: 'IMAGE' },
        vae: { link: 'VAE' },
        mask: { link: 'MASK' },
        grow_mask_by: { int: [0, 64] },
      },
      outputs: ['LATENT'],
    },
    SetLatentNoiseMask: {
      inputs: { samples: { link: 'LATENT' }, mask: { link: 'MASK' } },
      outputs: ['LATENT'],
    },
    ImageCompositeMasked: {
      inputs: {
        destination: { link: 'IMAGE' },
        source: { link: 'IMAGE' },
        x: SIZE,
        y: SIZE,
        resize_source: { bool: true },
      },
      optional: { mask: { link: 'MASK' } },
      outputs: ['IMAGE'],
      v3: true,
    },
  };
}

/** /object_info: V1 combos `[[options], {}]`, V3 combos `["COMBO", {options}]`. */
export function objectInfo(specs: Record<string, NodeSpec>): Record<string, unknown> {
  const info: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const describe = (input: string, s: InputSpec): unknown => {
      if ('link' in s) return [s.link, {}];
      if ('combo' in s)
        return spec.v3 ? ['COMBO', { options: s.combo(), multiselect: false }] : [s.combo(), {}];
      if ('int' in s) return ['INT', { min: s.int[0], max: s.int[1] }];
      if ('float' in s) return ['FLOAT', { min: s.float[0], max: s.float[1] }];
      if ('bool' in s) return ['BOOLEAN', { default: false }];
      return ['STRING', { multiline: input === 'text' }];
    };
    const section = (inputs: Record<string, InputSpec>) =>
      Object.fromEntries(Object.entries(inputs).map(([input, s]) => [input, describe(input, s)]));
    const optional = spec.optional ? { optional: section(spec.optional) } : {};
    info[name] = {
      input: { required: section(spec.inputs), ...optional },
      input_order: {
        required: Object.keys(spec.inputs),
        ...(spec.optional ? { optional: Object.keys(spec.optional) } : {}),
      },
      output: spec.outputs,
      output_is_list: spec.outputs.map(() => false),
      output_name: spec.outputs,
      name,
      display_name: name,
      description: '',
      python_module: spec.v3 ? 'comfy_extras.nodes_upscale_model' : 'nodes',
      category: 'fake',
      output_node: Boolean(spec.outputNode),
    };
  }
  return info;
}

export type Workflow = Record<string, { class_type?: unknown; inputs?: Record<string, unknown> }>;

/** Node ids in an order where every node comes after the nodes it links to (only `roots`' ancestors). */
export function topoOrder(wf: Workflow, roots: string[] = Object.keys(wf)): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const v of Object.values(wf[id]?.inputs ?? {})) {
      if (Array.isArray(v) && typeof v[0] === 'string') visit(v[0]);
    }
    order.push(id);
  };
  roots.forEach(visit);
  return order;
}

/** Scale of an upscale model file: "2x"/"x2" in the name means 2, otherwise 4 (most ESRGAN models). */
export const modelScale = (name: string): number => (/(^|[^0-9])(2x|x2)([^0-9]|$)/i.test(name) ? 2 : 4);

const floor8 = (n: number) => Math.floor(n / 8) * 8;

/**
 * The pixel size each IMAGE/LATENT output stands for, as ComfyUI computes it: latents are 1/8 of the
 * image (so sizes are floored to multiples of 8), an upscale model multiplies, ImageScale sets the size
 * (0 keeps the aspect ratio).
 */
export function sizeOf(
  wf: Workflow,
  id: string,
  uploads: (name: string) => { width: number; height: number } | undefined,
): { width: number; height: number } {
  const node = wf[id];
  const inp = node?.inputs ?? {};
  const num = (k: string) => Number(inp[k]);
  const from = (k: string) => {
    const link = inp[k];
    return Array.isArray(link) && typeof link[0] === 'string'
      ? sizeOf(wf, link[0], uploads)
      : { width: 0, height: 0 };
  };
  switch (node?.class_type) {
    case 'EmptyLatentImage':
      return { width: floor8(num('width')), height: floor8(num('height')) };
    case 'LatentUpscale': {
      const src = from('samples');
      const w = num('width') || Math.round((src.width * num('height')) / src.height);
      const h = num('height') || Math.round((src.height * num('width')) / src.width);
      return { width: floor8(w), height: floor8(h) };
    }
    case 'KSampler':
      return from('latent_image');
    case 'VAEEncode':
    case 'VAEEncodeForInpaint': {
      // The VAE crops the pixels to multiples of 8 before encoding (vae_encode_crop_pixels).
      const src = from('pixels');
      return { width: floor8(src.width), height: floor8(src.height) };
    }
    case 'SetLatentNoiseMask':
      return from('samples');
    case 'ImageCompositeMasked':
      // The destination's size; resize_source fits the source to it.
      return from('destination');
    case 'VAEDecode':
      return from('samples');
    case 'ImageUpscaleWithModel': {
      const src = from('image');
      const model = inp.upscale_model;
      const loader = Array.isArray(model) && typeof model[0] === 'string' ? wf[model[0]] : undefined;
      const k = modelScale(text(loader?.inputs?.model_name ?? ''));
      return { width: src.width * k, height: src.height * k };
    }
    case 'FaceRestoreCFWithModel':
      // facerestore_cf pastes the faces back at the input's resolution.
      return from('image');
    case 'ImageScale': {
      const src = from('image');
      const w = num('width') || Math.round((src.width * num('height')) / src.height);
      const h = num('height') || Math.round((src.height * num('width')) / src.width);
      return { width: w, height: h };
    }
    case 'LoadImage':
    case 'LoadImageMask':
      return uploads(String(inp.image)) ?? { width: 0, height: 0 };
    case 'SaveImage':
    case 'PreviewImage':
      return from('images');
    default:
      return { width: 0, height: 0 };
  }
}
