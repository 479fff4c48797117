/**
 * Who may see an image (DESIGN invariant 4: a private image is its owner's only, in every gallery, info
 * call and file URL). This is the one statement of the rule; the API's SQL form of it is `visibleTo`
 * (apps/api/src/features/image/visibility-repository.ts), and a test checks that the two agree.
 *
 * What decides it today is the owner and the private flag, nothing else: a deleted image has no row (it
 * is never found), and no moderation state hides an image. Curated samples are ordinary public images.
 */

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
  is_private: boolean;
}

/** Whether `viewer` may see `image`: a public image is anybody's, a private one its owner's only. */
export function canView(viewer: ImageViewer, image: ImageVisibilityFacts): boolean {
  return !image.is_private || (viewer !== ANONYMOUS && viewer === image.user_id);
}
