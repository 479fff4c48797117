import type { Config } from '../../../config.ts';
import { imageSafetyMode } from '../../../config.ts';
import type { DB } from '../../../db/database.ts';
import type { ObjectStore } from '../../../storage/object-store.ts';
import { createProgressRepository } from '../../player/index.ts';
import { createModelScorer } from './model-scorer.ts';
import { createImageSafetyRepository } from './repository.ts';
import { createNoScorer, type ImageSafetyScorer } from './scorer.ts';
import { createImageSafetyService, type NotifyOwner } from './service.ts';

export type { ImageSafetyScorer } from './scorer.ts';
export type { ImageSafetyService } from './service.ts';
export type { ImageSafetyReview, ReviewResolution } from './repository.ts';
export { SAFETY_ORPHAN_AFTER_MS } from './service.ts';

interface Log {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

/**
 * The owner's bell notification (player feature): one per image and notice (the dedupe key), no data, so
 * the text says nothing of why the image was held.
 */
const notifyOwner: NotifyOwner = async (trx, userId, notice, imageUuid, at) => {
  await createProgressRepository(trx).notify(
    userId,
    [{ type: notice, dedupeKey: `${notice}:${imageUuid}`, data: {}, xpGain: null, rewardTokens: 0 }],
    at,
  );
};

/**
 * The image-side safety check as configured (IMAGE_SAFETY; docs/architecture/image-safety.md): the models'
 * scorer, or none; a scorer passed in (tests) replaces either and turns the check on. `deleteImage` is the
 * image deletion a moderator's removal goes through (the owner's: row, tag counts, files).
 */
export function createImageSafety(deps: {
  config: Config;
  db: DB;
  store: ObjectStore;
  log: Log;
  now: () => Date;
  scorer?: ImageSafetyScorer;
  deleteImage: (image: { id: number; uuid: string }) => Promise<void>;
}) {
  const models = imageSafetyMode(deps.config) === 'models';
  const scorer = deps.scorer ?? (models ? createModelScorer({ log: deps.log }) : createNoScorer());
  return createImageSafetyService({
    enabled: deps.scorer !== undefined || models,
    scorer,
    repository: createImageSafetyRepository(deps.db),
    store: deps.store,
    deleteImage: deps.deleteImage,
    notifyOwner,
    log: deps.log,
    now: deps.now,
  });
}
