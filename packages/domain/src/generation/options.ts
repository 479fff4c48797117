/**
 * The generator's option values and numeric limits (docs/product/generation.md#settings,
 * docs/product/limits.md#input-validation, docs/product/decisions.md "Generation parameters"). Everything the
 * web shows and the API enforces about a single option lives here.
 */

/**
 * Quality picks the column of the resolution table (docs/product/generation.md#resolution). Order matters: it
 * is the plan ladder.
 */
export const QUALITIES = ['Standard', 'High', 'Ultra'] as const;
export type Quality = (typeof QUALITIES)[number];

export const FORMATS = ['Portrait', 'Wide', 'Square'] as const;
export type Format = (typeof FORMATS)[number];

export const CREATIVITIES = ['Creative', 'Balanced', 'Precise'] as const;
export type Creativity = (typeof CREATIVITIES)[number];

/**
 * Render kinds of styles and modifiers (docs/product/generation.md#catalogue, docs/product/limits.md). A
 * modifier may also be 'both'.
 */
export const RENDERS = ['hentai', 'realistic'] as const;
export type Render = (typeof RENDERS)[number];
/** The render whose styles the generator shows a visitor who has not picked one. */
export const DEFAULT_RENDER: Render = 'hentai';
/**
 * Style previews on the generator's first screen (the grid's first rows on a phone or a desktop): loaded
 * eagerly, and preloaded by the page the server sends (apps/api/src/http/first-screen.ts).
 */
export const STYLE_PREVIEWS_IN_VIEW = 6;

/** docs/product/pricing-and-plans.md#which-balance-pays: a missing creativity defaults to Balanced. */
export const DEFAULT_CREATIVITY: Creativity = 'Balanced';
/** Decision: the first format of the list; the spec names no default format. */
export const DEFAULT_FORMAT: Format = 'Portrait';
/** Decision: Standard is allowed on every plan, so it is the only safe default. */
export const DEFAULT_QUALITY: Quality = 'Standard';

/**
 * Guidance scale per creativity (docs/product/decisions.md#generation-parameters: Creative 3, Balanced 5,
 * Precise 7).
 */
export const CFG_BY_CREATIVITY: Readonly<Record<Creativity, number>> = {
  Creative: 3,
  Balanced: 5,
  Precise: 7,
};

/**
 * Seed range (docs/product/generation.md#settings, docs/product/limits.md#input-validation,
 * docs/product/decisions.md#generation-parameters): an unsigned 32-bit integer except 0.
 */
export const SEED_MIN = 1;
export const SEED_MAX = 4_294_967_295;

/**
 * docs/product/generation.md#settings: the lengthy-prompt warning shows above this many characters (a
 * warning, not a limit).
 */
export const PROMPT_WARNING_CHARS = 800;

/**
 * Decision: the spec names textLimitPos and textLimitNeg without values (docs/product/generation.md,
 * docs/product/limits.md). 2000 characters leave room for long tag lists (well past the 800-character
 * warning) while bounding the text-encoder input and the row size; the negative prompt is usually a shorter
 * list of defects, so 1000.
 */
export const TEXT_LIMIT_POS = 2000;
export const TEXT_LIMIT_NEG = 1000;

/**
 * docs/product/generation.md#create-button, docs/product/limits.md: the create button repeats a generation 1
 * to 4 times.
 */
export const MULTI_GENERATION_MIN = 1;
export const MULTI_GENERATION_MAX = 4;

/**
 * Decision: the guide only *advises* at most 5 boosters (docs/product/generation.md#settings,
 * docs/product/limits.md#input-validation). We enforce 5 as a hard cap (the UI shows 5 slots and the server
 * refuses a sixth) so that a modified client cannot stack unbounded LoRAs on a worker: each one costs GPU
 * memory and time that the ticket price does not cover.
 */
export const MAX_BOOSTERS = 5;

/** docs/product/generation.md#settings: a booster weight is an integer percentage 0-100. */
export const BOOSTER_WEIGHT_MIN = 0;
export const BOOSTER_WEIGHT_MAX = 100;
/**
 * Guide advice (docs/product/generation.md): 10-100 % gives visible effects; below is allowed, just advised
 * against.
 */
export const BOOSTER_WEIGHT_ADVISED_MIN = 10;

/**
 * docs/product/generation.md: "integer 0-100; invalid or negative becomes 0, above 100 becomes 100".
 * Decision: numeric strings are read as numbers (form inputs and restored local storage deliver strings);
 * fractions round to the nearest integer (a slider at 3.7 means 4); anything that is not a finite number
 * (NaN, Infinity, '', '50abc', booleans, null) is "invalid" and becomes 0.
 */
export function clampBoosterWeight(value: unknown): number {
  let numeric: number;
  if (typeof value === 'number') numeric = value;
  else if (typeof value === 'string' && value.trim() !== '') numeric = Number(value);
  else return BOOSTER_WEIGHT_MIN;
  if (!Number.isFinite(numeric)) return BOOSTER_WEIGHT_MIN;
  const rounded = Math.round(numeric);
  if (rounded <= BOOSTER_WEIGHT_MIN) return BOOSTER_WEIGHT_MIN; // also turns -0 into 0
  return Math.min(rounded, BOOSTER_WEIGHT_MAX);
}

export function isValidSeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= SEED_MIN && value <= SEED_MAX;
}

/**
 * A uniform seed in SEED_MIN..SEED_MAX (docs/product/generation.md#settings: a missing seed is drawn at
 * random). `random` is injectable so tests (and a seeded server RNG) stay deterministic; it must return [0,
 * 1) like Math.random.
 */
export function randomSeed(random: () => number = Math.random): number {
  const span = SEED_MAX - SEED_MIN + 1;
  const seed = SEED_MIN + Math.floor(random() * span);
  // Guards a faulty source (1, negative, NaN): the result always stays a valid seed.
  if (!Number.isFinite(seed)) return SEED_MIN;
  return Math.min(SEED_MAX, Math.max(SEED_MIN, seed));
}
