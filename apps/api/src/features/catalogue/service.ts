import type { Answer } from '@mirage/contract';
import { moderationRuleSchema, type ErrorCode } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { previewUrl } from './previews.ts';
import {
  loadGenerationRows,
  type CatalogueRepository,
  type GenerationBooster,
  type GenerationStyle,
} from './repository.ts';

/** Unknown preset id (an added code, 404). */
const PRESET_NOT_FOUND: ErrorCode = 'preset_not_found';

export interface GenerationCatalogue {
  styles: Map<number, GenerationStyle>;
  boosters: Map<number, GenerationBooster>;
}

/** Every style and booster by id, enabled or not, for the tasks feature's job builder. */
export async function loadGenerationCatalogue(db: DB): Promise<GenerationCatalogue> {
  const { styles, boosters } = await loadGenerationRows(db);
  return {
    styles: new Map(styles.map((style) => [style.id, style])),
    boosters: new Map(boosters.map((booster) => [booster.id, booster])),
  };
}

/**
 * The chosen boosters that a style refuses (docs/product/generation.md#catalogue: the style is refused and a
 * modal lists them): a booster made for the other render, or one that lists the style among its incompatible
 * styles.
 */
export function boostersIncompatibleWith<
  B extends Pick<GenerationBooster, 'render' | 'incompatible_style_libs'>,
>(style: Pick<GenerationStyle, 'lib' | 'render'>, boosters: readonly B[]): B[] {
  return boosters.filter(
    (booster) =>
      (booster.render !== 'both' && booster.render !== style.render) ||
      booster.incompatible_style_libs.includes(style.lib),
  );
}

/** docs/product/generation.md's preset as the generator's tree shows it (the contract's `Preset`). */
export type PresetView = Answer<'getPresets'>['presets'][string][number];
/** What the routes answer, typed as the contract's answers: a field the contract changes breaks this build. */
type Styles = Answer<'listStyles'>;
type ModifierCategories = Answer<'listModifiers'>;
type ModerationRules = Answer<'listModerationRules'>['rules'];
type RandomPreset = Answer<'getRandomPreset'>;

export function createCatalogueService(repository: CatalogueRepository) {
  return {
    async styles(): Promise<Styles> {
      const rows = await repository.listStyles();
      return rows.map((row) => ({ ...row, preview: previewUrl('style', row.lib) }));
    },

    /** Boosters by category (empty categories are left out); weight is the proposed slot weight in %. */
    async modifiers(): Promise<ModifierCategories> {
      const [categories, boosters, styleIds] = await Promise.all([
        repository.listBoosterCategories(),
        repository.listBoosters(),
        repository.styleLibs(),
      ]);
      return categories
        .map((category) => ({
          id: category.id,
          lib: category.lib,
          modifiers: boosters
            .filter((booster) => booster.category_id === category.id)
            .map((booster) => ({
              id: booster.id,
              lib: booster.lib,
              preview: previewUrl('booster', booster.lib),
              weight: booster.default_weight,
              render: booster.render,
              tags: booster.tags,
              is_new: booster.is_new,
              incompatible_styles: booster.incompatible_style_libs.flatMap((lib) => styleIds.get(lib) ?? []),
            })),
        }))
        .filter((category) => category.modifiers.length > 0);
    },

    /** The preset tree by path; `favorite` is the signed-in user's (false everywhere for a guest). */
    async presets(userId: number | null): Promise<Record<string, PresetView[]>> {
      const [rows, favorites] = await Promise.all([
        repository.listPresets(),
        userId === null ? Promise.resolve(new Set<number>()) : repository.favoritePresetIds(userId),
      ]);
      const tree: Record<string, PresetView[]> = {};
      for (const row of rows) {
        (tree[row.path] ??= []).push({
          id: row.id,
          lib: row.lib,
          value: row.prompt,
          neg_prompt: row.neg_prompt,
          favorite: favorites.has(row.id),
        });
      }
      return tree;
    },

    /** Sets the favourite to `favorite`, or toggles it when undefined; answers the new state. */
    async setPresetFavorite(userId: number, presetId: number, favorite?: boolean): Promise<boolean> {
      if (!(await repository.presetExists(presetId))) {
        throw new AppError(PRESET_NOT_FOUND, { resource: 'preset', id: presetId });
      }
      try {
        if (favorite === false) {
          await repository.removeFavorite(userId, presetId);
          return false;
        }
        if (favorite === undefined && (await repository.removeFavorite(userId, presetId))) return false;
        await repository.addFavorite(userId, presetId);
        return true;
      } catch (error) {
        // The preset was deleted between the check and the insert.
        if ((error as { code?: string }).code === '23503') {
          throw new AppError(PRESET_NOT_FOUND, { resource: 'preset', id: presetId });
        }
        throw error;
      }
    },

    async randomPreset(): Promise<RandomPreset> {
      const preset = await repository.randomPreset();
      if (!preset) throw new AppError(PRESET_NOT_FOUND, { resource: 'preset' });
      return preset;
    },

    /**
     * docs/product/moderation.md#rules: the positive prompt's forbidden words come from the server (rules for
     * positive or all).
     */
    async bannedWords(): Promise<string[]> {
      const lists = await repository.forbiddenWords(['positive', 'all']);
      return [...new Set(lists.flat())];
    },

    /**
     * The rules as the domain reads them, the ones the task service enforces: a row that does not parse
     * is left out there (task/moderation-rules.ts), so the web does not mirror it either.
     */
    async moderationRules(): Promise<ModerationRules> {
      const rows = await repository.listModerationRules();
      return rows.flatMap((row) => {
        const parsed = moderationRuleSchema.safeParse(row);
        return parsed.success ? [{ ...parsed.data, id: row.id }] : [];
      });
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
