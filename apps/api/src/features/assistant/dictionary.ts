import { createTagIndex, type TagDictionaryData, type TagIndex } from '@mirage/domain';

/**
 * The shipped tag dictionary (tag-dictionary.json, built by scripts/build-tag-dictionary.ts),
 * loaded and indexed on first use rather than at start: the API boots as fast without it, and only the
 * assistant's calls pay the few milliseconds once.
 */
let index: Promise<TagIndex> | undefined;

export function loadTagIndex(): Promise<TagIndex> {
  index ??= import('./tag-dictionary.json', { with: { type: 'json' } }).then((module) =>
    createTagIndex(module.default as unknown as TagDictionaryData),
  );
  // A failed load is tried again on the next call rather than remembered.
  index.catch(() => {
    index = undefined;
  });
  return index;
}
