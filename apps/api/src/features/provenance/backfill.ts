import { perceptualHash, storedHash } from '@mirage/domain';
import sharp from 'sharp';
import type { ObjectStore } from '../../storage/object-store.ts';
import { imageKeys } from '../image/index.ts';
import type { ProvenanceRepository } from './repository.ts';

/**
 * Gives the images made before perceptual hashes existed (migration 0025) theirs, a batch at a time, from
 * their thumbnails: the hash averages the picture down to a 32×32 grid, so the 512-px thumbnail gives the
 * full picture's hash within a bit or two. `afterId` is the last id the previous batch looked at: an image
 * whose files are gone is passed over, not tried again. Returns the batch's last id, or null when no image
 * is left to look at.
 */
export async function backfillPerceptualHashes(
  deps: { images: ProvenanceRepository; store: ObjectStore },
  afterId: number,
  batchSize = 20,
): Promise<number | null> {
  const batch = await deps.images.withoutHash(afterId, batchSize);
  for (const image of batch) {
    const thumbnail = await deps.store.get(imageKeys(image.uuid).thumbnail);
    if (!thumbnail) continue;
    try {
      const { data, info } = await sharp(thumbnail).raw().toBuffer({ resolveWithObject: true });
      const hash = perceptualHash(data, info.width, info.height, info.channels);
      await deps.images.setHash(image.id, String(storedHash(hash)));
    } catch {
      // A thumbnail that does not decode stays without a hash: the check cannot match it by picture.
    }
  }
  return batch.at(-1)?.id ?? null;
}
