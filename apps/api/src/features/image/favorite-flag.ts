import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Whether the viewer has the image among their favourites (a correlated EXISTS on `favorite`). */
export function favoriteExists(eb: ExpressionBuilder<Database, 'image'>, viewerId: number) {
  return eb.exists(
    eb
      .selectFrom('favorite')
      .select(sql`1`.as('one'))
      .whereRef('favorite.image_id', '=', 'image.id')
      .where('favorite.user_id', '=', viewerId),
  );
}

/** The `is_favorite` column of an image query, for a viewer; always false for a guest. */
export function isFavoriteColumn(viewerId: number | null) {
  return (eb: ExpressionBuilder<Database, 'image'>) =>
    viewerId === null
      ? sql<boolean>`false`.as('is_favorite')
      : favoriteExists(eb, viewerId).as('is_favorite');
}
