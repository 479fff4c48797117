/**
 * How a player looks (docs/product/player.md#cosmetics): the `data` of each equipped cosmetic, read into
 * what the renderers draw. The formats are the catalogue's (packages/domain/src/player/reward-catalogue.ts);
 * anything that does not parse reads as the slot's default, so a malformed value never breaks a page.
 */
import { DEFAULT_EQUIPPED, type EquipSlot } from '@mirage/domain';

export const ANIMATION_KINDS = [
  'static',
  'pulse',
  'glow',
  'spin',
  'shimmer',
  'wave',
  'orbit',
  'sparkle',
  'aurora',
] as const;
export type AnimationKind = (typeof ANIMATION_KINDS)[number];

export interface LookAnimation {
  kind: AnimationKind;
  /** One cycle of the motion, ms. */
  durationMs: number;
  /** Strength, 0..1 (the data says 0..100). */
  intensity: number;
  /** The pause between cycles, ms. */
  delayMs: number;
  /** How far the colours turn during a cycle, degrees. */
  hueShift: number;
}

export interface LookFrame {
  /** Where the ring's gradient starts, degrees. */
  angle: number;
  /** The ring's hue, 0..360. */
  hue: number;
}

const STILL: LookAnimation = { kind: 'static', durationMs: 0, intensity: 0, delayMs: 0, hueShift: 0 };
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Whole numbers separated by spaces, or null when any part is not one. */
function numbers(parts: readonly string[]): number[] | null {
  const values = parts.map((part) => (/^-?\d{1,6}$/.test(part) ? Number(part) : Number.NaN));
  return values.every(Number.isFinite) ? values : null;
}

/** "<kind> <durationMs> <intensity> <delayMs> <hueShift>", e.g. "pulse 1600 40 0 0"; "static …" moves nothing. */
export function parseAnimation(data: string | null | undefined): LookAnimation {
  const [kind, ...rest] = (data ?? '').trim().split(/\s+/);
  if (!(ANIMATION_KINDS as readonly string[]).includes(kind ?? '') || rest.length !== 4) return STILL;
  const values = numbers(rest);
  if (!values || kind === 'static') return STILL;
  const [duration, intensity, delay, hueShift] = values as [number, number, number, number];
  if (duration <= 0) return STILL;
  return {
    kind: kind as AnimationKind,
    durationMs: clamp(duration, 200, 60_000),
    intensity: clamp(intensity, 0, 100) / 100,
    delayMs: clamp(delay, 0, 60_000),
    hueShift: clamp(hueShift, -360, 360),
  };
}

const DEFAULT_FRAME: LookFrame = { angle: 0, hue: 100 };

/** "<angle> <hue>", e.g. "45 30": the profile frame's gradient. */
export function parseFrame(data: string | null | undefined): LookFrame {
  const parts = (data ?? '').trim().split(/\s+/);
  const values = parts.length === 2 ? numbers(parts) : null;
  if (!values) return DEFAULT_FRAME;
  const [angle, hue] = values as [number, number];
  return { angle: ((angle % 360) + 360) % 360, hue: ((hue % 360) + 360) % 360 };
}

/** "#rrggbb": the name's colour (the catalogue's colours are readable on the dark background). */
export function parseColor(data: string | null | undefined): string {
  const value = (data ?? '').trim();
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : DEFAULT_EQUIPPED.color.data;
}

/**
 * The picture of a profile_pic reward. The catalogue names raster files ("avatar-<key>.webp"), but the app
 * ships the pictures as small SVG files (/avatars/avatar-<key>.svg): abstract vector shapes of a few hundred
 * bytes each, sharp at every size and density, with no binary assets in the repository. This is the one
 * place that maps one name to the other; the catalogue's data stays as stored.
 */
export function avatarUrl(data: string | null | undefined): string {
  const match = /^avatar-([a-z0-9][a-z0-9_-]{0,40})\.webp$/.exec((data ?? '').trim());
  return `/avatars/avatar-${match ? match[1]! : 'default'}.svg`;
}

/** What a renderer is given: each slot's data; a missing slot wears its default. */
export type LookInput = Partial<Record<EquipSlot, { data: string } | null | undefined>>;

export interface Look {
  animation: LookAnimation;
  frame: LookFrame;
  color: string;
  picture: string;
}

export function lookOf(equipped: LookInput | null | undefined): Look {
  const data = (slot: EquipSlot) => equipped?.[slot]?.data ?? DEFAULT_EQUIPPED[slot].data;
  return {
    animation: parseAnimation(data('animation')),
    frame: parseFrame(data('style')),
    color: parseColor(data('color')),
    picture: avatarUrl(data('profile_pic')),
  };
}

/** The frame's two colours (a ring from one to the other and back). */
export function frameColors(frame: LookFrame): [string, string] {
  return [`hsl(${frame.hue} 80% 62%)`, `hsl(${(frame.hue + 50) % 360} 85% 52%)`];
}
