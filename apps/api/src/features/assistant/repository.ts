import { ANONYMOUS } from '@mirage/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { visibleTo } from '../image/index.ts';

/**
 * The prompt tags of the latest public images, for the live co-occurrence (cooccurrence.ts). Only what
 * a visitor may see is read (visibleTo(ANONYMOUS): no private image), and only tags that a public image
 * carries (tag/usage-repository.ts): a word of a private prompt must not reach anyone through a
 * suggestion.
 */
export function createAssistantRepository(db: DB) {
  return {
    async recentPublicImageTags(limit: number): Promise<string[][]> {
      const recent = db
        .selectFrom('image')
        .select(['image.id', 'image.tag_ids'])
        .where(visibleTo(ANONYMOUS))
        .orderBy('image.id', 'desc')
        .limit(limit);
      const { rows } = await sql<{ image_id: number; name: string }>`
        select recent.id as image_id, tag.name
        from (${recent}) recent
        cross join lateral unnest(recent.tag_ids) as used(tag_id)
        join tag on tag.id = used.tag_id and tag.kind = 'prompt' and tag.usage_count > 0`.execute(db);
      const byImage = new Map<number, string[]>();
      for (const { image_id, name } of rows) {
        const tags = byImage.get(image_id);
        if (tags) tags.push(name);
        else byImage.set(image_id, [name]);
      }
      return [...byImage.values()];
    },
  };
}
export type AssistantRepository = ReturnType<typeof createAssistantRepository>;
