import type { TFunction } from 'i18next';

/** What an image's alt text is made of: a gallery card's fields, or the viewer's image info. */
export interface AltSubject {
  /**
   * Its main tags (@mirage/domain mainTags: the first three prompt tags, in prompt order), as written:
   * tags are prompt words with no translation.
   */
  mainTags: readonly string[];
  /** The author's name. */
  username: string;
  render: string | null;
  format: string;
}

const KINDS: Partial<Record<string, 'search.render_hentai' | 'search.render_realistic'>> = {
  hentai: 'search.render_hentai',
  realistic: 'search.render_realistic',
};
const FORMATS: Partial<
  Record<string, 'search.format_Portrait' | 'search.format_Wide' | 'search.format_Square'>
> = {
  Portrait: 'search.format_Portrait',
  Wide: 'search.format_Wide',
  Square: 'search.format_Square',
};

/**
 * The alt text of an image (a gallery thumbnail, the viewer's picture), in the reader's language: what it
 * shows and who made it, so that screen-reader users can tell the images apart. Its main tags ("lighthouse,
 * harbour, dusk — image by mirage"), else its kind and format ("Anime, Portrait — image by mirage"), else
 * only its author. The images have no title (docs/product/image-viewer.md#information).
 */
export function imageAlt(t: TFunction<'gallery'>, image: AltSubject): string {
  const { username } = image;
  if (image.mainTags.length > 0) {
    return t('card.alt_tags', { tags: image.mainTags.join(t('card.alt_tag_separator')), username });
  }
  const kind = image.render ? KINDS[image.render] : undefined;
  const format = FORMATS[image.format];
  return kind && format
    ? t('card.alt_kind', { kind: t(kind), format: t(format), username })
    : t('card.alt', { username });
}
