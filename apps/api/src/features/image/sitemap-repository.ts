import { ANONYMOUS } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { visibleTo } from './visibility-repository.ts';

/**
 * The images the site shows to search engines (docs/product/routes.md#search-engines): the site map's
 * image pages (GET /sitemap-images-{n}.xml) and the indexable /image/{uuid} pages with their text for
 * crawlers. The rule, in SQL, once:
 *   - what anybody may see (visibleTo(ANONYMOUS), the public gallery's own rule: never a private image);
 *   - whose author's account is active (a closed or banned account's images are not promoted, as the
 *     leaderboards leave such accounts out) and not muted after child-safety strikes (until a moderator
 *     lifts it, nothing of the account is handed to crawlers).
 * Order: oldest first (by id), so a page of the site map keeps its images as new ones arrive at the end.
 */

export interface ListedImage {
  uuid: string;
  prompt: string;
  width: number;
  height: number;
  created_at: Date;
  user_id: number;
  username: string;
}

export interface SitemapRepository {
  /** How many images are listed. */
  countListed(): Promise<number>;
  /** `size` listed images from the `skip`-th, oldest first: uuid and creation time only. */
  listedPage(skip: number, size: number): Promise<{ uuid: string; created_at: Date }[]>;
  /** One listed image with its author's name, or undefined (private, unknown, or its author's account closed). */
  listedImage(uuid: string): Promise<ListedImage | undefined>;
}

export function createSitemapRepository(db: DB): SitemapRepository {
  const listed = () =>
    db
      .selectFrom('image')
      .innerJoin('app_user as author', 'author.id', 'image.user_id')
      .where(visibleTo(ANONYMOUS))
      .where('author.is_active', '=', true)
      .where('author.muted_at', 'is', null);

  return {
    async countListed() {
      const row = await listed()
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async listedPage(skip, size) {
      return listed()
        .select(['image.uuid', 'image.created_at'])
        .orderBy('image.id')
        .offset(skip)
        .limit(size)
        .execute();
    },
    async listedImage(uuid) {
      return listed()
        .select([
          'image.uuid',
          'image.prompt',
          'image.width',
          'image.height',
          'image.created_at',
          'image.user_id',
          'author.username',
        ])
        .where('image.uuid', '=', uuid)
        .executeTakeFirst();
    },
  };
}
