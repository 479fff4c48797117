import type { ImageSafetyScores } from '@mirage/domain';

/**
 * What scores finished images for the image-side safety check (docs/architecture/image-safety.md): the
 * models (`IMAGE_SAFETY=models`, model-scorer.ts), nothing (`off`, below), or a fake in tests.
 */
export interface ImageSafetyScorer {
  /** The scores of one PNG; null when this scorer checks nothing (the image is then cleared unchecked). */
  score(png: Buffer): Promise<ImageSafetyScores | null>;
  /** Stops what the scorer started (the models' thread); a score asked for afterwards fails. */
  close(): Promise<void>;
}

/**
 * `IMAGE_SAFETY=off`: no check. New images are then stored cleared (the private flag alone decides), so
 * this is only asked about images left waiting by an earlier run with the models on, which it clears.
 */
export function createNoScorer(): ImageSafetyScorer {
  return { score: () => Promise.resolve(null), close: () => Promise.resolve() };
}
