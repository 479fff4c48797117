import type { Kysely } from 'kysely';

/**
 * `image.curated`: a picture the service ships for its own pages (the guide's comparators, the promo
 * pages; apps/api/src/features/gallery/samples.ts). Such an image is stored private to the curator
 * account, so every gallery, search, count and board leaves it out like any private image, and this flag
 * lets the image file routes serve its files to anybody (apps/api/src/features/image/routes.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('image')
    .addColumn('curated', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('image').dropColumn('curated').execute();
}
