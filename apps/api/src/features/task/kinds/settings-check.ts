import {
  validateSettings,
  type GeneratorSettings,
  type GraphicStyleRule,
  type ModifierRule,
} from '@mirage/domain';
import type { UserRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { GenerationBooster, GenerationStyle } from '../../catalogue/index.ts';

/**
 * The plan's rules on a new image's style, boosters and options (validateSettings in the domain), then the
 * catalogue's: the style must exist and be enabled, and no booster may be incompatible with it. Shared by
 * txt2img and inpaint, which both draw with a chosen style and boosters. Returns the style, now known.
 */
export function checkStyleAndBoosters(
  settings: GeneratorSettings,
  context: { user: UserRow; now: Date; style: GenerationStyle | undefined; boosters: GenerationBooster[] },
): GenerationStyle {
  const { user, now, style, boosters } = context;
  const styles = new Map<number, GraphicStyleRule>(style ? [[style.id, style]] : []);
  const modifiers = new Map<number, ModifierRule>(
    boosters.map((b) => [b.id, { id: b.id, render: b.render, enabled: b.enabled }]),
  );
  const ruleError = validateSettings(settings, { user, now, styles, modifiers });
  if (ruleError) throw new AppError(ruleError.code, ruleError.data);
  if (!style) throw new AppError('style_disabled');
  const incompatible = boosters.filter((b) => b.incompatible_style_libs.includes(style.lib));
  if (incompatible.length > 0) {
    throw new AppError('unauthorized_modifier', {
      reason: 'incompatible',
      modifiers: incompatible.map((b) => b.id),
    });
  }
  return style;
}
