import type { Plan } from '../plan.ts';
import { capabilitiesFor } from './plans.ts';
import {
  DEFAULT_CREATIVITY,
  DEFAULT_FORMAT,
  DEFAULT_QUALITY,
  MULTI_GENERATION_MIN,
  type Creativity,
  type Format,
  type Quality,
  type Render,
} from './options.ts';

/**
 * The generator's full state (docs/product/generation.md#settings) in one shape shared by the web's
 * generator, the forcing rules, pricing and the API. Field names follow the spec's wire names; the two
 * client-only switches (`fastLane`, `seedLock`) keep the spec's camelCase, and `multiGeneration` is the
 * create button's repeat count (docs/product/generation.md).
 */
export interface BoosterSetting {
  /** Modifier id from the catalogue. */
  id: number;
  /** Integer percentage 0-100 (clampBoosterWeight). */
  weight: number;
}

export interface GeneratorSettings {
  prompt: string;
  neg_prompt: string;
  /** Null: the server draws one (docs/product/generation.md). */
  seed: number | null;
  seedLock: boolean;
  quality: Quality;
  format: Format;
  creativity: Creativity;
  upscale: boolean;
  /** Sent as the `fastlane` query parameter, not in the body (docs/product/generation.md#tasks). */
  fastLane: boolean;
  /** Eco mode (docs/product/generation.md#settings: slow_mode). */
  slow_mode: boolean;
  /** True: the image carries the watermark. */
  watermark: boolean;
  private: boolean;
  style_id: number | null;
  modifiers: BoosterSetting[];
  less_nsfw: boolean;
  automatic_face_restore: boolean;
  /**
   * 1-4 copies per click (docs/product/generation.md#settings); each copy draws its own seed
   * (docs/product/decisions.md#prices-and-plans).
   */
  multiGeneration: number;
}

/** The settings pricing needs (a subset, so the tweak and upscale screens can price too). */
export type PricedSettings = Pick<
  GeneratorSettings,
  'quality' | 'upscale' | 'fastLane' | 'watermark' | 'slow_mode'
>;

/** What the rules need to know of a graphic style (docs/product/generation.md#catalogue). */
export interface GraphicStyleRule {
  id: number;
  render: Render;
  is_free: boolean;
  /** docs/product/generation.md#catalogue: only txt2img-capable styles may generate. */
  txt2img: boolean;
  /** Decision: the spec has `style_disabled` but no field; absent means enabled. */
  enabled?: boolean;
}

/** What the rules need to know of a modifier (docs/product/generation.md#catalogue). */
export interface ModifierRule {
  id: number;
  render: Render | 'both';
  /**
   * Decision: the spec's Modifier has no free flag, yet has `unauthorized_modifier`. The catalogue may
   * mark premium-only boosters with `is_free: false`; absent means every plan may use it.
   */
  is_free?: boolean;
  /** Absent means enabled. */
  enabled?: boolean;
}

export function isStyleEnabled(style: GraphicStyleRule): boolean {
  return style.enabled !== false;
}

export function isModifierUsableWith(modifier: ModifierRule, render: Render): boolean {
  return modifier.enabled !== false && (modifier.render === 'both' || modifier.render === render);
}

/**
 * The generator's starting state for a plan: the plan's watermark default, everything else at the
 * cheapest, always-allowed values.
 */
export function defaultSettings(plan: Plan): GeneratorSettings {
  return {
    prompt: '',
    neg_prompt: '',
    seed: null,
    seedLock: false,
    quality: DEFAULT_QUALITY,
    format: DEFAULT_FORMAT,
    creativity: DEFAULT_CREATIVITY,
    upscale: false,
    fastLane: false,
    slow_mode: false,
    watermark: capabilitiesFor(plan).watermarkOnByDefault,
    private: false,
    style_id: null,
    modifiers: [],
    less_nsfw: false,
    automatic_face_restore: false,
    multiGeneration: MULTI_GENERATION_MIN,
  };
}
