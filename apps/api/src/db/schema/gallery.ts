import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely table types of the gallery; they mirror migration 0005. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface TagTable {
  id: Generated<number>;
  /** 'prompt', or a system kind: 'style', 'render', 'format' (@mirage/domain TAG_KINDS). */
  kind: string;
  /** Normalised (domain normaliseTag); unique per kind. */
  name: string;
  /** Images carrying the tag (kept by image creation and deletion). */
  usage_count: Generated<number>;
  created_at: CreatedAt;
}

export interface FavoriteTable {
  user_id: number;
  image_id: number;
  created_at: CreatedAt;
}

export interface ImageReportTable {
  id: Generated<number>;
  user_id: number;
  image_id: number;
  /** @mirage/domain REPORT_REASONS. */
  reason: string;
  /** Open until a moderator decides (migration 0019). */
  state: Generated<'open' | 'approved' | 'rejected'>;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The moderator who decided; null while open or once their account is gone. */
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface UserTagBanTable {
  user_id: number;
  tag_id: number;
}

export interface SavedPromptTable {
  id: Generated<number>;
  user_id: number;
  lib: string;
  pos_tags: Generated<number[]>;
  opt_tags: Generated<number[]>;
  neg_tags: Generated<number[]>;
  styles: Generated<number[]>;
  is_public: Generated<boolean>;
  subscriber_count: Generated<number>;
  created_at: CreatedAt;
}

export interface PromptSubscriptionTable {
  user_id: number;
  prompt_id: number;
  created_at: CreatedAt;
}

export interface GalleryTables {
  tag: TagTable;
  favorite: FavoriteTable;
  image_report: ImageReportTable;
  user_tag_ban: UserTagBanTable;
  saved_prompt: SavedPromptTable;
  prompt_subscription: PromptSubscriptionTable;
}

export type TagRow = Selectable<TagTable>;
export type SavedPromptRow = Selectable<SavedPromptTable>;
