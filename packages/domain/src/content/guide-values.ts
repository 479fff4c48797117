import { HIRES_FACTORS } from '../generation/resolution.ts';
import {
  BASE_COST,
  FAST_LANE_COST,
  QUALITY_COST,
  STANDALONE_UPSCALE_COST,
  TWEAK_BASE_COST,
  UPSCALE_COST,
} from '../generation/pricing.ts';
import { INPAINT_STRENGTH_DEFAULT, INPAINT_STRENGTH_MIN } from '../generation/tweak.ts';
import {
  BOOSTER_WEIGHT_ADVISED_MIN,
  CFG_BY_CREATIVITY,
  MAX_BOOSTERS,
  PROMPT_WARNING_CHARS,
  SEED_MAX,
  TEXT_LIMIT_NEG,
  TEXT_LIMIT_POS,
} from '../generation/options.ts';
import { PLAN_CAPABILITIES } from '../generation/plans.ts';
import { PLAN } from '../plan.ts';

/**
 * The product's numbers the guide's text names ({{placeholders}} of packages/i18n/content/<lang>/guide.json): the page fills
 * them, and so does the text the server sends crawlers (apps/api/src/http/seo-page.ts).
 *, taken from
 * the domain's tables and written the language's way (4,294,967,295 / 4 294 967 295; 1.625 / 1,625).
 */
export function guideValues(lang: string): Record<string, string> {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
  const values: Record<string, number> = {
    baseCost: BASE_COST,
    basicEnergy: PLAN_CAPABILITIES[PLAN.basic].dailyEnergy,
    proEnergy: PLAN_CAPABILITIES[PLAN.pro].dailyEnergy,
    promptLimit: TEXT_LIMIT_POS,
    promptWarning: PROMPT_WARNING_CHARS,
    negLimit: TEXT_LIMIT_NEG,
    highCost: QUALITY_COST.High,
    ultraCost: QUALITY_COST.Ultra,
    maxBoosters: MAX_BOOSTERS,
    advisedWeight: BOOSTER_WEIGHT_ADVISED_MIN,
    cfgCreative: CFG_BY_CREATIVITY.Creative,
    cfgBalanced: CFG_BY_CREATIVITY.Balanced,
    cfgPrecise: CFG_BY_CREATIVITY.Precise,
    upscaleCost: UPSCALE_COST,
    standaloneUpscaleCost: STANDALONE_UPSCALE_COST,
    fastLaneCost: FAST_LANE_COST,
    watermarkCost: PLAN_CAPABILITIES[PLAN.free].watermarkRemovalCost,
    inpaintMin: INPAINT_STRENGTH_MIN,
    inpaintDefault: INPAINT_STRENGTH_DEFAULT,
    tweakCost: TWEAK_BASE_COST,
    seedMax: SEED_MAX,
    hiresStandard: HIRES_FACTORS.Standard,
    hiresHigh: HIRES_FACTORS.High,
    hiresUltra: HIRES_FACTORS.Ultra,
  };
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, number.format(value)]));
}

/** The text with each {{name}} replaced by its value; an unknown name is left as written. */
export function fillValues(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
