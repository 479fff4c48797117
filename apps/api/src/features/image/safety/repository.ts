import type { ImageSafetyReason, ImageSafetyResolution, ImageSafetyReviewState } from '@mirage/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import type { ImageSafetyRecord } from '../../../db/schema/image-safety.ts';
import { changeTagUsage } from '../../tag/index.ts';

/** The image a review is about and its owner (null once the account is deleted). */
export interface ReviewedImage {
  /** Null once the image is deleted. */
  id: number | null;
  uuid: string;
  user_id: number | null;
}

/** More work in the transaction that held an image or decided its review (the owner's notification). */
export type AfterReviewChange = (trx: Transaction<Database>, image: ReviewedImage) => Promise<void>;

/** A review as the moderation console lists it. */
export interface ImageSafetyReview {
  id: number;
  /** Null once the image is deleted (removed, or deleted by its owner while held). */
  image_id: number | null;
  image_uuid: string;
  user_id: number | null;
  username: string | null;
  scores: ImageSafetyRecord;
  reasons: ImageSafetyReason[];
  state: ImageSafetyReviewState;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by: number | null;
}

/** What resolving a review did, or why it did nothing (the caller maps these to its answers). */
export type ReviewResolution =
  | { outcome: 'released'; image_id: number | null }
  | { outcome: 'removed'; image: { id: number; uuid: string } | null }
  | { outcome: 'not_found' }
  | { outcome: 'not_open'; state: ImageSafetyReviewState };

/** SQL of the image-side safety check: images waiting for it, their verdicts, the review queue (0020). */
export function createImageSafetyRepository(db: DB) {
  return {
    /** The image if it still waits for the check (not deleted, not scored by another instance). */
    async findPending(imageId: number): Promise<{ id: number; uuid: string } | undefined> {
      return db
        .selectFrom('image')
        .select(['id', 'uuid'])
        .where('id', '=', imageId)
        .where('safety_state', '=', 'pending')
        .executeTakeFirst();
    },

    /** Ids of images waiting for the check that were stored before `before`, oldest first. */
    async pendingIds(before: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('image')
        .select('id')
        .where('safety_state', '=', 'pending')
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Records the verdict on a waiting image: cleared, or held with a review, in one transaction. Only an
     * image still pending changes (two instances may score the same one; the first wins): 'gone' when it
     * was deleted or settled meanwhile. A public image cleared here starts counting for its tags' public
     * usage (tag/usage-repository.ts; it did not while pending).
     */
    async settle(
      imageId: number,
      verdict: { hold: false } | { hold: true; record: ImageSafetyRecord; reasons: ImageSafetyReason[] },
      /** Runs in the transaction once the image is held. */
      onHeld?: AfterReviewChange,
    ): Promise<'cleared' | 'held' | 'gone'> {
      return db.transaction().execute(async (trx) => {
        const image = await trx
          .updateTable('image')
          .set({ safety_state: verdict.hold ? 'held' : 'clear' })
          .where('id', '=', imageId)
          .where('safety_state', '=', 'pending')
          .returning(['id', 'uuid', 'user_id', 'is_private', 'tag_ids'])
          .executeTakeFirst();
        if (!image) return 'gone';
        if (!verdict.hold) {
          if (!image.is_private) await changeTagUsage(trx, image.tag_ids, 1);
          return 'cleared';
        }
        await trx
          .insertInto('image_safety_review')
          .values({
            image_id: image.id,
            image_uuid: image.uuid,
            user_id: image.user_id,
            scores: JSON.stringify(verdict.record),
            reasons: verdict.reasons,
          })
          .onConflict((oc) => oc.column('image_id').doNothing())
          .execute();
        await onHeld?.(trx, image);
        return 'held';
      });
    },

    /** Reviews in `state`, oldest first (the queue's order), `limit` at a time after the id `after`. */
    async list(options: {
      state: ImageSafetyReviewState;
      limit: number;
      after?: number;
    }): Promise<ImageSafetyReview[]> {
      let query = db
        .selectFrom('image_safety_review as review')
        .leftJoin('app_user', 'app_user.id', 'review.user_id')
        .selectAll('review')
        .select('app_user.username')
        .where('review.state', '=', options.state)
        .orderBy('review.id')
        .limit(options.limit);
      if (options.after !== undefined) query = query.where('review.id', '>', options.after);
      return query.execute();
    },

    /**
     * Decides an open review, under its row lock (two moderators deciding at once: the second finds it
     * decided). Release: the image is cleared (its owner's privacy choice decides again). Remove: the review
     * is closed and the image returned for the caller to delete through the image deletion.
     */
    async resolve(
      reviewId: number,
      resolution: ImageSafetyResolution,
      by: number,
      at: Date,
      /** More work for this transaction once the review is decided (the console's audit entry). */
      within?: (trx: DB, at: Date) => Promise<void>,
      /** Also in the transaction, once decided: the image and its owner (the owner's notification). */
      onDecided?: AfterReviewChange,
    ): Promise<ReviewResolution> {
      return db.transaction().execute(async (trx) => {
        const review = await trx
          .selectFrom('image_safety_review')
          .select(['id', 'image_id', 'image_uuid', 'user_id', 'state'])
          .where('id', '=', reviewId)
          .forUpdate()
          .executeTakeFirst();
        if (!review) return { outcome: 'not_found' as const };
        if (review.state !== 'open') return { outcome: 'not_open' as const, state: review.state };
        await trx
          .updateTable('image_safety_review')
          .set({
            state: resolution === 'release' ? 'released' : 'removed',
            resolved_at: at,
            resolved_by: by,
          })
          .where('id', '=', reviewId)
          .execute();
        await within?.(trx, at);
        await onDecided?.(trx, { id: review.image_id, uuid: review.image_uuid, user_id: review.user_id });
        if (resolution === 'remove') {
          const image = review.image_id === null ? null : { id: review.image_id, uuid: review.image_uuid };
          return { outcome: 'removed' as const, image };
        }
        if (review.image_id !== null) {
          const cleared = await trx
            .updateTable('image')
            .set({ safety_state: 'clear' })
            .where('id', '=', review.image_id)
            .where('safety_state', '=', 'held')
            .returning(['is_private', 'tag_ids'])
            .executeTakeFirst();
          // Published now if its owner chose public: its tags count from here (never while held).
          if (cleared && !cleared.is_private) await changeTagUsage(trx, cleared.tag_ids, 1);
        }
        return { outcome: 'released' as const, image_id: review.image_id };
      });
    },

    /**
     * Images whose review says removed but which still exist: the deletion after the decision did not
     * happen (a crash, a failed statement). The sweep deletes them; until then they stay held.
     */
    async unfinishedRemovals(): Promise<{ id: number; uuid: string }[]> {
      const rows = await db
        .selectFrom('image_safety_review')
        .select(['image_id', 'image_uuid'])
        .where('state', '=', 'removed')
        .where('image_id', 'is not', null)
        .execute();
      return rows.map((row) => ({ id: row.image_id!, uuid: row.image_uuid }));
    },
  };
}
export type ImageSafetyRepository = ReturnType<typeof createImageSafetyRepository>;
