import { describe, expect, it } from 'vitest';
import { ANONYMOUS, canView, IMAGE_SAFETY_STATES, isPublished } from '../../src/index.ts';

/**
 * Invariant 4: a private image is its owner's only; a public one is anybody's once the image-side safety
 * check has cleared it.
 */
const OWNER = 7;
const OTHER = 8;
const publicImage = { user_id: OWNER, is_private: false, safety_state: 'clear' } as const;
const privateImage = { user_id: OWNER, is_private: true, safety_state: 'clear' } as const;

describe('canView', () => {
  it('shows a public image to everybody: anonymous, another user, the owner', () => {
    expect(canView(ANONYMOUS, publicImage)).toBe(true);
    expect(canView(OTHER, publicImage)).toBe(true);
    expect(canView(OWNER, publicImage)).toBe(true);
  });

  it('shows a private image to its owner only', () => {
    expect(canView(OWNER, privateImage)).toBe(true);
    expect(canView(OTHER, privateImage)).toBe(false);
    expect(canView(ANONYMOUS, privateImage)).toBe(false);
  });

  it('does not take user id 0 (or any falsy id) for anonymous or for the owner', () => {
    expect(canView(0, { ...privateImage, user_id: 0 })).toBe(true);
    expect(canView(0, privateImage)).toBe(false);
    expect(canView(ANONYMOUS, { ...privateImage, user_id: 0 })).toBe(false);
  });

  it('reads the facts it is given only: extra columns (sample, nsfw, upscaled) change nothing', () => {
    const sample = { ...privateImage, is_sample: true, nsfw: true, upscaled: true };
    expect(canView(OTHER, sample)).toBe(false);
    expect(canView(OWNER, sample)).toBe(true);
  });

  it.each(['pending', 'held'] as const)(
    'shows a public image the safety check has not cleared (%s) to its owner only, like a private one',
    (state) => {
      for (const is_private of [false, true]) {
        const image = { user_id: OWNER, is_private, safety_state: state };
        expect(canView(OWNER, image)).toBe(true);
        expect(canView(OTHER, image)).toBe(false);
        expect(canView(ANONYMOUS, image)).toBe(false);
      }
    },
  );
});

describe('isPublished (what counts for tag usage)', () => {
  it.each(
    IMAGE_SAFETY_STATES.flatMap((state) => [true, false].map((isPrivate) => [state, isPrivate] as const)),
  )(
    'safety %s, private %s: published only when cleared and public, as canView says for anybody',
    (state, isPrivate) => {
      const image = { user_id: 1, is_private: isPrivate, safety_state: state };
      expect(isPublished(image)).toBe(state === 'clear' && !isPrivate);
      expect(isPublished(image)).toBe(canView(ANONYMOUS, image));
    },
  );
});
