import { sql, type Kysely } from 'kysely';

/**
 * `tag.usage_count` now counts PUBLIC images only (abuse findings M2; tag/usage-repository.ts): tag
 * suggestions and a search's `tags_count` showed words and counts that only private images carried.
 * Image creation, privacy toggles and deletions keep the new meaning from here on; this recounts the
 * rows written under the old one. Tags no public image carries go to 0 and are suggested to nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update tag set usage_count = recount.public_images
    from (
      select tag.id, coalesce(counted.n, 0) as public_images
      from tag
      left join (
        select unnest(tag_ids) as tag_id, count(*) as n from image where not is_private group by 1
      ) counted on counted.tag_id = tag.id
    ) recount
    where tag.id = recount.id and tag.usage_count is distinct from recount.public_images
  `.execute(db);
}

/** Back to counting every image, private ones included (the meaning before this migration). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update tag set usage_count = recount.all_images
    from (
      select tag.id, coalesce(counted.n, 0) as all_images
      from tag
      left join (select unnest(tag_ids) as tag_id, count(*) as n from image group by 1) counted
        on counted.tag_id = tag.id
    ) recount
    where tag.id = recount.id and tag.usage_count is distinct from recount.all_images
  `.execute(db);
}
