import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.ts';

/**
 * Tag usage: `tag.usage_count` is the number of PUBLISHED images that carry the tag: public and cleared by
 * the image-side safety check (isPublished in @mirage/domain; a pending or held image counts once cleared
 * or released: image/safety/repository.ts). Decision (abuse findings M2): a private image's tags count
 * for nobody, not even for its owner. Counts and suggestions
 * are shared by everyone (one counter per tag, no per-viewer counting on the search path), and a word
 * that only private prompts hold must not reach anyone but through the owner's own images. A tag row
 * still exists for a private image (its tag_ids need ids; search filters and blacklists work on them).
 *
 * Every change of an image's visibility moves the counts in the same transaction as the image row:
 * creation (+1 if published), the safety check's clearing or a release (+1 if public), a privacy toggle
 * of a cleared image (±1), a deletion (−1 if it was published). Tag rows are locked
 * in (kind, name) order everywhere, after the one image row involved, so concurrent changes never
 * deadlock.
 */

/**
 * Whether a tag may be shown to anyone: system tags (style, render, format, generation type: catalogue
 * words) always, prompt tags while a public image carries them. Tag suggestions, a search's
 * `tags_count`, the blacklist and saved prompts only accept or reveal such tags.
 */
export const publicTag: RawBuilder<boolean> = sql<boolean>`(tag.kind <> 'prompt' or tag.usage_count > 0)`;

/**
 * The insert that stores an image's tags: each tag is created, or counted once more when the image is
 * public (`counted`); returns the tag ids. Rows are written in (kind, name) order, sorted by PostgreSQL
 * itself, so that concurrent image creations lock shared tag rows in the same order and never deadlock.
 * With `onlyIf`, the tags are written once per row of that table (a CTE of the caller's statement): none
 * when it is empty. The increment is a parameter, so the statement text (prepared on the completion
 * path) is the same for public and private images.
 */
export function upsertTags(
  db: DB,
  tags: readonly { kind: string; name: string }[],
  counted: boolean,
  onlyIf?: string,
) {
  const guard = onlyIf ? sql`${sql.table(onlyIf)}, ` : sql``;
  return db
    .insertInto('tag')
    .columns(['kind', 'name', 'usage_count'])
    .expression(
      sql`select t.kind, t.name, ${counted ? 1 : 0}::bigint from ${guard}unnest(${tags.map((tag) => tag.kind)}::text[], ${tags.map((tag) => tag.name)}::text[]) as t(kind, name) order by t.kind, t.name`,
    )
    .onConflict((oc) =>
      oc.columns(['kind', 'name']).doUpdateSet({ usage_count: sql`tag.usage_count + excluded.usage_count` }),
    )
    .returning('id');
}

/**
 * Moves the usage of these tags by `delta` (an image made public: +1; made private or deleted while
 * public: −1), in the caller's transaction, locking the tag rows in (kind, name) order like creation.
 * Never below zero, so that a count repaired by hand cannot go negative.
 */
export async function changeTagUsage(trx: DB, tagIds: readonly number[], delta: 1 | -1): Promise<void> {
  if (tagIds.length === 0) return;
  await sql`update tag set usage_count = greatest(tag.usage_count + ${delta}::bigint, 0)
    from (select id from tag where id = any(${[...tagIds]}::bigint[]) order by kind, name for update) locked
    where tag.id = locked.id`.execute(trx);
}
