/**
 * An image's main tags: what its alt text says it shows (issue 20: thumbnails and the viewer describe the
 * image in words), docs/product/gallery.md#tags.
 *
 * The choice: the first MAIN_TAG_COUNT distinct prompt tags, in prompt order. Prompts put what matters
 * first (tags.ts keeps the first MAX_TAGS_PER_IMAGE for the same reason), and "see similar" searches with
 * the same first three (docs/product/image-viewer.md#image-menu), so the words a reader hears are the ones
 * that find similar images. The most used tags would name what images share ("portrait", "dusk"), not what
 * this one shows, and ranking them would cost a tag lookup per card. System tags (style, render, format)
 * are not among them: the alt text says those in the reader's language when there is no prompt tag.
 *
 * Tags are prompt words, stored once whatever the language (tag.name): there is no translation of them to
 * pick, so they are said as written and only the sentence around them is translated.
 */

/** Main tags per image: the gallery card carries this many (GalleryItem.main_tags). */
export const MAIN_TAG_COUNT = 3;

/**
 * The main tags of an image's tag list as stored and served (image.tags, GET /api/image/{uuid}/info
 * `tags`: its prompt tags, comma-separated, in prompt order): at most MAIN_TAG_COUNT, distinct, trimmed.
 */
export function mainTags(tagList: string): string[] {
  const tags = new Set<string>();
  for (const item of tagList.split(',')) {
    const tag = item.trim();
    if (tag !== '') tags.add(tag);
    if (tags.size === MAIN_TAG_COUNT) break;
  }
  return [...tags];
}
