import { ANONYMOUS, type ImageViewer } from '@mirage/domain';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The SQL form of the domain's `canView` (invariant 4: a private image is its owner's only; so is one the
 * image-side safety check has not cleared), for the `where` of any query over `image`:
 * `.where(visibleTo(viewer))`. Every query that hands images (or their ids, counts of them aside) to a viewer
 * goes through it; a row that a viewer may not see is simply not found, so the answer is the same as for an
 * image that does not exist. docs/architecture/privacy.md.
 *
 * For ANONYMOUS it is exactly `image.is_private = false and image.safety_state = 'clear'`, the predicate of
 * the public partial indexes (image_public_newest, image_public_shuffle; migration 0020), so the public
 * boards keep their index walks.
 */
export function visibleTo(viewer: ImageViewer) {
  return (eb: ExpressionBuilder<Database, 'image'>) => {
    const published = eb.and([eb('image.is_private', '=', false), eb('image.safety_state', '=', 'clear')]);
    return viewer === ANONYMOUS ? published : eb.or([published, eb('image.user_id', '=', viewer)]);
  };
}
