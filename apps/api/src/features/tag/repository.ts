import type { SystemTagKind, TagKind } from '@mirage/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { publicTag } from './usage-repository.ts';

/** Escapes LIKE wildcards so a typed "%" or "_" matches itself. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Every system tag (style, render, format, generation type), unordered: the search's filter index. */
export async function listSystemTags(db: DB): Promise<{ id: number; kind: string; name: string }[]> {
  return db.selectFrom('tag').select(['id', 'kind', 'name']).where('kind', '!=', 'prompt').execute();
}

export function createTagRepository(db: DB) {
  return {
    /**
     * Prompt tags with a word starting with `prefix` (GET /api/gallery/search/tags): "ligh" finds
     * "lighthouse" and "a lighthouse at dusk". Tags that start with it come first (an indexed prefix
     * scan), then the ones where a later word does (a scan of the tag names, which stay short), each
     * group most used first. Only tags of public images (usage_count > 0, tag/usage-repository.ts): a
     * word of a private prompt is suggested to nobody.
     */
    async complete(prefix: string, limit: number) {
      const escaped = likePrefix(prefix);
      const leading = db
        .selectFrom('tag')
        .select(['id', 'name', 'usage_count', sql<number>`0`.as('rank')])
        .where('kind', '=', 'prompt')
        .where('usage_count', '>', 0)
        .where('name', 'like', escaped)
        .orderBy('usage_count', 'desc')
        .orderBy('name')
        .limit(limit);
      const inner = db
        .selectFrom('tag')
        .select(['id', 'name', 'usage_count', sql<number>`1`.as('rank')])
        .where('kind', '=', 'prompt')
        .where('usage_count', '>', 0)
        .where('name', 'like', `% ${escaped}`)
        .where('name', 'not like', escaped)
        .orderBy('usage_count', 'desc')
        .orderBy('name')
        .limit(limit);
      const rows = await db
        .selectFrom(leading.as('leading'))
        .selectAll()
        .unionAll(db.selectFrom(inner.as('inner_words')).selectAll())
        .orderBy('rank')
        .orderBy('usage_count', 'desc')
        .orderBy('name')
        .limit(limit)
        .execute();
      return rows.map(({ id, name, usage_count }) => ({ id, name, usage_count }));
    },

    /**
     * Tags by id, with their public usage (a search's tags_count). Unknown ids are left out, and so are
     * prompt tags that only private images carry: they answer exactly like unknown ones.
     */
    async byIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('tag')
        .select(['id', 'kind', 'name', 'usage_count'])
        .where('id', 'in', [...ids])
        .where(publicTag)
        .execute();
    },

    /**
     * The system tags (style, render, format) that images carry, for the blacklist settings. `kind` is
     * text in the table; the API writes only TAG_KINDS there (image-tags.ts).
     */
    async system() {
      return db
        .selectFrom('tag')
        .select(['id', 'kind', 'name'])
        .where('kind', '!=', 'prompt')
        .orderBy('kind')
        .orderBy('name')
        .$narrowType<{ kind: SystemTagKind }>()
        .execute();
    },

    /** The user's blacklist (hidden tags), in tag id order; `kind` as in `system()`. */
    async banned(userId: number) {
      return db
        .selectFrom('user_tag_ban')
        .innerJoin('tag', 'tag.id', 'user_tag_ban.tag_id')
        .select(['tag.id', 'tag.kind', 'tag.name'])
        .where('user_tag_ban.user_id', '=', userId)
        .orderBy('tag.id')
        .$narrowType<{ kind: TagKind }>()
        .execute();
    },

    /**
     * Replaces the user's blacklist. Unknown tag ids are ignored, and so are prompt tags that only
     * private images carry (the answer lists names: it must not name a private word); tags already on
     * the list stay when they are sent again. The user's row is locked first: under READ COMMITTED two
     * parallel saves would otherwise both delete, then both insert the same rows (user_tag_ban_pk: a
     * 500), or leave a mix of two lists. Locked, the saves run one after the other and the last one
     * wins. NO KEY UPDATE: it does not block inserts that merely reference the user.
     */
    async setBanned(userId: number, tagIds: readonly number[]): Promise<void> {
      const wanted = [...new Set(tagIds)];
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('app_user').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
        let removed = trx.deleteFrom('user_tag_ban').where('user_id', '=', userId);
        if (wanted.length > 0) removed = removed.where('tag_id', 'not in', wanted);
        await removed.execute();
        if (wanted.length === 0) return;
        await trx
          .insertInto('user_tag_ban')
          .columns(['user_id', 'tag_id'])
          .expression(
            trx
              .selectFrom('tag')
              .select([sql<number>`${userId}::bigint`.as('user_id'), 'id'])
              .where('id', 'in', wanted)
              .where(publicTag),
          )
          .onConflict((oc) => oc.columns(['user_id', 'tag_id']).doNothing())
          .execute();
      });
    },
  };
}
export type TagRepository = ReturnType<typeof createTagRepository>;
