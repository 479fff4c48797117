import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export interface TeamMember {
  id: number;
  username: string;
}

/** The about page's team, looked up in the accounts (docs/product/content.md#team). */
export interface SiteRepository {
  /**
   * The active accounts with these usernames (case-insensitive, as sign-in matches them), in the order
   * given, each with its id and its username as stored; a name without an active account is left out.
   */
  findTeam(usernames: readonly string[]): Promise<TeamMember[]>;
}

export function createSiteRepository(db: DB): SiteRepository {
  return {
    async findTeam(usernames) {
      if (usernames.length === 0) return [];
      const lowered = usernames.map((name) => name.toLowerCase());
      const rows = await db
        .selectFrom('app_user')
        .select(['id', 'username'])
        .where(sql<string>`lower(username)`, 'in', lowered)
        .where('is_active', '=', true)
        .execute();
      const byName = new Map(rows.map((row) => [row.username.toLowerCase(), row]));
      return lowered.flatMap((name) => {
        const row = byName.get(name);
        return row ? [{ id: row.id, username: row.username }] : [];
      });
    },
  };
}
