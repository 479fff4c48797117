import { describe, expect, it } from 'vitest';
import {
  IMAGE_SAFETY_RULE,
  imageSafetyVerdict,
  sexualScore,
  type FaceEstimate,
  type NsfwScores,
} from '../../src/index.ts';

/**
 * The image-side safety rule on synthetic scores (the models' numbers, never images): held only when the
 * image is sexual AND a counted face is estimated under 18 + margin.
 */
const NEUTRAL: NsfwScores = { drawing: 0.05, hentai: 0, neutral: 0.95, porn: 0, sexy: 0 };
/** Sexual score exactly at the threshold: porn 0.3 + hentai 0.1 + 0.5 · sexy 0.2 = 0.5. */
const AT_THRESHOLD: NsfwScores = { drawing: 0, hentai: 0.1, neutral: 0.4, porn: 0.3, sexy: 0.2 };
const SEXUAL: NsfwScores = { drawing: 0, hentai: 0, neutral: 0.1, porn: 0.9, sexy: 0 };
const face = (age: number | null, score = 0.9): FaceEstimate => ({ score, age });
const youngLimit = IMAGE_SAFETY_RULE.adultAge + IMAGE_SAFETY_RULE.ageMargin;

describe('sexualScore', () => {
  it('counts porn and hentai fully and sexy at half', () => {
    expect(IMAGE_SAFETY_RULE.sexyWeight).toBe(0.5);
    expect(sexualScore({ ...NEUTRAL, porn: 0.2, hentai: 0.1, sexy: 0.4 })).toBeCloseTo(0.5, 10);
    expect(sexualScore({ ...NEUTRAL, drawing: 0.9, neutral: 0.9 })).toBe(0);
  });
});

describe('imageSafetyVerdict', () => {
  it('holds a sexual image with a face under 18 + margin, naming both reasons', () => {
    expect(youngLimit).toBe(23);
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(30), face(16)] })).toEqual({
      hold: true,
      reasons: ['sexual', 'young_face'],
      sexual: 0.9,
      youngestAge: 16,
    });
  });

  it('takes a sexual score at the threshold as sexual, and one just below as not', () => {
    const below: NsfwScores = { ...AT_THRESHOLD, porn: 0.2999 };
    expect(sexualScore(AT_THRESHOLD)).toBeCloseTo(IMAGE_SAFETY_RULE.sexualThreshold, 10);
    expect(imageSafetyVerdict({ nsfw: AT_THRESHOLD, faces: [face(10)] }).hold).toBe(true);
    expect(imageSafetyVerdict({ nsfw: below, faces: [face(10)] })).toMatchObject({
      hold: false,
      reasons: ['young_face'],
    });
  });

  it('counts a face under 18 + margin as young, and one at exactly 18 + margin as not', () => {
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(youngLimit - 0.01)] }).hold).toBe(true);
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(youngLimit)] })).toMatchObject({
      hold: false,
      reasons: ['sexual'],
      youngestAge: youngLimit,
    });
  });

  it('holds inside the margin: an estimated 19-year-old may be a minor the model aged up', () => {
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(19)] }).hold).toBe(true);
  });

  it('ignores faces below the detection floor, and counts one at the floor', () => {
    const floor = IMAGE_SAFETY_RULE.minFaceScore;
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(8, floor - 0.01)] })).toEqual({
      hold: false,
      reasons: ['sexual'],
      sexual: 0.9,
      youngestAge: null,
    });
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(8, floor)] }).hold).toBe(true);
  });

  it('allows a sexual image with no face: nothing suggests a minor', () => {
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [] })).toEqual({
      hold: false,
      reasons: ['sexual'],
      sexual: 0.9,
      youngestAge: null,
    });
  });

  it('allows a young face in an image that is not sexual', () => {
    expect(imageSafetyVerdict({ nsfw: NEUTRAL, faces: [face(9)] })).toEqual({
      hold: false,
      reasons: ['young_face'],
      sexual: 0,
      youngestAge: 9,
    });
  });

  it('allows a sexual image whose faces are all adult', () => {
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(25), face(41)] })).toMatchObject({
      hold: false,
      youngestAge: 25,
    });
  });

  it('treats a drawing like a photo: a hentai image with a young drawn face is held', () => {
    const drawn: NsfwScores = { drawing: 0.3, hentai: 0.6, neutral: 0.05, porn: 0, sexy: 0.05 };
    expect(imageSafetyVerdict({ nsfw: drawn, faces: [face(7.2, 0.6)] }).hold).toBe(true);
  });

  it('holds a counted face that has no age estimate: a human looks at it', () => {
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(null)] })).toEqual({
      hold: true,
      reasons: ['sexual', 'young_face'],
      sexual: 0.9,
      youngestAge: null,
    });
  });

  it('reads a number that is not one (NaN, Infinity) on its unsafe side', () => {
    const broken: NsfwScores = { ...NEUTRAL, porn: Number.NaN };
    expect(imageSafetyVerdict({ nsfw: broken, faces: [face(Number.NaN)] }).hold).toBe(true);
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(12, Number.POSITIVE_INFINITY)] }).hold).toBe(true);
    expect(imageSafetyVerdict({ nsfw: SEXUAL, faces: [face(12, Number.NaN)] }).hold).toBe(true);
  });

  it('takes another rule (tuning) as given', () => {
    const strict = { ...IMAGE_SAFETY_RULE, sexualThreshold: 0.2, ageMargin: 10 };
    const scores = { nsfw: { ...NEUTRAL, sexy: 0.5 }, faces: [face(26)] };
    expect(imageSafetyVerdict(scores).hold).toBe(false);
    expect(imageSafetyVerdict(scores, strict).hold).toBe(true);
  });
});
