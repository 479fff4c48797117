/**
 * Choosing images of the collection to take out of it together
 * (docs/product/collections-and-prompts.md#favourites: DELETE /api/action/favorites with a list of images).
 * Pure set operations, so the rules are tested without a browser.
 */
import { MAX_FAVORITES_PER_REMOVAL } from '@mirage/domain';

/** The API takes at most this many images per call. */
export const MAX_SELECTION = MAX_FAVORITES_PER_REMOVAL;

/** The selection with `uuid` added or removed; unchanged when full and `uuid` is not in it. */
export function toggleSelected(selected: ReadonlySet<string>, uuid: string): ReadonlySet<string> {
  const next = new Set(selected);
  if (next.has(uuid)) next.delete(uuid);
  else if (next.size < MAX_SELECTION) next.add(uuid);
  else return selected;
  return next;
}

/** Only the selected images still on the board (a refresh may have dropped some). */
export function keepPresent(selected: ReadonlySet<string>, present: readonly { uuid: string }[]) {
  const onBoard = new Set(present.map((card) => card.uuid));
  return [...selected].filter((uuid) => onBoard.has(uuid));
}
