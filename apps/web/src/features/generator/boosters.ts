/**
 * Booster (modifier) rules of the generator (docs/product/generation.md#catalogue: incompatible styles,
 * render kinds).
 */
import { capabilitiesFor, isModifierUsableWith, type BoosterSetting, type Plan } from '@mirage/domain';
import type { GraphicStyle, Modifier, ModifierCategory } from '../catalogue/index.ts';
import type { GeneratorModal } from './GeneratorContext.ts';

export interface IndexedModifier extends Modifier {
  category: ModifierCategory;
}

export function indexModifiers(categories: readonly ModifierCategory[]): Map<number, IndexedModifier> {
  const index = new Map<number, IndexedModifier>();
  for (const category of categories) {
    for (const modifier of category.modifiers) index.set(modifier.id, { ...modifier, category });
  }
  return index;
}

/** A booster can be used with a style: same render kind (or both), and not listed as incompatible. */
export function boosterFitsStyle(modifier: Modifier, style: GraphicStyle): boolean {
  return isModifierUsableWith(modifier, style.render) && !modifier.incompatible_styles.includes(style.id);
}

/** The chosen boosters that would not work with `style` (the refusal modal lists them). */
export function incompatibleBoosters(
  style: GraphicStyle,
  boosters: readonly BoosterSetting[],
  index: ReadonlyMap<number, Modifier>,
): Modifier[] {
  return boosters
    .map((booster) => index.get(booster.id))
    .filter((modifier): modifier is Modifier => modifier !== undefined && !boosterFitsStyle(modifier, style));
}

/**
 * Why picking `style` is refused, as the modal that says so, or null when it may be picked: Free users pick
 * free styles only (docs/product/generation.md#plan-forcing), and a style must fit the chosen boosters.
 */
export function styleRefusal(
  style: GraphicStyle,
  plan: Plan,
  boosters: readonly BoosterSetting[],
  index: ReadonlyMap<number, Modifier>,
): GeneratorModal | null {
  if (capabilitiesFor(plan).freeStylesOnly && !style.is_free)
    return { type: 'pro-required', reason: 'style' };
  const conflicts = incompatibleBoosters(style, boosters, index);
  return conflicts.length > 0 ? { type: 'incompatible', style, boosters: conflicts } : null;
}

/**
 * Appends a suggested tag to a prompt, comma-separated, unless the prompt already has it as a whole
 * comma-separated item.
 */
export function appendTag(prompt: string, tag: string): string {
  const items = prompt
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  if (items.includes(tag.trim().toLowerCase())) return prompt;
  const base = prompt.replace(/[\s,]+$/, '');
  return base ? `${base}, ${tag}` : tag;
}
