import type { Plan } from '../plan.ts';
import { capabilitiesFor, highestAllowedQuality } from './plans.ts';
import {
  DEFAULT_CREATIVITY,
  MAX_BOOSTERS,
  MULTI_GENERATION_MAX,
  MULTI_GENERATION_MIN,
  clampBoosterWeight,
  isValidSeed,
  type Creativity,
  type Render,
} from './options.ts';
import {
  isStyleEnabled,
  type BoosterSetting,
  type GeneratorSettings,
  type GraphicStyleRule,
} from './settings.ts';

/**
 * Plan forcing and option interlocks of docs/product/generation.md#plan-forcing, for the web's generator:
 * whenever the plan, the saved data or a clone would put the generator in a state the plan or the interlocks
 * forbid, the settings are brought back to the nearest allowed state and every change is reported (so the UI
 * can say why).
 * The server never forces silently: it calls validateSettings (settings-validation.ts) and refuses.
 */

/**
 * Settings as they may arrive from storage or a clone: creativity may be missing
 * (docs/product/generation.md#plan-forcing).
 */
export type SettingsInput = Omit<GeneratorSettings, 'creativity'> & { creativity?: Creativity | null };

export type SettingsSource = 'edit' | 'restore' | 'clone';

export interface NormaliseContext {
  plan: Plan;
  /**
   * The generator's current render kind; Free falls back to a free style of this kind
   * (docs/product/generation.md#plan-forcing).
   */
  render?: Render;
  /** The style catalogue; without it the style rules are skipped. */
  styles?: readonly GraphicStyleRule[];
  /** 'edit' (default): a change in the generator; 'restore': saved data loaded; 'clone': copied settings. */
  source?: SettingsSource;
}

export const FORCING_RULES = [
  'default_creativity',
  'quality_above_plan',
  'eco_not_in_plan',
  'private_not_in_plan',
  'watermark_on_restore',
  'free_style_only',
  'style_unavailable',
  'multi_generation_range',
  'multi_generation_above_plan',
  'seed_lock_single_generation',
  'eco_disables_upscale',
  'eco_disables_fast_lane',
  'seed_out_of_range',
  'booster_weight',
  'booster_duplicate',
  'booster_limit',
] as const;
export type ForcingRule = (typeof FORCING_RULES)[number];

export interface SettingChange {
  field: keyof GeneratorSettings;
  from: unknown;
  to: unknown;
  rule: ForcingRule;
}

export interface NormalisedSettings {
  settings: GeneratorSettings;
  changes: SettingChange[];
}

/** The free style the generator falls back to: the first free, usable style of the render kind. */
export function fallbackFreeStyle(
  styles: readonly GraphicStyleRule[],
  render: Render,
): GraphicStyleRule | undefined {
  return styles.find(
    (style) => style.is_free && style.txt2img && isStyleEnabled(style) && style.render === render,
  );
}

function normaliseBoosters(boosters: readonly BoosterSetting[], change: (rule: ForcingRule) => void) {
  const seen = new Set<number>();
  const kept: BoosterSetting[] = [];
  for (const booster of boosters) {
    if (seen.has(booster.id)) {
      change('booster_duplicate');
      continue;
    }
    if (kept.length >= MAX_BOOSTERS) {
      change('booster_limit');
      continue;
    }
    seen.add(booster.id);
    const weight = clampBoosterWeight(booster.weight);
    if (weight !== booster.weight) change('booster_weight');
    kept.push({ id: booster.id, weight });
  }
  return kept;
}

function normaliseStyle(
  styleId: number | null,
  ctx: NormaliseContext,
  set: (value: number | null, rule: ForcingRule) => void,
): void {
  const styles = ctx.styles;
  // No style chosen stays unchosen: the "no style selected" modal asks for one
  // (docs/product/generation.md#create-button).
  if (!styles || styleId === null) return;
  const style = styles.find((candidate) => candidate.id === styleId);
  const usable = style !== undefined && style.txt2img && isStyleEnabled(style);
  if (!capabilitiesFor(ctx.plan).freeStylesOnly) {
    // Premium: any usable style; a removed, disabled or non-txt2img one is cleared so that the
    // "no style selected" modal asks for a new one (docs/product/generation.md#create-button) instead of
    // failing at the server.
    if (!usable) set(null, 'style_unavailable');
    return;
  }
  // docs/product/generation.md#plan-forcing: Free may select only free styles of the current render kind,
  // otherwise the free style is used.
  const render = ctx.render ?? style?.render;
  const allowed = usable && style.is_free && (render === undefined || style.render === render);
  if (allowed) return;
  const fallback = render === undefined ? undefined : fallbackFreeStyle(styles, render);
  const next = fallback?.id ?? null;
  if (next !== styleId) set(next, 'free_style_only');
}

/** Brings settings to the nearest state the plan and the interlocks allow, listing every change. */
export function normaliseSettings(input: SettingsInput, ctx: NormaliseContext): NormalisedSettings {
  const capabilities = capabilitiesFor(ctx.plan);
  const source = ctx.source ?? 'edit';
  const changes: SettingChange[] = [];
  const settings: GeneratorSettings = {
    ...input,
    creativity: input.creativity ?? DEFAULT_CREATIVITY,
    modifiers: input.modifiers.map((booster) => ({ ...booster })),
  };
  const set = <K extends keyof GeneratorSettings>(field: K, to: GeneratorSettings[K], rule: ForcingRule) => {
    changes.push({ field, from: settings[field], to, rule });
    settings[field] = to;
  };
  if (input.creativity == null) {
    changes.push({
      field: 'creativity',
      from: input.creativity,
      to: DEFAULT_CREATIVITY,
      rule: 'default_creativity',
    });
  }

  // docs/product/generation.md#plan-forcing: Basic with Ultra drops to High; Free is forced to Standard (this
  // also covers "a clone by a non-premium user forces Standard" and "Standard when saved data is restored").
  const quality = highestAllowedQuality(ctx.plan, settings.quality);
  if (quality !== settings.quality) set('quality', quality, 'quality_above_plan');
  // docs/product/generation.md#plan-forcing, docs/product/image-viewer.md#privacy: eco is Pro only and
  // private is premium only.
  if (settings.slow_mode && !capabilities.canUseEcoMode) set('slow_mode', false, 'eco_not_in_plan');
  if (settings.private && !capabilities.canUsePrivate) set('private', false, 'private_not_in_plan');
  // Decision: on restore or clone a non-premium user gets the watermark back on. Removing it costs a
  // Free user +1 ticket, and that extra charge should be chosen, not inherited from old data or from
  // another user's image (this matches docs/product/pricing-and-plans.md's rollover, which switches a lapsed
  // user's removal off).
  if (source !== 'edit' && !capabilities.premium && !settings.watermark) {
    set('watermark', true, 'watermark_on_restore');
  }

  normaliseStyle(settings.style_id, ctx, (value, rule) => set('style_id', value, rule));

  if (settings.seed !== null && !isValidSeed(settings.seed)) set('seed', null, 'seed_out_of_range');
  const boosterRules = new Set<ForcingRule>();
  const boosters = normaliseBoosters(settings.modifiers, (rule) => boosterRules.add(rule));
  for (const rule of boosterRules)
    changes.push({ field: 'modifiers', from: input.modifiers, to: boosters, rule });
  settings.modifiers = boosters;

  // Multi-generation: an integer 1-4, capped by the plan, and 1 while the seed is locked
  // (docs/product/gallery.md#in-the-web, docs/product/generation.md#settings,
  // docs/product/decisions.md#prices-and-plans: each copy draws its own seed, so a locked seed allows one
  // copy).
  const count = Number.isFinite(settings.multiGeneration) ? Math.trunc(settings.multiGeneration) : 1;
  const inRange = Math.min(MULTI_GENERATION_MAX, Math.max(MULTI_GENERATION_MIN, count));
  if (inRange !== settings.multiGeneration) set('multiGeneration', inRange, 'multi_generation_range');
  if (settings.multiGeneration > capabilities.multiGenerationMax) {
    set('multiGeneration', capabilities.multiGenerationMax, 'multi_generation_above_plan');
  }
  if (settings.seedLock && settings.multiGeneration > 1) {
    set('multiGeneration', 1, 'seed_lock_single_generation');
  }

  // docs/product/generation.md#plan-forcing, interlocks: eco disables upscale and fast lane; fast lane
  // disables eco.
  // Decision: when stale data has both eco and fast lane on, eco wins: it is the cheaper choice, and
  // restored settings must never make the next image cost more than the user expects.
  if (settings.slow_mode && settings.upscale) set('upscale', false, 'eco_disables_upscale');
  if (settings.slow_mode && settings.fastLane) set('fastLane', false, 'eco_disables_fast_lane');

  return { settings, changes };
}

/**
 * The interlocked switches the UI greys out (docs/product/generation.md#plan-forcing): which toggles are
 * disabled for these settings.
 */
export interface DisabledOptions {
  upscale: boolean;
  fastLane: boolean;
  slow_mode: boolean;
  /** Counts above 1 are disabled while the seed is locked. */
  multiGeneration: boolean;
}

export function disabledOptions(settings: GeneratorSettings, plan: Plan): DisabledOptions {
  const capabilities = capabilitiesFor(plan);
  return {
    upscale: settings.slow_mode,
    fastLane: settings.slow_mode,
    slow_mode: settings.fastLane || !capabilities.canUseEcoMode,
    multiGeneration: settings.seedLock || capabilities.multiGenerationMax === 1,
  };
}

// The server-side counterpart lives in its own file (size); it is part of the same rule set.
export { validateSettings, type ValidationContext } from './settings-validation.ts';
