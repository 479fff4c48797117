import { promptTags, systemTagName, type TagKind } from '@mirage/domain';

/** A tag as stored: its kind and normalised name. */
export interface TagName {
  kind: TagKind;
  name: string;
}

/**
 * The tags an image is stored with: its prompt's tags, plus system tags for its style, render and
 * format, so that a blacklist of any of them hides the image with one array test.
 */
export function imageTags(prompt: string, settings: Record<string, unknown>): TagName[] {
  const tags: TagName[] = promptTags(prompt).map((name) => ({ kind: 'prompt', name }));
  const system: [TagKind, unknown][] = [
    ['style', settings.style_lib],
    ['render', settings.render],
    ['format', settings.format],
  ];
  for (const [kind, value] of system) {
    if (typeof value === 'string' && value !== '') tags.push({ kind, name: systemTagName(value) });
  }
  return tags;
}
