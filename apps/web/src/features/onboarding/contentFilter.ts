/**
 * The content filter of the account setup (docs/product/accounts.md#account-setup: hentai, realistic or
 * both). It is not a setting of its own: the product already keeps "what I never want to see" as the user's
 * hidden tags (GET/PUT /api/settings/tags/ban), render tags included, and the gallery filters every board by
 * them. "Hentai only" is the realistic render tag hidden; "realistic only" the hentai one; "both" neither.
 * Pure: reading the filter from the hidden tags and writing it back.
 */
import { RENDERS, type Render } from '@mirage/domain';
import { systemTagValue, type HiddenTag } from '../settings/index.ts';

export const CONTENT_FILTERS = ['both', ...RENDERS] as const;
export type ContentFilter = (typeof CONTENT_FILTERS)[number];

const renderOf = (tag: HiddenTag): Render | null => {
  const option = systemTagValue(tag);
  return option?.kind === 'render' ? option.value : null;
};

/**
 * The filter the hidden tags amount to; null when every render is hidden (no choice of the three says
 * that, and saving one will show images again).
 */
export function contentFilterOf(hidden: readonly HiddenTag[]): ContentFilter | null {
  const hiddenRenders = new Set(hidden.map(renderOf).filter((render) => render !== null));
  const shown = RENDERS.filter((render) => !hiddenRenders.has(render));
  if (shown.length === RENDERS.length) return 'both';
  return shown.length === 1 ? shown[0]! : null;
}

/**
 * The hidden tags with the render tags set for `filter`: the other render's tag hidden, the shown render's
 * tag not. `systemTags` (GET tags/system) supplies the render tags to add. Other tags are kept as they were.
 */
export function withContentFilter(
  hidden: readonly HiddenTag[],
  systemTags: readonly HiddenTag[],
  filter: ContentFilter,
): HiddenTag[] {
  const kept = hidden.filter((tag) => renderOf(tag) === null);
  if (filter === 'both') return kept;
  const toHide = systemTags.filter((tag) => {
    const render = renderOf(tag);
    return render !== null && render !== filter;
  });
  return [...kept, ...toHide.map(({ id, kind, name }) => ({ id, kind, name }))];
}
