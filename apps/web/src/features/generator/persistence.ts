/**
 * Local persistence of the generator (docs/product/routes.md#cookies-and-local-storage): the settings survive
 * a reload. What is read back is only trusted for its shape; the plan rules run on it afterwards
 * (normaliseSettings with source 'restore', docs/product/generation.md#plan-forcing: a non-premium user is
 * forced back to Standard, no eco mode, not private).
 */
import {
  CREATIVITIES,
  FORMATS,
  QUALITIES,
  DEFAULT_RENDER,
  RENDERS,
  defaultSettings,
  type BoosterSetting,
  type GeneratorSettings,
  type Plan,
  type Render,
} from '@mirage/domain';

export const PROMPT_DATA_KEY = 'promptData';

export interface PromptData {
  settings: GeneratorSettings;
  /** The style picker's render filter. */
  render: Render;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The on/off fields of the settings. */
type SwitchKey = {
  [K in keyof GeneratorSettings]: GeneratorSettings[K] extends boolean ? K : never;
}[keyof GeneratorSettings];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function boosters(value: unknown): BoosterSetting[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .filter((booster) => typeof booster.id === 'number' && Number.isInteger(booster.id))
    .map((booster) => ({ id: booster.id as number, weight: Number(booster.weight) }));
}

/** Reads settings of any age: unknown or mistyped fields fall back to the plan's defaults. */
export function parsePromptData(text: string | null, plan: Plan): PromptData {
  const defaults = defaultSettings(plan);
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  if (!isRecord(raw)) return { settings: defaults, render: DEFAULT_RENDER };
  const stored = isRecord(raw.settings) ? raw.settings : raw;
  const text_ = (key: 'prompt' | 'neg_prompt') =>
    typeof stored[key] === 'string' ? stored[key] : defaults[key];
  const flag = (key: SwitchKey) => (typeof stored[key] === 'boolean' ? stored[key] : defaults[key]);
  const settings: GeneratorSettings = {
    prompt: text_('prompt'),
    neg_prompt: text_('neg_prompt'),
    seed: typeof stored.seed === 'number' ? stored.seed : null,
    seedLock: flag('seedLock'),
    quality: pick(QUALITIES, stored.quality, defaults.quality),
    format: pick(FORMATS, stored.format, defaults.format),
    creativity: pick(CREATIVITIES, stored.creativity, defaults.creativity),
    upscale: flag('upscale'),
    fastLane: flag('fastLane'),
    slow_mode: flag('slow_mode'),
    watermark: flag('watermark'),
    private: flag('private'),
    style_id: typeof stored.style_id === 'number' ? stored.style_id : null,
    modifiers: boosters(stored.modifiers),
    less_nsfw: flag('less_nsfw'),
    automatic_face_restore: flag('automatic_face_restore'),
    multiGeneration: typeof stored.multiGeneration === 'number' ? stored.multiGeneration : 1,
  };
  return { settings, render: pick(RENDERS, raw.render, DEFAULT_RENDER) };
}

export function loadPromptData(storage: StorageLike | undefined, plan: Plan): PromptData {
  let text: string | null = null;
  try {
    text = storage?.getItem(PROMPT_DATA_KEY) ?? null;
  } catch {
    text = null;
  }
  return parsePromptData(text, plan);
}

export function savePromptData(storage: StorageLike | undefined, data: PromptData): void {
  try {
    storage?.setItem(PROMPT_DATA_KEY, JSON.stringify(data));
  } catch {
    // Private mode or a full quota: the generator still works, it just forgets on reload.
  }
}

/** Fired on `window` when another screen replaced the saved settings (the image viewer's "clone"). */
export const PROMPT_DATA_REPLACED = 'mirage:prompt-data-replaced';

/**
 * Saves settings made elsewhere (a clone, docs/product/image-viewer.md#image-menu) and tells a generator that
 * is already mounted (kept alive, docs/product/generation.md) to read them back.
 */
export function replacePromptData(storage: StorageLike | undefined, data: PromptData): void {
  savePromptData(storage, data);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(PROMPT_DATA_REPLACED));
}

export { browserStorage } from '../../ui/browserStorage.ts';
