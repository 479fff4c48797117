/** The tag feature's public face: what other features import from it. */
export { imageTags } from './image-tags.ts';
export type { TagRepository } from './repository.ts';
export type { SystemTagFilters, SystemTagIndex } from './system-tags.ts';
export { changeTagUsage, publicTag, upsertTags } from './usage-repository.ts';
