/**
 * The image-side safety check (DESIGN: every finished image passes one before anyone else can see it;
 * docs/architecture/image-safety.md). Two models score each finished image on the API's side: an NSFW
 * classifier (five classes) and a face detector with an age estimate per face. This file is the rule that
 * turns those scores into a verdict, and the states an image and its review go through; the models, the
 * thread they run in and the review queue are the API's (apps/api/src/features/image/safety/).
 *
 * Decision: the rule triages for human review, it does not judge. Neither model can be checked for
 * accuracy offline (no labelled set ships with them), the age models are biased (they put adults at 18–30),
 * and the small NSFW model calls some clothed adults sexual. So an image is held — private to its owner and
 * queued for a moderator — only when both signals fire: sexual content AND a face estimated under
 * 18 plus a margin. The thresholds are constants here so that a labelled set can tune them in one place.
 */

/** The NSFW classifier's classes (nsfwjs: Drawing, Hentai, Neutral, Porn, Sexy), lower-cased. */
export const NSFW_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;
export type NsfwClass = (typeof NSFW_CLASSES)[number];

/** The classifier's probabilities, one per class (they sum to about 1). */
export type NsfwScores = Record<NsfwClass, number>;

/** One detected face: the detector's confidence (0–1) and the estimated age in years (null: none given). */
export interface FaceEstimate {
  score: number;
  age: number | null;
}

/** What the models say about one image. */
export interface ImageSafetyScores {
  nsfw: NsfwScores;
  faces: FaceEstimate[];
}

export const IMAGE_SAFETY_RULE = {
  /** Weight of "sexy" (suggestive, clothed) in the sexual score; porn and hentai count fully. */
  sexyWeight: 0.5,
  /** sexual = porn + hentai + sexyWeight · sexy; at or above this the image is sexual. */
  sexualThreshold: 0.5,
  /** The age of majority the check protects. */
  adultAge: 18,
  /**
   * Years added to adultAge: a face estimated under 18 + 5 = 23 counts as possibly a minor. The face model
   * (human's faceres) put the adults it was tried on at 23.4–29.6, so a smaller margin would let its
   * error decide; a labelled set should tune it.
   */
  ageMargin: 5,
  /** Faces the detector is less sure of than this are ignored (noise, patterns, backgrounds). */
  minFaceScore: 0.5,
} as const;

export type ImageSafetyRule = { readonly [Key in keyof typeof IMAGE_SAFETY_RULE]: number };

/**
 * Why an image was flagged: `sexual` (the sexual score reached the threshold) and `young_face` (a counted
 * face is estimated under adultAge + ageMargin). Both are listed when they fire; the image is held only
 * when both do.
 */
export const IMAGE_SAFETY_REASONS = ['sexual', 'young_face'] as const;
export type ImageSafetyReason = (typeof IMAGE_SAFETY_REASONS)[number];

export interface ImageSafetyVerdict {
  /** Keep the image from everybody but its owner and queue it for a moderator. */
  hold: boolean;
  /** The signals that fired, in IMAGE_SAFETY_REASONS order (possibly one without a hold). */
  reasons: ImageSafetyReason[];
  /** The sexual score the rule compared. */
  sexual: number;
  /** The youngest estimated age among the counted faces; null when no face counted or none has an age. */
  youngestAge: number | null;
}

/**
 * A model's number, or the unsafe side of it when the model gave something that is not one (NaN,
 * Infinity): a broken score sends the image to a human rather than letting it through.
 */
const orUnsafe = (value: number, unsafe: number) => (Number.isFinite(value) ? value : unsafe);

/** porn + hentai + sexyWeight · sexy. Drawings count like photos: hentai is the drawn class of porn. */
export function sexualScore(nsfw: NsfwScores, rule: ImageSafetyRule = IMAGE_SAFETY_RULE): number {
  return orUnsafe(nsfw.porn, 1) + orUnsafe(nsfw.hentai, 1) + rule.sexyWeight * orUnsafe(nsfw.sexy, 1);
}

/**
 * The verdict on one image's scores:
 * - sexual when sexualScore ≥ sexualThreshold;
 * - young_face when a face with score ≥ minFaceScore is estimated under adultAge + ageMargin, or has no
 *   estimate at all (a face the model could not age is for a human to look at). A drawn or cartoon face
 *   counts like a photographed one: the detector finds both, and nothing here tells them apart;
 * - held when both fire. A sexual image with no counted face is allowed (nothing suggests a minor), and so
 *   is a young face in an image that is not sexual.
 */
export function imageSafetyVerdict(
  scores: ImageSafetyScores,
  rule: ImageSafetyRule = IMAGE_SAFETY_RULE,
): ImageSafetyVerdict {
  const sexual = sexualScore(scores.nsfw, rule);
  const counted = scores.faces.filter((face) => orUnsafe(face.score, 1) >= rule.minFaceScore);
  const ages = counted.map((face) => (face.age === null ? null : orUnsafe(face.age, 0)));
  const known = ages.filter((age): age is number => age !== null);
  const youngestAge = known.length > 0 ? Math.min(...known) : null;
  const young = ages.some((age) => age === null || age < rule.adultAge + rule.ageMargin);
  const reasons: ImageSafetyReason[] = [];
  if (sexual >= rule.sexualThreshold) reasons.push('sexual');
  if (young) reasons.push('young_face');
  return { hold: reasons.length === 2, reasons, sexual, youngestAge };
}

/**
 * Where an image stands with the check (image.safety_state, migration 0020):
 * - `pending`: finished, not scored yet (the models are loading, busy, or failed): its owner's only;
 * - `held`: the rule held it: its owner's only, with an open review (IMAGE_SAFETY_REVIEW_STATES);
 * - `clear`: checked and allowed, released by a moderator, or made while the check was off: the owner's
 *   privacy choice alone decides who sees it (canView).
 */
export const IMAGE_SAFETY_STATES = ['pending', 'held', 'clear'] as const;
export type ImageSafetyState = (typeof IMAGE_SAFETY_STATES)[number];

/** A held image's review: open until a moderator releases the image or removes (deletes) it. */
export const IMAGE_SAFETY_REVIEW_STATES = ['open', 'released', 'removed'] as const;
export type ImageSafetyReviewState = (typeof IMAGE_SAFETY_REVIEW_STATES)[number];

/** What a moderator decides about a held image. */
export const IMAGE_SAFETY_RESOLUTIONS = ['release', 'remove'] as const;
export type ImageSafetyResolution = (typeof IMAGE_SAFETY_RESOLUTIONS)[number];
