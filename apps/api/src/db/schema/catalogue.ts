import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely table types of the generation catalogue; they mirror migration 0002. */
type CreatedAt = ColumnType<Date, never, never>;

export type StyleRender = 'hentai' | 'realistic';
export type BoosterRender = StyleRender | 'both';
export type ModerationScope = 'positive' | 'negative' | 'all';

export interface GraphicStyleTable {
  /** Fixed id from the seed data (images and the selected-styles cookie refer to it). */
  id: number;
  /** Slug; the web shows the name from the i18n key `style.<lib>`. */
  lib: string;
  render: StyleRender;
  is_free: Generated<boolean>;
  is_new: Generated<boolean>;
  txt2img: Generated<boolean>;
  enabled: Generated<boolean>;
  /** Engine checkpoint file the style needs. */
  pipeline: string;
  sort_order: Generated<number>;
  default_steps: number;
  default_sampler: string;
  default_scheduler: string;
}

export interface BoosterCategoryTable {
  id: number;
  lib: string;
  sort_order: Generated<number>;
}

export interface BoosterTable {
  id: number;
  category_id: number;
  lib: string;
  render: BoosterRender;
  tags: Generated<string[]>;
  is_new: Generated<boolean>;
  enabled: Generated<boolean>;
  /** Engine LoRA file name. */
  lora: string;
  /** LoRA strength at a slot weight of 100 % (real, 0 < w <= 2). */
  lora_weight: number;
  /** Slot weight in percent (0-100) proposed when the booster is added. */
  default_weight: number;
  incompatible_style_libs: Generated<string[]>;
  sort_order: Generated<number>;
}

export interface PresetTable {
  id: Generated<number>;
  /** Category path split on '/' by the client. */
  path: string;
  lib: string;
  prompt: string;
  neg_prompt: Generated<string>;
  sort_order: Generated<number>;
}

export interface PresetFavoriteTable {
  user_id: number;
  preset_id: number;
  created_at: Generated<CreatedAt>;
}

export interface ModerationRuleTable {
  id: Generated<number>;
  lib: string;
  words: string[];
  suggestions: Generated<string[]>;
  /** 0 forbidden, 1 suggestion (docs/product/moderation.md#two-layers). */
  type: number;
  applies_to: ModerationScope;
}

export interface CatalogueTables {
  graphic_style: GraphicStyleTable;
  booster_category: BoosterCategoryTable;
  booster: BoosterTable;
  preset: PresetTable;
  preset_favorite: PresetFavoriteTable;
  moderation_rule: ModerationRuleTable;
}

export type GraphicStyleRow = Selectable<GraphicStyleTable>;
export type BoosterRow = Selectable<BoosterTable>;
export type BoosterCategoryRow = Selectable<BoosterCategoryTable>;
export type PresetRow = Selectable<PresetTable>;
export type ModerationRuleRow = Selectable<ModerationRuleTable>;
