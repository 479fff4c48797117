import type { galleryItem, galleryPage, gallerySearchQuery } from '@mirage/contract';
import {
  GALLERY_PAGE_SIZE,
  GUEST_SAMPLE_COUNT,
  SEARCH_TOTAL_CAP,
  dailyShuffleSeed,
  mainTags,
  searchShuffle,
  type SearchBody,
} from '@mirage/domain';
import type { z } from 'zod';
import { imageFileAddress } from '../image/index.ts';
import type { SystemTagIndex, TagRepository } from '../tag/index.ts';
import type { GallerySearchRepository, SearchCriteria } from './search-repository.ts';

/**
 * POST /api/gallery/search query parameters (docs/product/gallery.md#search): `author_id` 0 is the public
 * gallery, else that user's images (the viewer's own creations when it is the viewer); `offset` counts the
 * images the client added at the top since it loaded page 0 ("the offset grows").
 */
export type SearchParams = z.output<typeof gallerySearchQuery>;

/** A page of a board, as the contract describes it. */
export type GalleryPage = z.output<typeof galleryPage>;
export type GalleryItem = z.output<typeof galleryItem>;

type Card = Awaited<ReturnType<GallerySearchRepository['cards']>>[number];

/**
 * What a gallery card needs, with the file addresses (docs/product/image-viewer.md#files) and the main tags
 * its alt text names (@mirage/domain mainTags), not the whole tag list.
 */
export function toCardView(card: Card, filesPublicUrl: string | undefined): GalleryItem {
  return {
    id: card.id,
    uuid: card.uuid,
    user_id: card.user_id,
    username: card.username,
    width: card.width,
    height: card.height,
    blurhash: card.blurhash,
    style_id: card.style_id,
    format: card.format,
    render: card.render,
    gen_type: card.gen_type,
    is_private: card.is_private,
    is_favorite: card.is_favorite,
    upscaled: card.upscaled,
    nsfw: card.nsfw,
    main_tags: mainTags(card.tags),
    created_at: card.created_at.toISOString(),
    thumbnail_src: imageFileAddress(filesPublicUrl, `${card.uuid}-min.webp`),
    image_src: imageFileAddress(filesPublicUrl, `${card.uuid}.webp`),
  };
}

export function createGalleryService(deps: {
  search: GallerySearchRepository;
  tags: TagRepository;
  systemTags: SystemTagIndex;
  /** The clock (the seed of a shuffle asked for without one changes daily). */
  now?: () => Date;
  /** FILES_PUBLIC_URL: where the cards' file addresses point (features/image/file-address.ts). */
  filesPublicUrl?: string | undefined;
}) {
  const now = deps.now ?? (() => new Date());
  const cardView = (card: Card) => toCardView(card, deps.filesPublicUrl);
  return {
    /**
     * A page of a board. Guests get the curated samples (docs/product/gallery.md#boards: a fixed set of 24)
     * whatever they ask; signed-in users get the search. `total` stops counting at SEARCH_TOTAL_CAP
     * (`total_capped`), and `tags_count` gives each searched tag's number of images.
     */
    async search(viewerId: number | null, params: SearchParams, body: SearchBody): Promise<GalleryPage> {
      if (viewerId === null) {
        const samples = params.page === 0 ? await deps.search.samples(GUEST_SAMPLE_COUNT) : [];
        return { items: samples.map(cardView), total: samples.length, total_capped: false, tags_count: {} };
      }
      const criteria: SearchCriteria = {
        pos: body.pos_search,
        opt: body.opt_search,
        neg: body.neg_search,
        shuffle: searchShuffle(body, () => dailyShuffleSeed(viewerId, now().toISOString().slice(0, 10))),
        ...(await deps.systemTags.filters(body)),
      };
      const scope = {
        viewerId,
        ...(params.author_id > 0 ? { authorId: params.author_id } : {}),
        favorite: params.favorite,
      };
      const size = params.size || GALLERY_PAGE_SIZE;
      const searched = [...new Set([...body.pos_search, ...body.opt_search, ...body.neg_search])];
      const page = { skip: params.page * size + params.offset, size };
      const [found, tags] = await Promise.all([
        deps.search.findPage(scope, criteria, page, SEARCH_TOTAL_CAP),
        deps.tags.byIds(searched),
      ]);
      const items = await deps.search.cards(found.ids, viewerId);
      const counted = found.total;
      return {
        items: items.map(cardView),
        total: Math.min(counted, SEARCH_TOTAL_CAP),
        total_capped: counted > SEARCH_TOTAL_CAP,
        tags_count: Object.fromEntries(tags.map((tag) => [tag.id, tag.usage_count])),
      };
    },
  };
}
export type GalleryService = ReturnType<typeof createGalleryService>;
