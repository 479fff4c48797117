import { sql } from 'kysely';
import type { Executor } from '../outbox/index.ts';

/** What a referrer keeps from its referred accounts: gains less their reversals (ledger reasons). */
const REFERRER_REASONS = ['referrer_gain', 'referrer_gain_reversal'];

/** The referrals' SQL (docs/product/commerce.md#referrals); `db` may be a transaction. */
export function createReferralRepository(db: Executor) {
  return {
    async findByCode(code: string) {
      return db
        .selectFrom('app_user')
        .select(['id', 'username'])
        .where('referral_code', '=', code)
        .executeTakeFirst();
    },

    async account(userId: number) {
      return db
        .selectFrom('app_user as u')
        .leftJoin('app_user as r', 'r.id', 'u.referrer_id')
        .select([
          'u.id',
          'u.referral_code',
          'u.referrer_id',
          'u.referred_at',
          // Generated<CreatedAt> selects as its column type: read it as the Date it is.
          sql<Date>`u.created_at`.as('created_at'),
          'u.email_verified_at',
          'r.username as referrer_username',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    /** The addresses the account's sessions came from since `since` (sign-in and sign-up record them). */
    async sessionAddresses(userId: number, since: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('session')
        .select('ip')
        .distinct()
        .where('user_id', '=', userId)
        .where(sql<boolean>`created_at >= ${since}`)
        .where('ip', 'is not', null)
        .execute();
      return rows.flatMap((row) => (row.ip ? [row.ip] : []));
    },

    /**
     * Sets the referrer of an account that has none; false when another call set one first (the `is null`
     * makes two parallel attaches set one referrer).
     */
    async attach(userId: number, referrerId: number, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('app_user')
        .set({ referrer_id: referrerId, referred_at: at, updated_at: at })
        .where('id', '=', userId)
        .where('referrer_id', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The account's first paid order by payment time (a refunded one stays the first). */
    async firstPaidOrder(userId: number) {
      const row = await db
        .selectFrom('payment_order')
        .select(['id', 'paid_at'])
        .where('user_id', '=', userId)
        .where('paid_at', 'is not', null)
        .orderBy('paid_at')
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      return row?.paid_at ? { orderId: row.id, paidAt: row.paid_at } : undefined;
    },

    async buyer(orderId: string) {
      return db
        .selectFrom('payment_order')
        .innerJoin('app_user', 'app_user.id', 'payment_order.user_id')
        .select(['app_user.id', 'app_user.referrer_id', 'app_user.referred_at', 'app_user.email_verified_at'])
        .where('payment_order.id', '=', orderId)
        .executeTakeFirst();
    },

    /** The referrer gain an order earned (who got it, how much, whether taken back since), or undefined. */
    async gainOf(orderId: string) {
      return db
        .selectFrom('ledger_entry as e')
        .select(['e.user_id', 'e.delta'])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('ledger_entry as r')
                .select('r.id')
                .where('r.reason', '=', 'referrer_gain_reversal')
                .where('r.ref_type', '=', 'order')
                .where('r.ref_id', '=', orderId),
            )
            .as('reversed'),
        )
        .where('e.reason', '=', 'referrer_gain')
        .where('e.ref_type', '=', 'order')
        .where('e.ref_id', '=', orderId)
        .executeTakeFirst();
    },

    /** The referrer's balance, its row locked (FOR NO KEY UPDATE, like every posting) until the commit. */
    async lockTickets(userId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('app_user')
        .select('generation_token')
        .where('id', '=', userId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      return row?.generation_token;
    },

    /** A page of the referrer's referred accounts, newest first, with what each earned it. */
    async referred(referrerId: number, page: number, size: number) {
      const { rows } = await sql<{
        username: string;
        created_at: Date;
        verified: boolean;
        purchased: boolean;
        tickets: number;
      }>`
        select u.username, u.created_at, u.email_verified_at is not null as verified,
          exists (select 1 from ledger_entry e join payment_order o on o.id::text = e.ref_id
            where e.user_id = ${referrerId} and e.reason = 'referrer_gain' and e.ref_type = 'order'
              and o.user_id = u.id) as purchased,
          coalesce((select sum(e.delta) from ledger_entry e join payment_order o on o.id::text = e.ref_id
            where e.user_id = ${referrerId} and e.reason in (${sql.join(REFERRER_REASONS)})
              and e.ref_type = 'order' and o.user_id = u.id), 0)::int as tickets
        from app_user u
        where u.referrer_id = ${referrerId}
        order by u.referred_at desc nulls last, u.id desc
        limit ${size} offset ${page * size}
      `.execute(db);
      return rows;
    },

    async totals(referrerId: number): Promise<{ total: number; tickets: number }> {
      const { rows } = await sql<{ total: number; tickets: number }>`
        select (select count(*) from app_user where referrer_id = ${referrerId})::int as total,
          coalesce((select sum(delta) from ledger_entry where user_id = ${referrerId}
            and reason in (${sql.join(REFERRER_REASONS)})), 0)::int as tickets
      `.execute(db);
      return rows[0] ?? { total: 0, tickets: 0 };
    },
  };
}
export type ReferralRepository = ReturnType<typeof createReferralRepository>;
