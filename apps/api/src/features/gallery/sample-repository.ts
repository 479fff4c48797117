import type { DB } from '../../db/database.ts';

/**
 * The account that owns the built-in pictures (samples.ts: guest samples, guide and promo images): created once, found by username
 * afterwards (a second start, or two instances starting at once: ON CONFLICT DO NOTHING). Returns its id.
 */
export async function ensureCuratorAccount(
  db: DB,
  curator: { username: string; email: string; referral_code: string },
): Promise<number> {
  await db
    .insertInto('app_user')
    .values({ ...curator, pwd_hash: null, referrer_id: null, pro_expire: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom('app_user')
    .select('id')
    .where('username', '=', curator.username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of the image with this uuid, if it exists (a curated image stored by an earlier start). */
export async function findImageIdByUuid(db: DB, uuid: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('image').select('id').where('uuid', '=', uuid).executeTakeFirst();
}

/** Each catalogue style by lib: its id and render kind, for the rows of curated images. */
export async function listStyleFacts(db: DB): Promise<Map<string, { id: number; render: string }>> {
  const rows = await db.selectFrom('graphic_style').select(['id', 'lib', 'render']).execute();
  return new Map(rows.map((row) => [row.lib, { id: row.id, render: row.render }]));
}
