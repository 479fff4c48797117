import type { DB } from '../../db/database.ts';

/**
 * The account that owns the built-in guest samples (samples.ts): created once, found by username
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

/** The id of the image with this uuid, if it exists (a sample stored by an earlier start). */
export async function findImageIdByUuid(db: DB, uuid: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('image').select('id').where('uuid', '=', uuid).executeTakeFirst();
}
