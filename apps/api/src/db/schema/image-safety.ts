import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  ImageSafetyReason,
  ImageSafetyReviewState,
  ImageSafetyScores,
  ImageSafetyVerdict,
} from '@mirage/domain';

/** Kysely table types of the image-side safety check; they mirror migration 0020. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** What the review keeps of the check: the models' scores and the rule's numbers. */
export type ImageSafetyRecord = ImageSafetyScores & Pick<ImageSafetyVerdict, 'sexual' | 'youngestAge'>;

/** The moderators' queue of held images. */
export interface ImageSafetyReviewTable {
  id: Generated<number>;
  /** The held image; null once it is deleted (removed by a moderator, or by its owner). */
  image_id: ColumnType<number | null, number, null>;
  image_uuid: ColumnType<string, string, never>;
  /** The image's owner; null once the account is deleted. */
  user_id: ColumnType<number | null, number, null>;
  scores: ColumnType<ImageSafetyRecord, string, never>;
  reasons: ColumnType<ImageSafetyReason[], ImageSafetyReason[], never>;
  state: ColumnType<ImageSafetyReviewState, ImageSafetyReviewState | undefined, ImageSafetyReviewState>;
  created_at: CreatedAt;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The moderator who decided; null while open or once their account is gone. */
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
}
export type ImageSafetyReviewRow = Selectable<ImageSafetyReviewTable>;

export interface ImageSafetyTables {
  image_safety_review: ImageSafetyReviewTable;
}
