import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/**
 * The insert that stores an image's tags: each tag is created, or its usage counted once more; returns
 * the tag ids. Rows are written in (kind, name) order, sorted by PostgreSQL itself, so that concurrent
 * image creations lock shared tag rows in the same order and never deadlock. With `onlyIf`, the tags
 * are written once per row of that table (a CTE of the caller's statement): none when it is empty.
 */
export function upsertTags(db: DB, tags: readonly { kind: string; name: string }[], onlyIf?: string) {
  const guard = onlyIf ? sql`${sql.table(onlyIf)}, ` : sql``;
  return db
    .insertInto('tag')
    .columns(['kind', 'name', 'usage_count'])
    .expression(
      sql`select t.kind, t.name, 1 from ${guard}unnest(${tags.map((tag) => tag.kind)}::text[], ${tags.map((tag) => tag.name)}::text[]) as t(kind, name) order by t.kind, t.name`,
    )
    .onConflict((oc) => oc.columns(['kind', 'name']).doUpdateSet({ usage_count: sql`tag.usage_count + 1` }))
    .returning('id');
}
