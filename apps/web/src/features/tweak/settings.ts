/**
 * The tweak studio's settings (docs/product/generation.md#tweak, spec §3 "Tweak data"): the generator's
 * fields an inpaint uses, the strength, and the style a conversion goes to. Pure.
 */
import {
  INPAINT_STRENGTH_DEFAULT,
  defaultSettings,
  inpaintDenoise,
  type BoosterSetting,
  type GeneratorSettings,
  type Plan,
  type TweakMode,
  capabilitiesFor,
} from '@mirage/domain';

/** The generator settings an inpaint reads (the rest — quality, format, upscale… — are the source's or none). */
export const SHARED_FIELDS = [
  'prompt',
  'neg_prompt',
  'seed',
  'seedLock',
  'style_id',
  'modifiers',
  'less_nsfw',
  'automatic_face_restore',
  'watermark',
  'fastLane',
] as const satisfies readonly (keyof GeneratorSettings)[];

type SharedField = (typeof SHARED_FIELDS)[number];
export type SharedSettings = Pick<GeneratorSettings, SharedField>;

export interface TweakSettings extends SharedSettings {
  modifiers: BoosterSetting[];
  /** Inpaint strength (`inpaint_type`): the denoise, 0.3 to 1 (docs/product/decisions.md#tweak). */
  strength: number;
  /** The style a conversion redraws the image in; null until the user picks one. */
  targetStyleId: number | null;
}

export function defaultTweakSettings(plan: Plan): TweakSettings {
  const base = defaultSettings(plan);
  return {
    ...pickShared(base),
    strength: INPAINT_STRENGTH_DEFAULT,
    targetStyleId: null,
  };
}

/** The shared fields of generator settings (a patch from a generator panel may carry only some). */
export function pickShared<T extends Partial<GeneratorSettings>>(
  settings: T,
): Pick<T, SharedField & keyof T> {
  const picked: Partial<GeneratorSettings> = {};
  for (const field of SHARED_FIELDS) {
    if (field in settings) Object.assign(picked, { [field]: settings[field] });
  }
  return picked as Pick<T, SharedField & keyof T>;
}

/**
 * The studio's settings as the generator's panels read them: the plan's defaults for what a tweak does not
 * choose (Standard quality, one image, no upscale, no eco), so that the plan rules (normaliseSettings) and
 * the panels apply unchanged.
 */
export function asGeneratorSettings(settings: TweakSettings, plan: Plan): GeneratorSettings {
  return { ...defaultSettings(plan), ...pickShared(settings), multiGeneration: 1 };
}

/** A Free user pays to remove the watermark; premium users remove it for free (decisions.md#prices-and-plans). */
export function watermarkCostsExtra(plan: Plan): boolean {
  return capabilitiesFor(plan).watermarkRemovalCost > 0;
}

/** The strength kept inside its range, to two decimals (what the slider shows and the API gets). */
export function clampStrength(value: number): number {
  return Math.round(inpaintDenoise(value) * 100) / 100;
}

/** The modes in the order the switch shows them. */
export const MODES: readonly TweakMode[] = ['inpaint', 'style_convert'];
