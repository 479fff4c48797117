import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * `tag.usage_count` now counts PUBLISHED images only: public and cleared by the image-side safety check
 * (isPublished in @mirage/domain; tag/usage-repository.ts). A public image waiting for the check or held
 * for review counted before, so its prompt words showed in suggestions and a search's `tags_count`.
 * Image creation, the check's verdict, a release, privacy toggles and deletions keep the new meaning from
 * here on; this recounts the rows written under the old one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await recount(db, sql`not is_private and safety_state = 'clear'`);
}

/** Back to counting every public image, whatever the safety check says (0008's meaning). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await recount(db, sql`not is_private`);
}

async function recount(db: Kysely<unknown>, counted: RawBuilder<boolean>): Promise<void> {
  await sql`
    update tag set usage_count = recount.images
    from (
      select tag.id, coalesce(counted.n, 0) as images
      from tag
      left join (
        select unnest(tag_ids) as tag_id, count(*) as n from image where ${counted} group by 1
      ) counted on counted.tag_id = tag.id
    ) recount
    where tag.id = recount.id and tag.usage_count is distinct from recount.images
  `.execute(db);
}
