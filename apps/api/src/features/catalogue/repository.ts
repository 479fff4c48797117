import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { BoosterRender, ModerationScope, StyleRender } from '../../db/schema/catalogue.ts';

/**
 * The catalogue items that have a preview picture. A booster has a second one, its realistic look
 * (docs/product/image-viewer.md#files: modifier previews {lib}.webp, "suffix _r for realistic").
 */
export type PreviewKind = 'style' | 'booster' | 'booster_realistic';

/**
 * One item to paint a preview of: `model` is the style's checkpoint, the booster's LoRA file, or for a
 * booster's realistic look the checkpoint of a realistic style.
 */
export interface PreviewSubject {
  kind: PreviewKind;
  lib: string;
  model: string;
}

/** A database or a transaction: the tasks feature reads the catalogue inside its debit transaction. */
type Queryable = Kysely<Database>;

/** What the job builder needs of a style (WorkerJob.checkpoint, steps, sampler, scheduler). */
export interface GenerationStyle {
  id: number;
  lib: string;
  render: StyleRender;
  is_free: boolean;
  txt2img: boolean;
  enabled: boolean;
  pipeline: string;
  default_steps: number;
  default_sampler: string;
  default_scheduler: string;
}

/** What the job builder needs of a booster (WorkerJob.loras: lora, lora_weight x slot weight / 100). */
export interface GenerationBooster {
  id: number;
  lib: string;
  render: BoosterRender;
  enabled: boolean;
  lora: string;
  /** LoRA strength at a slot weight of 100 %. */
  lora_weight: number;
  /** Slot weight in percent proposed by the panel. */
  default_weight: number;
  incompatible_style_libs: string[];
}

const STYLE_COLUMNS = [
  'id',
  'lib',
  'render',
  'is_free',
  'txt2img',
  'enabled',
  'pipeline',
  'default_steps',
  'default_sampler',
  'default_scheduler',
] as const;

const BOOSTER_COLUMNS = [
  'id',
  'lib',
  'render',
  'enabled',
  'lora',
  'lora_weight',
  'default_weight',
  'incompatible_style_libs',
] as const;

/** int4 ids: anything outside the column's range cannot exist (and must not reach PostgreSQL). */
function isStoredId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;
}

/** One style by id, enabled or not (the caller answers `style_disabled`), or undefined. */
export async function findStyle(db: Queryable, id: number): Promise<GenerationStyle | undefined> {
  if (!isStoredId(id)) return undefined;
  return db.selectFrom('graphic_style').select(STYLE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The style of a lib (the tweak's default style, anime modern), enabled or not. */
export async function findStyleByLib(db: Queryable, lib: string): Promise<GenerationStyle | undefined> {
  return db.selectFrom('graphic_style').select(STYLE_COLUMNS).where('lib', '=', lib).executeTakeFirst();
}

/** The boosters among `ids` that exist, enabled or not, in the order of `ids` (duplicates once). */
export async function findBoosters(db: Queryable, ids: readonly number[]): Promise<GenerationBooster[]> {
  const wanted = [...new Set(ids)].filter(isStoredId);
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom('booster').select(BOOSTER_COLUMNS).where('id', 'in', wanted).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** Every style and booster, enabled or not, for callers that resolve many tasks at once. */
export async function loadGenerationRows(
  db: Queryable,
): Promise<{ styles: GenerationStyle[]; boosters: GenerationBooster[] }> {
  const [styles, boosters] = await Promise.all([
    db.selectFrom('graphic_style').select(STYLE_COLUMNS).orderBy('id').execute(),
    db.selectFrom('booster').select(BOOSTER_COLUMNS).orderBy('id').execute(),
  ]);
  return { styles, boosters };
}

/** Every style's id and lib, enabled or not (system tag filters, guest samples, the catalogue's map). */
export async function listStyleLibs(db: Queryable): Promise<{ id: number; lib: string }[]> {
  return db.selectFrom('graphic_style').select(['id', 'lib']).execute();
}

export function createCatalogueRepository(db: DB) {
  return {
    findStyle: (id: number) => findStyle(db, id),
    findBoosters: (ids: readonly number[]) => findBoosters(db, ids),

    async listStyles() {
      return db
        .selectFrom('graphic_style')
        .select(['id', 'lib', 'render', 'is_free', 'is_new', 'pipeline', 'txt2img'])
        .where('enabled', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async styleLibs(): Promise<Map<string, number>> {
      const rows = await listStyleLibs(db);
      return new Map(rows.map((row) => [row.lib, row.id]));
    },

    /** What a preview is painted from: the style's checkpoint or the booster's LoRA, by lib (any state). */
    async previewSubject(kind: PreviewKind, lib: string): Promise<PreviewSubject | undefined> {
      if (kind === 'booster_realistic') {
        // The booster as realistic styles show it: painted on the first realistic style's checkpoint.
        // A booster for anime styles only has no realistic look.
        const [booster, style] = await Promise.all([
          db
            .selectFrom('booster')
            .select('lib')
            .where('lib', '=', lib)
            .where('render', '!=', 'hentai')
            .executeTakeFirst(),
          db
            .selectFrom('graphic_style')
            .select('pipeline')
            .where('render', '=', 'realistic')
            .where('enabled', '=', true)
            .orderBy('sort_order')
            .orderBy('id')
            .limit(1)
            .executeTakeFirst(),
        ]);
        return booster && style && { kind, lib: booster.lib, model: style.pipeline };
      }
      if (kind === 'style') {
        const row = await db
          .selectFrom('graphic_style')
          .select(['lib', 'pipeline'])
          .where('lib', '=', lib)
          .executeTakeFirst();
        return row && { kind, lib: row.lib, model: row.pipeline };
      }
      const row = await db
        .selectFrom('booster')
        .select(['lib', 'lora'])
        .where('lib', '=', lib)
        .executeTakeFirst();
      return row && { kind, lib: row.lib, model: row.lora };
    },

    /** Every enabled style, then every enabled booster, in catalogue order. */
    async listPreviewSubjects(): Promise<PreviewSubject[]> {
      const [styles, boosters] = await Promise.all([
        db
          .selectFrom('graphic_style')
          .select(['lib', 'pipeline'])
          .where('enabled', '=', true)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('booster')
          .select(['lib', 'lora'])
          .where('enabled', '=', true)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
      ]);
      return [
        ...styles.map((row) => ({ kind: 'style' as const, lib: row.lib, model: row.pipeline })),
        ...boosters.map((row) => ({ kind: 'booster' as const, lib: row.lib, model: row.lora })),
      ];
    },

    async listBoosterCategories() {
      return db
        .selectFrom('booster_category')
        .select(['id', 'lib'])
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async listBoosters() {
      return db
        .selectFrom('booster')
        .select([
          'id',
          'category_id',
          'lib',
          'render',
          'tags',
          'is_new',
          'default_weight',
          'incompatible_style_libs',
        ])
        .where('enabled', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async listPresets() {
      return db
        .selectFrom('preset')
        .select(['id', 'path', 'lib', 'prompt', 'neg_prompt'])
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async favoritePresetIds(userId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('preset_favorite')
        .select('preset_id')
        .where('user_id', '=', userId)
        .execute();
      return new Set(rows.map((row) => row.preset_id));
    },

    async presetExists(id: number): Promise<boolean> {
      if (!isStoredId(id)) return false;
      const row = await db.selectFrom('preset').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** Adds the favourite (a second add is a no-op). */
    async addFavorite(userId: number, presetId: number): Promise<void> {
      await db
        .insertInto('preset_favorite')
        .values({ user_id: userId, preset_id: presetId })
        .onConflict((oc) => oc.columns(['user_id', 'preset_id']).doNothing())
        .execute();
    },

    /** Removes the favourite; true when there was one. */
    async removeFavorite(userId: number, presetId: number): Promise<boolean> {
      const deleted = await db
        .deleteFrom('preset_favorite')
        .where('user_id', '=', userId)
        .where('preset_id', '=', presetId)
        .returning('preset_id')
        .executeTakeFirst();
      return deleted !== undefined;
    },

    async randomPreset() {
      return db
        .selectFrom('preset')
        .select(['id', 'prompt', 'neg_prompt'])
        .orderBy(sql`random()`)
        .limit(1)
        .executeTakeFirst();
    },

    async listModerationRules() {
      return db
        .selectFrom('moderation_rule')
        .select(['id', 'words', 'suggestions', 'type', 'applies_to'])
        .orderBy('id')
        .execute();
    },

    async forbiddenWords(scopes: readonly ModerationScope[]): Promise<string[][]> {
      const rows = await db
        .selectFrom('moderation_rule')
        .select('words')
        .where('type', '=', 0)
        .where('applies_to', 'in', scopes)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.words);
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
