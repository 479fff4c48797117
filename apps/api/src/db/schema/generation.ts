import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ImageSafetyState, JobType, TaskLane, WorkerJob } from '@mirage/domain';

/** Kysely table types of workers, tasks and images; they mirror migration 0003. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface WorkerTable {
  id: Generated<number>;
  name: string;
  token_hash: Buffer;
  engine: string | null;
  capabilities: Json<unknown> | null;
  disabled: Generated<boolean>;
  jobs_done: Generated<number>;
  jobs_failed: Generated<number>;
  busy_ms: Generated<number>;
  last_seen_at: Timestamp | null;
  created_at: CreatedAt;
}

/** The queue lanes are the domain's (laneFor). */
export type { TaskLane };
export type PaidWith = 'generation_token' | 'daily_token';
/** The job as stored: everything but the lease fields, which are added when a worker leases it. */
export type StoredJob = Omit<WorkerJob, 'attempt' | 'lease_expires_at'>;

export interface TaskTable {
  id: string;
  user_id: number;
  type: JobType;
  state: number;
  lane: TaskLane;
  queue_key: Timestamp;
  settings: Json<Record<string, unknown>>;
  job: Json<StoredJob>;
  checkpoint: string;
  pixels: number;
  signature: string | null;
  cost: number;
  paid_with: PaidWith | null;
  refunded: Generated<boolean>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  worker_id: number | null;
  lease_expires_at: Timestamp | null;
  started_at: Timestamp | null;
  progress_step: Generated<number>;
  progress_max: Generated<number>;
  preview: Buffer | null;
  error: string | null;
  source_image_id: number | null;
  image_id: number | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

export interface ImageTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  style_id: number | null;
  gen_type: string;
  render: string | null;
  format: string;
  quality: string;
  seed: number;
  width: number;
  height: number;
  prompt: string;
  neg_prompt: string;
  tags: Generated<string>;
  gen_data: Json<Record<string, unknown>>;
  signature: string | null;
  is_private: Generated<boolean>;
  watermarked: Generated<boolean>;
  upscaled: Generated<boolean>;
  blurhash: string;
  /** Prompt and system tag ids (migration 0005), searched through a GIN index. */
  tag_ids: Generated<number[]>;
  /** Random 31-bit key: the shuffle order (migration 0005). */
  shuffle_key: Generated<number>;
  /** Guest samples are flagged NSFW for the over-18 blur (docs/product/gallery.md#boards). */
  nsfw: Generated<boolean>;
  /**
   * One of the curated guest samples (docs/product/gallery.md#boards,
   * docs/product/limits.md#gallery-and-prompts: 24).
   */
  is_sample: Generated<boolean>;
  /** The image a tweak was made from (migration 0017); null for txt2img or a deleted source. */
  source_image_id: Generated<number | null>;
  /**
   * A picture the service ships for its pages (migration 0018): private to the curator, so no gallery
   * shows it, while its files are anybody's.
   */
  curated: Generated<boolean>;
  /** Set when a moderator hid the image (migration 0019): it stays private, its owner cannot publish it. */
  hidden_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * The image-side safety check (migration 0020): only a `clear` image is seen by anybody but its owner
   * (canView); `pending` until scored, `held` while a moderator reviews it (image_safety_review).
   */
  safety_state: ColumnType<ImageSafetyState, ImageSafetyState | undefined, ImageSafetyState>;
  /**
   * The picture's 64-bit perceptual hash as a signed bigint (migration 0025; the provenance check). Read
   * as text (drivers differ on bigint), written as the decimal text of @mirage/domain's storedHash.
   */
  perceptual_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** The mask of an inpaint task (migration 0017): a greyscale PNG at the source's size, white = redraw. */
export interface TaskMaskTable {
  task_id: string;
  png: Buffer;
  created_at: CreatedAt;
}

export interface ModerationStrikeTable {
  id: Generated<number>;
  user_id: number;
  /** 'child_safety' for the hard layer. */
  kind: string;
  reasons: string[];
  /** The refused prompts, for the moderators reviewing the account only (migration 0007). */
  prompt: string | null;
  neg_prompt: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The review queue of the moderation console (migration 0007): one open review per account. */
export interface ModerationReviewTable {
  id: Generated<number>;
  user_id: number;
  reason: string;
  strikes: number;
  state: Generated<'open' | 'resolved'>;
  created_at: ColumnType<Date, Date | undefined, never>;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution: string | null;
}

/** Who muted, lifted or resolved what (migration 0007). */
export interface ModerationActionTable {
  id: Generated<number>;
  user_id: number;
  action: 'muted' | 'unmuted' | 'review_opened' | 'review_resolved';
  actor: string;
  note: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface GenerationTables {
  moderation_strike: ModerationStrikeTable;
  moderation_review: ModerationReviewTable;
  moderation_action: ModerationActionTable;
  worker: WorkerTable;
  task: TaskTable;
  task_mask: TaskMaskTable;
  image: ImageTable;
}

export type TaskRow = Selectable<TaskTable>;
/** A task without its progress preview (up to 400 kB), for code that only needs its state and job. */
export type TaskRecord = Omit<TaskRow, 'preview'>;
export type WorkerRow = Selectable<WorkerTable>;
export type ImageRow = Selectable<ImageTable>;
