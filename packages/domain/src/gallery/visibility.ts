/**
 * Who may see an image (DESIGN invariant 4: a private image is its owner's only, in every gallery, info
 * call and file URL). This is the one statement of the rule; the API's SQL form of it is `visibleTo`
 * (apps/api/src/features/image/visibility-repository.ts), and a test checks that the two agree.
 *
 * What decides it is the owner, the private flag and the image-side safety check (moderation/
 * image-safety.ts): an image the check has not cleared (pending, or held for review) is its owner's only,
 * whatever the flag says; once cleared, the flag alone decides. A deleted image has no row (it is never
 * found). Curated samples are ordinary public images.
 */
import type { ImageSafetyState } from '../moderation/image-safety.ts';

/** Who is asking: a signed-in user's id, or ANONYMOUS (no session, or a page anyone may fetch). */
export type ImageViewer = number | null;

/**
 * The viewer without a session. Also the viewer of anything served alike to everybody: a sharing card, a
 * publicly cached file, the public gallery boards.
 */
export const ANONYMOUS = null;

/** The facts of an image that decide who may see it. */
export interface ImageVisibilityFacts {
  user_id: number;
  /** The owner's choice; it decides only once the safety check has cleared the image. */
  is_private: boolean;
  safety_state: ImageSafetyState;
}

/**
 * Whether `viewer` may see `image`: a public image the safety check cleared is anybody's; any other (private,
 * awaiting the check, or held for review) is its owner's only.
 */
export function canView(viewer: ImageViewer, image: ImageVisibilityFacts): boolean {
  return isPublished(image) || (viewer !== ANONYMOUS && viewer === image.user_id);
}

/**
 * Whether everybody may see the image: public by its owner's choice and cleared by the safety check. Only
 * such an image counts for its tags' public usage (`tag.usage_count`: suggestions, a search's
 * `tags_count`), so a word that only a private, pending or held image carries reaches nobody.
 */
export function isPublished(image: Pick<ImageVisibilityFacts, 'is_private' | 'safety_state'>): boolean {
  return !image.is_private && image.safety_state === 'clear';
}
