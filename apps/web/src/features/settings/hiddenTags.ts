/**
 * Hidden tags (docs/product/gallery.md#hidden-tags, "blacklisted-tags chips", `blacklist`,
 * docs/product/api.md /api/settings/tags): the tags whose images a user never sees, in any gallery. Prompt
 * tags come from the gallery's autocomplete; system tags (style, render, format, generation type) from GET
 * /api/settings/tags/system. Pure: ordering, grouping, and the option a system tag stands for.
 */
import type { Answer } from '@mirage/contract';
import {
  FORMATS,
  RENDERS,
  SEARCH_GEN_TYPES,
  systemTagName,
  type Format,
  type Render,
  type SearchGenType,
  type SystemTagKind,
} from '@mirage/domain';

/** A tag as GET/PUT /api/settings/tags/ban and GET /api/settings/tags/system list it (the contract's Tag). */
export type HiddenTag = Answer<'getBannedTags'>['tags'][number];

/** The groups of the system tag picker, in the order the search panel shows its filters. */
export const SYSTEM_TAG_KINDS = [
  'style',
  'render',
  'format',
  'gen_type',
] as const satisfies readonly SystemTagKind[];
export type SystemTagGroupKind = (typeof SYSTEM_TAG_KINDS)[number];

/** Chips: prompt tags first, then the system tags group by group. */
const KIND_ORDER: readonly string[] = ['prompt', ...SYSTEM_TAG_KINDS];

/** Stored generation types (the tag names) to the search's generation types (their labels). */
const GEN_TYPE_OF_TAG: Readonly<Record<string, SearchGenType>> = {
  txt2img: 'txt2img',
  inpaint: 'tweak',
  style_convert: 'style_convert',
};

/** The option a render, format or generation type tag stands for; null for other kinds or unknown names. */
export type SystemTagValue =
  | { kind: 'render'; value: Render }
  | { kind: 'format'; value: Format }
  | { kind: 'gen_type'; value: SearchGenType };

export function systemTagValue(tag: Pick<HiddenTag, 'kind' | 'name'>): SystemTagValue | null {
  switch (tag.kind) {
    case 'render': {
      const value = RENDERS.find((render) => systemTagName(render) === tag.name);
      return value ? { kind: 'render', value } : null;
    }
    case 'format': {
      const value = FORMATS.find((format) => systemTagName(format) === tag.name);
      return value ? { kind: 'format', value } : null;
    }
    case 'gen_type': {
      const value = GEN_TYPE_OF_TAG[tag.name];
      return value ? { kind: 'gen_type', value } : null;
    }
    case 'prompt':
    case 'style':
      return null;
  }
}

/** Where a system tag's option stands in its list (RENDERS, FORMATS, SEARCH_GEN_TYPES); last if unknown. */
function optionIndex(tag: HiddenTag): number {
  const option = systemTagValue(tag);
  if (!option) return Number.MAX_SAFE_INTEGER;
  switch (option.kind) {
    case 'render':
      return RENDERS.indexOf(option.value);
    case 'format':
      return FORMATS.indexOf(option.value);
    case 'gen_type':
      return SEARCH_GEN_TYPES.indexOf(option.value);
  }
}

const kindIndex = (tag: HiddenTag) => {
  const index = KIND_ORDER.indexOf(tag.kind);
  return index < 0 ? KIND_ORDER.length : index;
};

/**
 * The order hidden tags are shown in: prompt tags, styles, renders, formats, generation types; by name
 * within prompt tags and styles, in the search panel's order within the others.
 */
export function sortHiddenTags(tags: readonly HiddenTag[]): HiddenTag[] {
  return [...tags].sort(
    (a, b) =>
      kindIndex(a) - kindIndex(b) ||
      optionIndex(a) - optionIndex(b) ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  );
}

/** The list with `tag` added (sorted), or the same list when it is there already. */
export function withHiddenTag(tags: readonly HiddenTag[], tag: HiddenTag): readonly HiddenTag[] {
  if (tags.some((item) => item.id === tag.id)) return tags;
  return sortHiddenTags([...tags, { id: tag.id, kind: tag.kind, name: tag.name }]);
}

/** The list without the tag `id`, or the same list when it is not there. */
export function withoutHiddenTag(tags: readonly HiddenTag[], id: number): readonly HiddenTag[] {
  return tags.some((item) => item.id === id) ? tags.filter((item) => item.id !== id) : tags;
}

/** The body of PUT /api/settings/tags/ban. */
export const hiddenTagsBody = (tags: readonly HiddenTag[]) => ({ tags: tags.map((tag) => tag.id) });

/** System tags by picker group, each group sorted; groups without tags are left out. */
export function groupSystemTags(
  tags: readonly HiddenTag[],
): { kind: SystemTagGroupKind; tags: HiddenTag[] }[] {
  const sorted = sortHiddenTags(tags);
  return SYSTEM_TAG_KINDS.map((kind) => ({ kind, tags: sorted.filter((tag) => tag.kind === kind) })).filter(
    (group) => group.tags.length > 0,
  );
}
