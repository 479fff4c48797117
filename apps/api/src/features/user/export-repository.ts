import type { DB } from '../../db/database.ts';

/** The SQL of "download my data" (data-export.ts): everything the zip holds but the files. */
export async function exportRecords(db: DB, userId: number) {
  const [profile, balances, ledger, orders, prompts, favorites, images] = await Promise.all([
    db
      .selectFrom('app_user')
      .select([
        'id',
        'username',
        'email',
        'lang',
        'plan',
        'pro_expire',
        'keep_updated',
        'referral_code',
        'email_verified_at',
        'created_at',
      ])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('ledger_account').select(['currency', 'balance']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('ledger_entry')
      .select(['currency', 'delta', 'reason', 'ref_type', 'ref_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payment_order')
      .select(['id', 'provider', 'product', 'currency', 'amount_cents', 'status', 'created_at', 'paid_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('saved_prompt')
      .select(['id', 'lib', 'pos_tags', 'opt_tags', 'neg_tags', 'styles', 'is_public', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('favorite')
      .innerJoin('image', 'image.id', 'favorite.image_id')
      .select(['image.uuid', 'favorite.created_at'])
      .where('favorite.user_id', '=', userId)
      .orderBy('favorite.created_at')
      .execute(),
    db
      .selectFrom('image')
      .select([
        'uuid',
        'gen_type',
        'render',
        'format',
        'quality',
        'seed',
        'width',
        'height',
        'prompt',
        'neg_prompt',
        'tags',
        'gen_data',
        'is_private',
        'upscaled',
        'created_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return { profile, balances, ledger, orders, prompts, favorites, images };
}

/** The account's username (the download's file name). */
export async function usernameOf(db: DB, userId: number): Promise<string> {
  const row = await db
    .selectFrom('app_user')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.username;
}
