import { CFG_BY_CREATIVITY, baseSize, finalSize, hiresFactor, type GeneratorSettings } from '@mirage/domain';
import type { StoredJob } from '../../db/schema/generation.ts';
import type { GenerationBooster, GenerationStyle } from '../catalogue/index.ts';

/** Strength of the second (hires) pass: enough to add detail without redrawing the composition. */
export const HIRES_DENOISE = 0.5;

/**
 * Resolves the user's settings into the job a worker runs (docs/architecture.md: workers need no catalogue):
 * first pass at the "base" size, a hires pass to the quality's size
 * (docs/product/decisions.md#generation-parameters), guidance from creativity, the style's checkpoint and
 * sampler, one LoRA per booster at its slot weight.
 */
export function buildTxt2imgJob(
  id: string,
  settings: GeneratorSettings & { seed: number },
  style: GenerationStyle,
  boosters: GenerationBooster[],
  options: { upscaleModel: string; watermark: boolean },
): StoredJob {
  const first = baseSize(settings.format);
  const final = finalSize(settings.format, settings.quality);
  const weightOf = new Map(settings.modifiers.map((slot) => [slot.id, slot.weight]));
  return {
    id,
    type: 'txt2img',
    seed: settings.seed,
    prompt: settings.prompt,
    negative_prompt: settings.neg_prompt,
    checkpoint: style.pipeline,
    loras: loraList(boosters, weightOf),
    width: first.width,
    height: first.height,
    hires: {
      factor: hiresFactor(settings.quality),
      width: final.width,
      height: final.height,
      steps: Math.max(4, Math.round(style.default_steps / 2)),
      denoise: HIRES_DENOISE,
    },
    steps: style.default_steps,
    cfg: CFG_BY_CREATIVITY[settings.creativity],
    sampler: style.default_sampler,
    scheduler: style.default_scheduler,
    upscale: settings.upscale ? { factor: 2, model: options.upscaleModel } : null,
    face_restore: settings.automatic_face_restore,
    watermark: options.watermark,
    source_image_url: null,
    mask_image_url: null,
    denoise: null,
  };
}

/** One LoRA per booster at its slot weight. A slot at 0 % contributes nothing, so it is not sent (some
 * engines reject a zero strength). */
function loraList(boosters: GenerationBooster[], weights: ReadonlyMap<number, number>) {
  return boosters
    .map((booster) => ({
      name: booster.lora,
      weight: round2((booster.lora_weight * (weights.get(booster.id) ?? 0)) / 100),
    }))
    .filter((lora) => lora.weight > 0);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** What a tweak's job is made of (kinds/inpaint.ts, kinds/style-convert.ts). */
export interface TweakJobInput {
  type: 'inpaint' | 'style_convert';
  seed: number;
  prompt: string;
  negativePrompt: string;
  style: GenerationStyle;
  boosters: GenerationBooster[];
  /** Slot weights of the boosters, in percent. */
  weights: ReadonlyMap<number, number>;
  /** The source's size: a tweak redraws the image at the size it has. */
  width: number;
  height: number;
  cfg: number;
  denoise: number;
  faceRestore: boolean;
  watermark: boolean;
}

/**
 * Resolves a tweak into the job a worker runs: the style's checkpoint, sampler and steps, the boosters'
 * LoRAs as on txt2img, one pass at the source's size (no hires pass, no model upscale: the source has its
 * final size already), and the image-to-image strength.
 */
export function buildTweakJob(id: string, input: TweakJobInput): StoredJob {
  return {
    id,
    type: input.type,
    seed: input.seed,
    prompt: input.prompt,
    negative_prompt: input.negativePrompt,
    checkpoint: input.style.pipeline,
    loras: loraList(input.boosters, input.weights),
    width: input.width,
    height: input.height,
    hires: null,
    steps: input.style.default_steps,
    cfg: input.cfg,
    sampler: input.style.default_sampler,
    scheduler: input.style.default_scheduler,
    upscale: null,
    face_restore: input.faceRestore,
    watermark: input.watermark,
    source_image_url: null,
    mask_image_url: null,
    denoise: input.denoise,
  };
}
