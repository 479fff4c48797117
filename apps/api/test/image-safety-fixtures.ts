import type { ImageSafetyScores } from '@mirage/domain';
import sharp from 'sharp';
import type { ImageSafetyScorer } from '../src/features/image/safety/index.ts';

/**
 * A fake of the image-side safety models for integration tests: it reads the picture's colour. A red
 * picture is scored as sexual with a young face (held for review), any other as neutral with no face
 * (cleared). Test pictures are flat colours only (pngOf in generation-fixtures.ts).
 */
export const HOLD: ImageSafetyScores = {
  nsfw: { drawing: 0.02, hentai: 0.03, neutral: 0.05, porn: 0.85, sexy: 0.05 },
  faces: [{ score: 0.97, age: 12.5 }],
};
export const ALLOW: ImageSafetyScores = {
  nsfw: { drawing: 0.3, hentai: 0, neutral: 0.7, porn: 0, sexy: 0 },
  faces: [],
};
export const RED = { r: 220, g: 30, b: 30 };
export const BLUE = { r: 30, g: 60, b: 200 };

/**
 * The fake scorer and its controls. `block()`: scores wait until `unblock()` (the models still loading);
 * `failing`: scores fail (the models unavailable); `scored`: pictures scored so far.
 */
export function colourScorer() {
  const control = {
    scored: 0,
    failing: false,
    gate: undefined as Promise<void> | undefined,
    open: () => {},
    block() {
      this.gate = new Promise<void>((resolve) => (this.open = resolve));
    },
    unblock() {
      this.open();
      this.gate = undefined;
    },
  };
  const scorer: ImageSafetyScorer = {
    async score(png) {
      await control.gate;
      if (control.failing) throw new Error('models unavailable');
      control.scored += 1;
      const { channels } = await sharp(png).stats();
      return channels[0]!.mean > 200 ? HOLD : ALLOW;
    },
    close: async () => {},
  };
  return { scorer, control };
}
