/**
 * Booster (modifier) rules of the generator (docs/product/generation.md#catalogue: incompatible styles,
 * render kinds).
 */
import { isModifierUsableWith, type BoosterSetting } from '@mirage/domain';
import type { GraphicStyle, Modifier, ModifierCategory } from '../catalogue/index.ts';

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
