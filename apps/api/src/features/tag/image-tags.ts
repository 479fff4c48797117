import { promptTags, systemTagName, type TagKind } from '@mirage/domain';

/** A tag as stored: its kind and normalised name. */
export interface TagName {
  kind: TagKind;
  name: string;
}

/**
 * The tags an image is stored with: its prompt's tags, plus system tags for its style, render, format
 * and generation type, so that search filters and blacklists are all one indexed array test.
 */
export function imageTags(prompt: string, settings: Record<string, unknown>, genType: string): TagName[] {
  const tags: TagName[] = promptTags(prompt).map((name) => ({ kind: 'prompt', name }));
  const system: [TagKind, unknown][] = [
    ['style', settings.style_lib],
    ['render', settings.render],
    ['format', settings.format],
    ['gen_type', genType],
  ];
  for (const [kind, value] of system) {
    if (typeof value === 'string' && value !== '') tags.push({ kind, name: systemTagName(value) });
  }
  return tags;
}
