/**
 * Local persistence of the tweak studio (spec §3: local storage key `tweakData`): the mode, the source, the
 * settings, the style filter, the running tweak and the masks painted, so that a reload or a visit elsewhere
 * keeps the work. Read back only for its shape, as the generator's promptData (generator/persistence.ts);
 * the plan rules run on it afterwards. A mask is kept per source image, for the last few sources.
 */
import {
  DEFAULT_RENDER,
  RENDERS,
  TWEAK_MODES,
  type BoosterSetting,
  type Plan,
  type Render,
  type TweakMode,
} from '@mirage/domain';
// From the module itself, not the mask's index: the editor loads on its own (maskLoader.ts).
import { parseMaskDocument, type MaskDocument } from './mask/strokes.ts';
import { clampStrength, defaultTweakSettings, type TweakSettings } from './settings.ts';

export const TWEAK_DATA_KEY = 'tweakData';
/** Masks of this many sources are kept, newest first: a mask with its history can weigh tens of kB. */
export const MASKS_KEPT = 3;

export interface StoredMask {
  source: string;
  document: MaskDocument;
}

export interface TweakData {
  mode: TweakMode;
  /** The source image's uuid. */
  source: string | null;
  settings: TweakSettings;
  /** The inpaint style picker's render filter. */
  render: Render;
  /** The last tweak sent, followed on the live stream until its result is shown or dismissed. */
  taskId: string | null;
  masks: StoredMask[];
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid as the address or storage gives it, or null. */
export function uuidOrNull(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const integerOrNull = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

function boosters(value: unknown): BoosterSetting[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .filter((booster) => typeof booster.id === 'number' && Number.isInteger(booster.id))
    .map((booster) => ({ id: booster.id as number, weight: Number(booster.weight) }));
}

function settingsOf(stored: Record<string, unknown>, plan: Plan): TweakSettings {
  const defaults = defaultTweakSettings(plan);
  const text = (key: 'prompt' | 'neg_prompt') =>
    typeof stored[key] === 'string' ? stored[key] : defaults[key];
  const flag = (key: 'seedLock' | 'less_nsfw' | 'automatic_face_restore' | 'watermark' | 'fastLane') =>
    typeof stored[key] === 'boolean' ? stored[key] : defaults[key];
  return {
    prompt: text('prompt'),
    neg_prompt: text('neg_prompt'),
    seed: integerOrNull(stored.seed),
    seedLock: flag('seedLock'),
    style_id: integerOrNull(stored.style_id),
    modifiers: boosters(stored.modifiers),
    less_nsfw: flag('less_nsfw'),
    automatic_face_restore: flag('automatic_face_restore'),
    watermark: flag('watermark'),
    fastLane: flag('fastLane'),
    strength: typeof stored.strength === 'number' ? clampStrength(stored.strength) : defaults.strength,
    targetStyleId: integerOrNull(stored.targetStyleId),
  };
}

/** Masks of known sources that parse (parseMaskDocument checks their shape), newest first, at most MASKS_KEPT. */
function masksOf(value: unknown): StoredMask[] {
  if (!Array.isArray(value)) return [];
  const masks: StoredMask[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || !isRecord(entry.document)) continue;
    const source = uuidOrNull(entry.source);
    const { width, height } = entry.document;
    if (!source || typeof width !== 'number' || typeof height !== 'number') continue;
    const document = parseMaskDocument(entry.document, width, height);
    if (document && !masks.some((mask) => mask.source === source)) masks.push({ source, document });
  }
  return masks.slice(0, MASKS_KEPT);
}

export function emptyTweakData(plan: Plan): TweakData {
  return {
    mode: 'inpaint',
    source: null,
    settings: defaultTweakSettings(plan),
    render: DEFAULT_RENDER,
    taskId: null,
    masks: [],
  };
}

/** Reads data of any age: unknown or mistyped fields fall back to the plan's defaults. */
export function parseTweakData(text: string | null, plan: Plan): TweakData {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  if (!isRecord(raw)) return emptyTweakData(plan);
  return {
    mode: pick(TWEAK_MODES, raw.mode, 'inpaint'),
    source: uuidOrNull(raw.source),
    settings: settingsOf(isRecord(raw.settings) ? raw.settings : {}, plan),
    render: pick(RENDERS, raw.render, DEFAULT_RENDER),
    taskId: uuidOrNull(raw.taskId),
    masks: masksOf(raw.masks),
  };
}

export function loadTweakData(storage: StorageLike | undefined, plan: Plan): TweakData {
  let text: string | null = null;
  try {
    text = storage?.getItem(TWEAK_DATA_KEY) ?? null;
  } catch {
    text = null;
  }
  return parseTweakData(text, plan);
}

export function saveTweakData(storage: StorageLike | undefined, data: TweakData): void {
  try {
    storage?.setItem(TWEAK_DATA_KEY, JSON.stringify(data));
  } catch {
    // A full quota: the masks are what weighs; keep the rest. Private mode: the studio still works, it just
    // forgets on reload.
    try {
      storage?.setItem(TWEAK_DATA_KEY, JSON.stringify({ ...data, masks: [] }));
    } catch {
      // Nothing more to try.
    }
  }
}

/** The data with `document` as the mask of `source`, newest first (null: the source's mask forgotten). */
export function withMask(data: TweakData, source: string, document: MaskDocument | null): TweakData {
  const others = data.masks.filter((mask) => mask.source !== source);
  const masks = document ? [{ source, document }, ...others] : others;
  return { ...data, masks: masks.slice(0, MASKS_KEPT) };
}

/** The kept mask of `source`, if it is for a source of this size. */
export function maskOf(data: TweakData, source: string, width: number, height: number): MaskDocument | null {
  const stored = data.masks.find((mask) => mask.source === source);
  return stored ? parseMaskDocument(stored.document, width, height) : null;
}
