import { canView, type ImageVisibilityFacts } from '../gallery/visibility.ts';
import { PLAN, type Plan } from '../plan.ts';
import {
  CFG_BY_CREATIVITY,
  CREATIVITIES,
  DEFAULT_CREATIVITY,
  QUALITIES,
  type Creativity,
  type Quality,
} from './options.ts';
import { capabilitiesFor, effectivePlan, lapsedPlan, type PlanHolder } from './plans.ts';
import {
  FAST_LANE_COST,
  QUALITY_COST,
  TWEAK_BASE_COST,
  type CostBreakdown,
  type CostLine,
} from './pricing.ts';
import type { GenerationRuleError } from './rule-errors.ts';
import { isStyleEnabled, type GraphicStyleRule } from './settings.ts';

/**
 * The tweak studio's rules (docs/product/generation.md#tweak, docs/product/decisions.md#tweak): inpaint
 * (redraw the painted part of an image) and style conversion (redraw the whole image in another style).
 * Pure: the API and the web's /tweak page ask the same questions here.
 */

export const TWEAK_MODES = ['inpaint', 'style_convert'] as const;
export type TweakMode = (typeof TWEAK_MODES)[number];

/** Inpaint strength (`inpaint_type`) is the denoise itself, 0.3 to 1 (docs/product/decisions.md#tweak). */
export const INPAINT_STRENGTH_MIN = 0.3;
export const INPAINT_STRENGTH_MAX = 1;
export const INPAINT_STRENGTH_DEFAULT = 0.75;

/**
 * Style conversion's denoise by the source's creativity (docs/product/decisions.md#tweak): enough to take
 * the target style's look, little enough to keep the composition.
 */
export const CONVERT_DENOISE: Readonly<Record<Creativity, number>> = {
  Creative: 0.7,
  Balanced: 0.55,
  Precise: 0.4,
};

/** The style a tweak uses when neither the request nor the source names one (spec: anime modern). */
export const DEFAULT_TWEAK_STYLE_LIB = 'anime_modern';

/**
 * The mask: a PNG, white where the image is redrawn. Decision: at most 2 MiB (a full-size mask of the
 * largest image, painted with soft edges, is a few hundred kB), at the source's size or any size of the
 * same aspect ratio (1 % off allowed for rounding), which the API scales to the source's size; a pixel
 * is painted from half brightness up.
 */
export const MASK_MAX_BYTES = 2 * 1024 * 1024;
export const MASK_ASPECT_TOLERANCE = 0.01;
export const MASK_PAINTED_LEVEL = 128;

/** Whether a mask of this size fits the source: exactly, after scaling, or not at all. */
export function maskFit(
  mask: { width: number; height: number },
  source: { width: number; height: number },
): 'exact' | 'scaled' | 'mismatch' {
  if (mask.width === source.width && mask.height === source.height) return 'exact';
  if (mask.width < 1 || mask.height < 1) return 'mismatch';
  const ratio = mask.width / mask.height / (source.width / source.height);
  return Math.abs(ratio - 1) <= MASK_ASPECT_TOLERANCE ? 'scaled' : 'mismatch';
}

/** The denoise of an inpaint: the strength, kept inside its range (a stored or restored value may not be). */
export function inpaintDenoise(strength: number): number {
  if (!Number.isFinite(strength)) return INPAINT_STRENGTH_DEFAULT;
  return Math.min(INPAINT_STRENGTH_MAX, Math.max(INPAINT_STRENGTH_MIN, strength));
}

/** A stored creativity, or Balanced when it is missing or unknown (spec: a missing creativity is Balanced). */
export function creativityOf(value: unknown): Creativity {
  return (CREATIVITIES as readonly unknown[]).includes(value) ? (value as Creativity) : DEFAULT_CREATIVITY;
}

export function convertDenoise(creativity: Creativity): number {
  return CONVERT_DENOISE[creativity];
}

/** Guidance of a tweak: the source's creativity, as on txt2img. */
export function tweakCfg(creativity: Creativity): number {
  return CFG_BY_CREATIVITY[creativity];
}

/** A stored quality, or Standard when it is unknown (images from before the quality column). */
export function qualityOf(value: unknown): Quality {
  return (QUALITIES as readonly unknown[]).includes(value) ? (value as Quality) : 'Standard';
}

/** What a tweak's price depends on. */
export interface TweakPricedSettings {
  fastLane: boolean;
  watermark: boolean;
  /** The source's quality: the result keeps the source's size, so it costs what that size costs. */
  quality: Quality;
}

/**
 * docs/product/decisions.md#tweak: 1, +4 in the fast lane, plus the settings costs of txt2img — the
 * quality (here the source's, since the result has its size) and, for Free, one ticket to remove the
 * watermark. Upscale is not offered in the tweak flow; eco mode does not apply to tweaks.
 */
export function tweakCostBreakdown(settings: TweakPricedSettings, plan: Plan): CostBreakdown {
  const lines: CostLine[] = [
    { item: 'base', cost: TWEAK_BASE_COST },
    { item: 'quality', cost: QUALITY_COST[settings.quality] },
    { item: 'fast_lane', cost: settings.fastLane ? FAST_LANE_COST : 0 },
    { item: 'watermark_removal', cost: settings.watermark ? 0 : capabilitiesFor(plan).watermarkRemovalCost },
  ];
  return { lines, total: lines.reduce((sum, line) => sum + line.cost, 0), eco: false };
}

export function tweakCost(settings: TweakPricedSettings, plan: Plan): number {
  return tweakCostBreakdown(settings, plan).total;
}

/** What the rules need to know of the image being tweaked. */
export interface TweakSource {
  user_id: number;
  is_private: boolean;
  /** How it was made: txt2img, inpaint or style_convert for user-generated images. */
  gen_type: string;
  render: string | null;
  style_id: number | null;
  /** A curated guest sample (made by the service, not by a user). */
  is_sample: boolean;
}

const USER_GENERATED = new Set(['txt2img', 'inpaint', 'style_convert']);

/**
 * Whether the caller may use the image as a source: one they may see (canView: their own, or a published
 * one). Another user's private image, or one the image-side safety check has not cleared, is answered
 * `image_not_found` by the caller, like any image they may not see.
 */
export function canTweakFrom(source: ImageVisibilityFacts, userId: number): boolean {
  return canView(userId, source);
}

/**
 * The first rule a tweak of this source breaks, or null (docs/product/generation.md#tweak):
 * - a legacy image, or one the service made (a guest sample), has no generation data to tweak from:
 *   `image_no_gen_data` (spec: "otherwise disabled (legacy image)");
 * - style conversion is Pro only (docs/product/decisions.md#prices-and-plans): `unauthorized_style`
 *   (it opens the Pro-required modal), or `user_pro_expired` for a lapsed Pro;
 * - a realistic render cannot be style-converted (the styles are drawn styles): `convert_realistic_source`;
 * - the target must be an enabled style (`style_disabled`) other than the source's (`convert_same_style`).
 * Inpaint's style, boosters and options are checked like txt2img's (validateSettings).
 */
export function tweakSourceProblem(
  mode: TweakMode,
  source: TweakSource,
  context: { user: PlanHolder; now: Date; target?: GraphicStyleRule | undefined; targetId?: number },
): GenerationRuleError | null {
  if (source.is_sample || !USER_GENERATED.has(source.gen_type)) return { code: 'image_no_gen_data' };
  if (mode === 'inpaint') return null;

  const plan = effectivePlan(context.user, context.now);
  if (!capabilitiesFor(plan).canStyleConvert) {
    const lapsed = lapsedPlan(context.user, context.now);
    const data = { feature: 'style_convert', required_plan: PLAN.pro };
    if (lapsed !== null && capabilitiesFor(lapsed).canStyleConvert) return { code: 'user_pro_expired', data };
    return { code: 'unauthorized_style', data };
  }
  if (source.render === 'realistic') return { code: 'convert_realistic_source' };
  const target = context.target;
  if (!target || !isStyleEnabled(target)) {
    return { code: 'style_disabled', data: { style_id: target?.id ?? context.targetId ?? null } };
  }
  if (target.id === source.style_id) return { code: 'convert_same_style', data: { style_id: target.id } };
  return null;
}
