import { ANONYMOUS, shuffleStart } from '@mirage/domain';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { favoriteExists, isFavoriteColumn, visibleTo } from '../image/index.ts';
import type { SystemTagFilters } from '../tag/index.ts';

/**
 * Who is looking and at which board (docs/product/gallery.md#search, POST /api/gallery/search query
 * parameters).
 */
export interface SearchScope {
  viewerId: number;
  /** A user's gallery or the viewer's own creations; 0 or absent: the public gallery. */
  authorId?: number;
  /** The viewer's collection (favourites). */
  favorite?: boolean;
}

/** A search in tag ids: the body's tag lists plus its style/render/format/gen-type filters as system tags. */
export interface SearchCriteria extends SystemTagFilters {
  pos: number[];
  opt: number[];
  neg: number[];
  /** The area's shuffle seed in [-1, 1]; null: newest first. */
  shuffle: number | null;
}

export interface SearchPage {
  /** Rows to skip (page * size + the client's offset). */
  skip: number;
  size: number;
}

/**
 * One card of a gallery page: what a grid needs, never the prompt (that is the info call). `tags` (the
 * prompt's tags as the info call serves them, to anybody who may see the image) only for the card's main
 * tags (service.ts toCardView): read in the same query as the rest of the card, never per card.
 */
const CARD_COLUMNS = [
  'image.id',
  'image.uuid',
  'image.user_id',
  'image.width',
  'image.height',
  'image.blurhash',
  'image.style_id',
  'image.format',
  'image.render',
  'image.gen_type',
  'image.is_private',
  'image.upscaled',
  'image.nsfw',
  'image.tags',
  'image.created_at',
] as const;

type ImageQuery = SelectQueryBuilder<Database, 'image', object>;

const bigintArray = (ids: readonly number[]) => sql<number[]>`${[...ids]}::bigint[]`;

/**
 * The gallery search (docs/product/gallery.md#search). Rules every board shares:
 * - another user's private image is never a match (invariant 4, visibleTo); the owner sees their own
 *   on their creations board and in their collection;
 * - the viewer's blacklisted tags hide an image everywhere;
 * - pos: all of the tags; opt: any of them; neg: none of them; styles, renders, formats and generation
 *   types are system tags: any of the chosen ones in each group. All of it is one GIN-indexed array.
 * Order: newest (id descending; in a collection, newest favourite first) or shuffle: from a point of the
 * random key circle chosen by the seed, round the circle — stable for one seed, and each half walks the
 * (shuffle_key, id) index instead of sorting the whole match set.
 */
export function createGallerySearchRepository(db: DB) {
  function matching(scope: SearchScope, criteria: SearchCriteria): ImageQuery {
    let query = db.selectFrom('image') as ImageQuery;
    const own = scope.authorId !== undefined && scope.authorId === scope.viewerId;
    if (scope.favorite) query = query.where((eb) => favoriteExists(eb, scope.viewerId));
    if (scope.authorId) query = query.where('image.user_id', '=', scope.authorId);
    // The viewer's own creations and collection show what the viewer may see; the public boards (the
    // gallery, another user's page) show what anybody may see, so even the viewer's own private images
    // stay off them.
    query = query.where(visibleTo(own || scope.favorite ? scope.viewerId : ANONYMOUS));
    const all = (ids: number[]) => sql<boolean>`image.tag_ids @> ${bigintArray(ids)}`;
    const any = (ids: number[]) => sql<boolean>`image.tag_ids && ${bigintArray(ids)}`;
    if (criteria.pos.length) query = query.where(all(criteria.pos));
    if (criteria.opt.length) query = query.where(any(criteria.opt));
    if (criteria.neg.length) query = query.where(sql<boolean>`not ${any(criteria.neg)}`);
    for (const group of [criteria.styles, criteria.renders, criteria.formats, criteria.genTypes]) {
      // null: not filtered. A filter whose values have no tag matches nothing (`&& '{}'` is false).
      if (group !== null) query = query.where(any(group));
    }
    // The blacklist is read in the same statement (an init plan: once per query, not per row).
    return query.where(
      sql<boolean>`not (image.tag_ids && coalesce((select array_agg(tag_id) from user_tag_ban where user_id = ${scope.viewerId}), '{}'))`,
    );
  }

  /**
   * Dense results: the ids of one page found by walking an order index and filtering, which reaches a
   * page after a few rows when matches are common.
   */
  function densePageIds(scope: SearchScope, criteria: SearchCriteria, page: SearchPage) {
    if (criteria.shuffle === null) {
      if (scope.favorite) {
        return matching(scope, criteria)
          .innerJoin('favorite as mine', (join) =>
            join.onRef('mine.image_id', '=', 'image.id').on('mine.user_id', '=', scope.viewerId),
          )
          .select('image.id')
          .orderBy('mine.created_at', 'desc')
          .orderBy('image.id', 'desc')
          .offset(page.skip)
          .limit(page.size);
      }
      return matching(scope, criteria)
        .select('image.id')
        .orderBy('image.id', 'desc')
        .offset(page.skip)
        .limit(page.size);
    }
    // Shuffle: keys from the seed's start up, then from the bottom up to the start. Each half takes only
    // as many rows as the page can need, walking the index; the outer query orders the two short lists.
    const start = shuffleStart(criteria.shuffle);
    const half = (upper: boolean) =>
      matching(scope, criteria)
        .select(['image.id', 'image.shuffle_key', sql<number>`${upper ? 0 : 1}`.as('half')])
        .where('image.shuffle_key', upper ? '>=' : '<', start)
        .orderBy('image.shuffle_key')
        .orderBy('image.id')
        .limit(page.skip + page.size);
    return db
      .selectFrom(half(true).as('upper_half'))
      .selectAll()
      .unionAll(db.selectFrom(half(false).as('lower_half')).selectAll())
      .orderBy('half')
      .orderBy('shuffle_key')
      .orderBy('id')
      .offset(page.skip)
      .limit(page.size);
  }

  /**
   * Sparse results: at most `cap` matches are collected (one GIN bitmap scan), counted and sorted in
   * memory, so that one query answers both the page and the total. Walking an order index instead could
   * read the whole table before finding a page: the planner guesses match rates as if tags were
   * independent, and they are not.
   */
  function sparsePage(scope: SearchScope, criteria: SearchCriteria, page: SearchPage, cap: number) {
    let capped = matching(scope, criteria).select(['image.id', 'image.shuffle_key']);
    if (scope.favorite) {
      capped = capped
        .innerJoin('favorite as mine', (join) =>
          join.onRef('mine.image_id', '=', 'image.id').on('mine.user_id', '=', scope.viewerId),
        )
        .select('mine.created_at as favorited_at');
    }
    let query = db
      .selectFrom(capped.limit(cap + 1).as('capped'))
      .select(['capped.id', sql<number>`count(*) over ()`.as('total')]);
    if (criteria.shuffle !== null) {
      const start = shuffleStart(criteria.shuffle);
      query = query
        .orderBy(sql`capped.shuffle_key < ${start}`)
        .orderBy('capped.shuffle_key')
        .orderBy('capped.id');
    } else {
      if (scope.favorite) query = query.orderBy(sql`favorited_at`, 'desc');
      query = query.orderBy('capped.id', 'desc');
    }
    return query.offset(page.skip).limit(page.size);
  }

  return {
    /**
     * The ids of one page in the board's order and the number of matches, counted up to `cap` (a total
     * above `cap` means "more"). Few matches: one query; many: the capped count stops early and an index
     * walk finds the page.
     */
    async findPage(scope: SearchScope, criteria: SearchCriteria, page: SearchPage, cap: number) {
      const rows = await sparsePage(scope, criteria, page, cap).execute();
      // No row on the first page means no match at all; on a later page the count says how many.
      const total = rows[0]
        ? Number(rows[0].total)
        : page.skip === 0
          ? 0
          : await this.count(scope, criteria, cap);
      if (total <= cap) return { ids: rows.map((row) => row.id), total };
      const dense = await densePageIds(scope, criteria, page).execute();
      return { ids: dense.map((row) => row.id), total };
    },

    /**
     * Gallery cards for these ids, in the same order, as seen by the viewer. An image made private since
     * its page was found is left out (visibleTo).
     */
    async cards(ids: readonly number[], viewerId: number) {
      if (ids.length === 0) return [];
      const cards = await db
        .selectFrom('image')
        .innerJoin('app_user', 'app_user.id', 'image.user_id')
        .select([...CARD_COLUMNS, 'app_user.username', isFavoriteColumn(viewerId)])
        .where('image.id', 'in', [...ids])
        .where(visibleTo(viewerId))
        .execute();
      const byId = new Map(cards.map((card) => [card.id, card]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The number of matches, counted up to `cap` (+1 tells the caller there are more). */
    async count(scope: SearchScope, criteria: SearchCriteria, cap: number): Promise<number> {
      const row = await db
        .selectFrom(
          matching(scope, criteria)
            .select(sql`1`.as('one'))
            .limit(cap + 1)
            .as('capped'),
        )
        .select(db.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The curated guest samples (docs/product/gallery.md#boards: 24 for visitors), newest first. */
    async samples(limit: number) {
      return db
        .selectFrom('image')
        .innerJoin('app_user', 'app_user.id', 'image.user_id')
        .select([...CARD_COLUMNS, 'app_user.username', isFavoriteColumn(null)])
        .where('image.is_sample', '=', true)
        .where(visibleTo(ANONYMOUS))
        .orderBy('image.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type GallerySearchRepository = ReturnType<typeof createGallerySearchRepository>;
