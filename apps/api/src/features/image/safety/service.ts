import type { Transaction } from 'kysely';
import type { DB } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import {
  imageSafetyVerdict,
  type ImageSafetyResolution,
  type ImageSafetyReviewState,
  type ImageSafetyState,
} from '@mirage/domain';
import type { ObjectStore } from '../../../storage/object-store.ts';
import { imageKeys } from '../post-process.ts';
import type {
  AfterReviewChange,
  ImageSafetyRepository,
  ImageSafetyReview,
  ReviewResolution,
} from './repository.ts';
import type { ImageSafetyScorer } from './scorer.ts';

interface Log {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/** How long a waiting image is left to the instance that stored it before the sweep queues it here too. */
export const SAFETY_ORPHAN_AFTER_MS = 60_000;
const SWEEP_BATCH = 500;

/** The owner's bell notifications of a hold and of the review's outcome (neutral texts, no reason). */
export type ImageReviewNotice = 'image_held' | 'image_released' | 'image_removed';

/** Adds one notification for the owner in the given transaction; one per image and notice at most. */
export type NotifyOwner = (
  trx: Transaction<Database>,
  userId: number,
  notice: ImageReviewNotice,
  imageUuid: string,
  at: Date,
) => Promise<void>;

/**
 * The image-side safety check (docs/architecture/image-safety.md): every image a worker finishes is
 * stored `pending` — its owner's only — and checked here right after, off the worker's request: the
 * models score its PNG (in their thread), the domain's rule decides, and the image is cleared or held for a
 * moderator. A check that cannot run (the models are loading, or failed) leaves the image waiting: it is
 * never published unchecked. The sweep (background.ts) queues what waited too long: images of an
 * instance that stopped, or whose check failed.
 *
 * With IMAGE_SAFETY=off (`enabled` false) new images are stored cleared and nothing is queued.
 */
export function createImageSafetyService(deps: {
  enabled: boolean;
  scorer: ImageSafetyScorer;
  repository: ImageSafetyRepository;
  store: ObjectStore;
  /** The image deletion (row, tag counts, files) a moderator's removal goes through. */
  deleteImage: (image: { id: number; uuid: string }) => Promise<void>;
  /** The owner's notification of a hold and of its review's outcome (none: nobody is told). */
  notifyOwner?: NotifyOwner;
  log: Log;
  now: () => Date;
}) {
  const { repository, log } = deps;

  /**
   * Tells the owner, in the transaction that changed the image: not when the account is gone, nor when the
   * owner deleted the image meanwhile (there is nothing left to see or wait for).
   */
  function tellOwner(notice: ImageReviewNotice): AfterReviewChange | undefined {
    const notify = deps.notifyOwner;
    if (!notify) return undefined;
    return async (trx, image) => {
      if (image.user_id === null || image.id === null) return;
      await notify(trx, image.user_id, notice, image.uuid, deps.now());
    };
  }
  const initialState: ImageSafetyState = deps.enabled ? 'pending' : 'clear';
  const queue: number[] = [];
  const queued = new Set<number>();
  let running: Promise<void> | undefined;
  let closed = false;

  async function check(imageId: number): Promise<void> {
    const image = await repository.findPending(imageId);
    if (!image) return;
    const png = await deps.store.get(imageKeys(image.uuid).png);
    if (!png) {
      // Its files are gone (deleted meanwhile): nothing to publish, nothing to score.
      log.warn({ imageId }, 'image safety check: the image has no file');
      return;
    }
    const scores = await deps.scorer.score(png);
    if (scores === null) {
      await repository.settle(imageId, { hold: false });
      return;
    }
    const verdict = imageSafetyVerdict(scores);
    const outcome = await repository.settle(
      imageId,
      verdict.hold
        ? {
            hold: true,
            record: { ...scores, sexual: verdict.sexual, youngestAge: verdict.youngestAge },
            reasons: verdict.reasons,
          }
        : { hold: false },
      tellOwner('image_held'),
    );
    if (outcome === 'held') log.warn({ imageId, reasons: verdict.reasons }, 'image held for safety review');
  }

  /** Checks the queued images one at a time (the models take one at a time anyway). */
  function pump(): void {
    if (running || closed || queue.length === 0) return;
    running = (async () => {
      while (queue.length > 0 && !closed) {
        const imageId = queue.shift()!;
        try {
          await check(imageId);
        } catch (error) {
          // The image stays pending (private); the sweep queues it again later.
          if (!closed) log.warn({ err: error, imageId }, 'image safety check failed');
        } finally {
          queued.delete(imageId);
        }
      }
    })().finally(() => {
      running = undefined;
      pump();
    });
  }

  function enqueue(imageId: number): boolean {
    if (closed || queued.has(imageId)) return false;
    queued.add(imageId);
    queue.push(imageId);
    pump();
    return true;
  }

  return {
    /** The state a new image is stored in: waiting for the check, or cleared when the check is off. */
    initialState,

    /** Queues the check of an image just stored (task completion); it runs soon, in the background. */
    checkSoon(imageId: number): void {
      if (deps.enabled) enqueue(imageId);
    },

    /**
     * Queues waiting images stored more than `orphanAfterMs` ago that this instance is not checking, and
     * finishes removals a crash interrupted. Returns how many images it queued. Also runs with the check
     * off: images left waiting by a run with it on are then cleared.
     */
    async sweep(orphanAfterMs = SAFETY_ORPHAN_AFTER_MS): Promise<number> {
      for (const image of await repository.unfinishedRemovals()) await deps.deleteImage(image);
      const before = new Date(deps.now().getTime() - orphanAfterMs);
      const ids = await repository.pendingIds(before, SWEEP_BATCH);
      return ids.filter(enqueue).length;
    },

    /** Resolves once nothing is queued or being checked (tests; shutdown). */
    async idle(): Promise<void> {
      while (running) await running;
    },

    /** The review queue (the moderation console): reviews in `state`, oldest first. */
    listReviews(options: {
      state?: ImageSafetyReviewState;
      limit?: number;
      after?: number;
    }): Promise<ImageSafetyReview[]> {
      return repository.list({
        state: options.state ?? 'open',
        limit: Math.min(Math.max(options.limit ?? 50, 1), 200),
        after: options.after,
      });
    },

    /**
     * A moderator's decision on an open review. Release: normal visibility rules apply to the image again.
     * Remove: the image is deleted through the image deletion. The outcome says what happened, or why
     * nothing did (not_found, not_open), for the console's route to answer.
     */
    async resolveReview(
      reviewId: number,
      resolution: ImageSafetyResolution,
      moderatorId: number,
      within?: (trx: DB, at: Date) => Promise<void>,
    ): Promise<ReviewResolution> {
      const result = await repository.resolve(
        reviewId,
        resolution,
        moderatorId,
        deps.now(),
        within,
        tellOwner(resolution === 'release' ? 'image_released' : 'image_removed'),
      );
      if (result.outcome === 'removed' && result.image) await deps.deleteImage(result.image);
      if (result.outcome === 'released' || result.outcome === 'removed')
        log.info({ reviewId, moderatorId, outcome: result.outcome }, 'image safety review resolved');
      return result;
    },

    /**
     * Stops checking (the app closes): the models' thread stops, so a check in flight fails and its image
     * waits, like everything queued, for the next sweep of a running instance.
     */
    async close(): Promise<void> {
      closed = true;
      queue.length = 0;
      queued.clear();
      await deps.scorer.close();
      await running;
    },
  };
}
export type ImageSafetyService = ReturnType<typeof createImageSafetyService>;
