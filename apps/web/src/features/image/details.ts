/**
 * What the viewer derives from an image's info and generation data: its date, tags, the generator
 * settings a clone copies (docs/product/image-viewer.md#image-menu; docs/product/generation.md#plan-forcing:
 * a clone by a non-premium user forces Standard, a missing creativity defaults to Balanced), and tag ids by
 * name for the gallery links.
 */
import {
  CREATIVITIES,
  FORMATS,
  QUALITIES,
  RENDERS,
  normaliseSettings,
  type Creativity,
  type Format,
  type GraphicStyleRule,
  type Plan,
  type Quality,
} from '@mirage/domain';
import type { PromptData } from '../generator/index.ts';
import type { ImageGenInfo, ImageInfo } from './api.ts';

/**
 * "MM-DD-YYYY" (docs/product/image-viewer.md#information) as a Date at noon UTC that day, or null when
 * malformed.
 */
export function parseGenDate(text: string): Date | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, month, day, year] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, 12));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** One formatter per language: making one loads the language's calendar data (~50 ms on a phone's CPU). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The creation day in the reader's language, e.g. "14 March 2026" or "2026年3月14日". */
export function formatDay(date: Date, language: string): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format.format(date);
}

/**
 * The image's tags (a comma-separated list, docs/product/image-viewer.md#information), distinct, in prompt
 * order.
 */
export function splitTags(tags: string): string[] {
  return [
    ...new Set(
      tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

const pick = <T extends string>(allowed: readonly T[], value: unknown): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** Render kind of the style (when known) or of the image, for the generator's style filter. */
function renderOf(
  info: Pick<ImageInfo, 'render' | 'style_id'> | undefined,
  styles: readonly GraphicStyleRule[],
) {
  const style = styles.find((candidate) => candidate.id === info?.style_id);
  return style?.render ?? pick(RENDERS, info?.render);
}

/**
 * The generator's saved data after a clone: prompt, negative prompt, style, boosters, format,
 * creativity and seed (locked, so the same image can be made again) come from the image; the user's
 * own switches (upscale, fast lane, …) stay. Then the plan rules apply as for a clone (source 'clone'):
 * Free is forced to Standard and Basic at most High, Free falls back to a free style, watermark on
 * for non-premium users.
 */
export function clonedPromptData(
  gen: ImageGenInfo,
  info: Pick<ImageInfo, 'render' | 'style_id'> | undefined,
  current: PromptData,
  plan: Plan,
  styles: readonly GraphicStyleRule[],
): PromptData {
  const render = renderOf({ render: info?.render ?? null, style_id: gen.style_id }, styles) ?? current.render;
  const creativity: Creativity | null = pick(CREATIVITIES, gen.creativity) ?? null;
  const { settings } = normaliseSettings(
    {
      ...current.settings,
      prompt: gen.prompt,
      neg_prompt: gen.neg_prompt,
      style_id: gen.style_id,
      modifiers: gen.modifiers.map((booster) => ({ id: booster.id, weight: booster.weight })),
      format: pick<Format>(FORMATS, gen.format) ?? current.settings.format,
      quality: pick<Quality>(QUALITIES, gen.quality) ?? 'Standard',
      creativity,
      seed: gen.seed,
      seedLock: true,
      multiGeneration: 1,
    },
    { plan, render, styles: styles.length > 0 ? styles : undefined, source: 'clone' },
  );
  return { settings, render };
}

/**
 * Finds a tag's id from the autocomplete's suggestions: the one with exactly this name that the image
 * carries (tag_ids), so that a same-named tag of another kind is never picked.
 */
export function matchTagId(
  name: string,
  suggestions: readonly { id: number; name: string }[],
  imageTagIds: readonly number[],
): number | null {
  const wanted = name.trim().toLowerCase();
  const hit = suggestions.find(
    (tag) => tag.name.toLowerCase() === wanted && (imageTagIds.length === 0 || imageTagIds.includes(tag.id)),
  );
  return hit?.id ?? null;
}

/** The first words of a prompt, for a share text or a title (at most `max` characters, whole words). */
export function firstWords(text: string, max = 80): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : clean.slice(0, max)).replace(/[\s,;:.-]+$/, '')}…`;
}
