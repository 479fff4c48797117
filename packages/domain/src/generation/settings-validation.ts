import { PLAN, type Plan } from '../plan.ts';
import {
  PLANS,
  canUseQuality,
  capabilitiesFor,
  effectivePlan,
  lapsedPlan,
  minimumPlanForQuality,
  type PlanCapabilities,
  type PlanHolder,
} from './plans.ts';
import {
  BOOSTER_WEIGHT_MAX,
  BOOSTER_WEIGHT_MIN,
  MAX_BOOSTERS,
  MULTI_GENERATION_MAX,
  MULTI_GENERATION_MIN,
  isValidSeed,
} from './options.ts';
import type { GenerationRuleError } from './rule-errors.ts';
import {
  isModifierUsableWith,
  isStyleEnabled,
  type GeneratorSettings,
  type GraphicStyleRule,
  type ModifierRule,
} from './settings.ts';

/**
 * The server's check of a generation request against the plan, the catalogue and the interlocks
 * (docs/product/generation.md#plan-forcing, docs/product/pricing-and-plans.md#plan-capabilities). Unlike
 * normaliseSettings it never changes anything: whatever the plan forbids is refused with the first applicable
 * spec code, so a modified client gains nothing (invariant 6 in docs/architecture.md#invariants).
 *
 * Order (the most basic problem first): style, boosters, shape (seed, counts), plan features, interlocks.
 *
 * Decision on codes for plan features the spec gives no code for (quality, eco, private,
 * multi-generation beyond the plan): `unauthorized_resource` ("User lacks the necessary authorization")
 * with data {feature, required_plan}, so no new code is needed and the client can open the upgrade modal
 * from the data. When the account had the feature before its paid period ended, `user_pro_expired`
 * comes instead (docs/product/pricing-and-plans.md#daily-energy: the client then resets the plan to Free and
 * turns off eco and private).
 */
export interface ValidationContext {
  user: PlanHolder;
  now?: Date;
  styles: ReadonlyMap<number, GraphicStyleRule>;
  modifiers: ReadonlyMap<number, ModifierRule>;
}

type PlanRule = (capabilities: Readonly<PlanCapabilities>) => boolean;

function lowestPlanWith(rule: PlanRule): Plan {
  return PLANS.find((plan) => rule(capabilitiesFor(plan))) ?? PLAN.pro;
}

/** Refuses a plan feature: `user_pro_expired` if the lapsed plan allowed it, else `fallback`. */
function refuse(rule: PlanRule, lapsed: Plan | null, fallback: GenerationRuleError): GenerationRuleError {
  if (lapsed !== null && rule(capabilitiesFor(lapsed))) {
    return { code: 'user_pro_expired', data: fallback.data ?? {} };
  }
  return fallback;
}

function validateStyle(
  settings: GeneratorSettings,
  ctx: ValidationContext,
  capabilities: Readonly<PlanCapabilities>,
  lapsed: Plan | null,
): GenerationRuleError | null {
  if (settings.style_id === null) return { code: 'validation_error', data: { field: 'style_id' } };
  const style = ctx.styles.get(settings.style_id);
  // Decision: an id missing from the catalogue is a removed style, which the user cannot tell apart from
  // a disabled one, so it gets `style_disabled` too.
  if (!style || !isStyleEnabled(style))
    return { code: 'style_disabled', data: { style_id: settings.style_id } };
  if (!style.txt2img) return { code: 'style_not_txt2img', data: { style_id: style.id } };
  if (capabilities.freeStylesOnly && !style.is_free) {
    return refuse((plan) => !plan.freeStylesOnly, lapsed, {
      code: 'unauthorized_style',
      data: { style_id: style.id },
    });
  }
  return null;
}

function validateBoosters(
  settings: GeneratorSettings,
  ctx: ValidationContext,
  capabilities: Readonly<PlanCapabilities>,
  lapsed: Plan | null,
): GenerationRuleError | null {
  const boosters = settings.modifiers;
  if (boosters.length > MAX_BOOSTERS) {
    return { code: 'validation_error', data: { field: 'modifiers', max: MAX_BOOSTERS } };
  }
  const ids = new Set(boosters.map((booster) => booster.id));
  if (ids.size !== boosters.length) return { code: 'validation_error', data: { field: 'modifiers' } };
  const style = settings.style_id === null ? undefined : ctx.styles.get(settings.style_id);
  for (const booster of boosters) {
    const weightOk =
      Number.isInteger(booster.weight) &&
      booster.weight >= BOOSTER_WEIGHT_MIN &&
      booster.weight <= BOOSTER_WEIGHT_MAX;
    if (!weightOk) return { code: 'validation_error', data: { field: 'modifiers', modifier_id: booster.id } };
    const modifier = ctx.modifiers.get(booster.id);
    // Decision: unknown, disabled and render-incompatible boosters are all "not allowed to use this
    // modifier" (docs/product/pricing-and-plans.md#plan-capabilities); `reason` tells them apart for logs and
    // for the modal listing the modifiers (docs/product/generation.md).
    if (!modifier || modifier.enabled === false) {
      return { code: 'unauthorized_modifier', data: { modifier_id: booster.id, reason: 'unavailable' } };
    }
    if (style && !isModifierUsableWith(modifier, style.render)) {
      return { code: 'unauthorized_modifier', data: { modifier_id: booster.id, reason: 'incompatible' } };
    }
    if (modifier.is_free === false && capabilities.freeStylesOnly) {
      return refuse((plan) => !plan.freeStylesOnly, lapsed, {
        code: 'unauthorized_modifier',
        data: { modifier_id: booster.id, reason: 'plan' },
      });
    }
  }
  return null;
}

function validatePlanFeatures(
  settings: GeneratorSettings,
  capabilities: Readonly<PlanCapabilities>,
  lapsed: Plan | null,
): GenerationRuleError | null {
  const feature = (name: string, rule: PlanRule) =>
    refuse(rule, lapsed, {
      code: 'unauthorized_resource',
      data: { feature: name, required_plan: lowestPlanWith(rule) },
    });
  if (!canUseQuality(capabilities.plan, settings.quality)) {
    const quality = settings.quality;
    const rule: PlanRule = (plan) => plan.allowedQualities.includes(quality);
    return refuse(rule, lapsed, {
      code: 'unauthorized_resource',
      data: { feature: 'quality', quality, required_plan: minimumPlanForQuality(quality) },
    });
  }
  if (settings.slow_mode && !capabilities.canUseEcoMode) {
    return feature('slow_mode', (plan) => plan.canUseEcoMode);
  }
  if (settings.private && !capabilities.canUsePrivate)
    return feature('private', (plan) => plan.canUsePrivate);
  const count = settings.multiGeneration;
  if (count > capabilities.multiGenerationMax) {
    return feature('multi_generation', (plan) => plan.multiGenerationMax >= count);
  }
  return null;
}

/**
 * Interlocks (docs/product/generation.md#plan-forcing). Decision: a conflict is a malformed request
 * (`validation_error` naming both fields).
 */
function validateInterlocks(settings: GeneratorSettings): GenerationRuleError | null {
  if (settings.seedLock && settings.multiGeneration > 1) {
    return { code: 'validation_error', data: { field: 'multiGeneration', conflict: 'seedLock' } };
  }
  if (settings.slow_mode && settings.fastLane) {
    return { code: 'validation_error', data: { field: 'fastLane', conflict: 'slow_mode' } };
  }
  if (settings.slow_mode && settings.upscale) {
    return { code: 'validation_error', data: { field: 'upscale', conflict: 'slow_mode' } };
  }
  return null;
}

/** The first rule a generation request breaks, or null when the server may accept it. */
export function validateSettings(
  settings: GeneratorSettings,
  ctx: ValidationContext,
): GenerationRuleError | null {
  const now = ctx.now ?? new Date();
  const capabilities = capabilitiesFor(effectivePlan(ctx.user, now));
  const lapsed = lapsedPlan(ctx.user, now);

  const styleError = validateStyle(settings, ctx, capabilities, lapsed);
  if (styleError) return styleError;
  const boosterError = validateBoosters(settings, ctx, capabilities, lapsed);
  if (boosterError) return boosterError;

  if (settings.seed !== null && !isValidSeed(settings.seed)) {
    return { code: 'validation_error', data: { field: 'seed' } };
  }
  const count = settings.multiGeneration;
  if (!Number.isInteger(count) || count < MULTI_GENERATION_MIN || count > MULTI_GENERATION_MAX) {
    return { code: 'validation_error', data: { field: 'multiGeneration' } };
  }
  return validatePlanFeatures(settings, capabilities, lapsed) ?? validateInterlocks(settings);
}
