import { randomBytes } from 'node:crypto';
import { sql, type Expression } from 'kysely';
import type { DB } from '../../db/database.ts';

/** Guest owners' referral codes start so; the referral alphabet has no '-', so no sign-up's ever does. */
const GUEST_REFERRAL_PREFIX = 'guest-';

/** Whether an account (by its referral_code column) is a guest trial's owner account. */
export function isGuestOwner(referralCode: Expression<string>) {
  return sql<boolean>`starts_with(${referralCode}, ${GUEST_REFERRAL_PREFIX})`;
}

/**
 * The guest trial's SQL (features/guest/service.ts). A guest's task and image belong to an owner account
 * made for its session: an `app_user` row that is inactive from birth, with no password and an
 * undeliverable address, so nobody can sign in to it, and no public list shows it (they list active
 * accounts only); its image is private, so every existing privacy rule keeps it its owner's only.
 */
export function createGuestRepository(db: DB) {
  return {
    /** A new owner account for one guest session; the random name keeps it unguessable and unique. */
    async insertOwner(at: Date): Promise<number> {
      const tag = randomBytes(9).toString('hex');
      const row = await db
        .insertInto('app_user')
        .values({
          username: `guest_${tag}`,
          email: `guest-${tag}@guest.invalid`,
          pwd_hash: null,
          // Outside the referral alphabet (normalizeReferralCode): no sign-up can name a guest as referrer.
          referral_code: `${GUEST_REFERRAL_PREFIX}${tag}`,
          referrer_id: null,
          is_active: false,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async insertSession(session: {
      tokenHash: Buffer;
      userId: number;
      address: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('guest_session')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          address: session.address,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    /** The unexpired guest session of a cookie token's hash, or undefined. */
    async findSession(tokenHash: Buffer, now: Date) {
      const row = await db
        .selectFrom('guest_session')
        .select(['token_hash', 'user_id', 'address', 'created_at', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row && { ...row, user_id: Number(row.user_id) };
    },

    /** Trial images today of this session and of this address, and of all guests since `hourAgo`. */
    async usage(sessionHash: Buffer | null, address: string, day: string, hourAgo: Date) {
      const row = await db
        .selectFrom('guest_trial_use')
        .select([
          sql<number>`count(*) filter (where session_hash = ${sessionHash} and day = ${day})`.as('browser'),
          sql<number>`count(*) filter (where address = ${address} and day = ${day})`.as('address'),
          sql<number>`count(*) filter (where created_at > ${hourAgo})`.as('hour'),
        ])
        .where((eb) => eb.or([eb('day', '=', day), eb('created_at', '>', hourAgo)]))
        .executeTakeFirstOrThrow();
      return { browser: Number(row.browser), address: Number(row.address), hour: Number(row.hour) };
    },

    /**
     * Records a trial image in the caller's transaction; false when the session or the address already
     * has today's (the unique indexes: a parallel call lost the race).
     */
    async insertUse(
      trx: DB,
      use: { taskId: string; sessionHash: Buffer; address: string; day: string; at: Date },
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto('guest_trial_use')
        .values({
          task_id: use.taskId,
          session_hash: use.sessionHash,
          address: use.address,
          day: use.day,
          created_at: use.at,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('task_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async addAddressStrike(address: string, at: Date): Promise<void> {
      await db.insertInto('guest_address_strike').values({ address, created_at: at }).execute();
    },

    async countAddressStrikes(address: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('guest_address_strike')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('address', '=', address)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Hands a guest session's tasks and images to an account (a sign-up or sign-in in the same browser),
     * in one transaction, and ends the session; returns the owner it had, or undefined when the session
     * was gone (expired, or already handed over by a parallel call).
     */
    async handOver(tokenHash: Buffer, userId: number, now: Date): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const session = await trx
          .deleteFrom('guest_session')
          .where('token_hash', '=', tokenHash)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!session) return undefined;
        const ownerId = Number(session.user_id);
        await trx.updateTable('image').set({ user_id: userId }).where('user_id', '=', ownerId).execute();
        await trx.updateTable('task').set({ user_id: userId }).where('user_id', '=', ownerId).execute();
        return ownerId;
      });
    },

    /** Owner accounts of guest sessions that expired before `before` (the cleanup's batch). */
    async expiredOwners(before: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('guest_session')
        .select('user_id')
        .where('expires_at', '<=', before)
        .limit(limit)
        .execute();
      return rows.map((row) => Number(row.user_id));
    },

    /** The owner's session row, in the cleanup's transaction (its token stops working). */
    async deleteSessionsOf(trx: DB, userId: number): Promise<void> {
      await trx.deleteFrom('guest_session').where('user_id', '=', userId).execute();
    },

    /** Trial uses older than the day limits and the hourly budget can look at. */
    async deleteUsesBefore(before: Date): Promise<void> {
      await db.deleteFrom('guest_trial_use').where('created_at', '<', before).execute();
    },

    async deleteAddressStrikesBefore(before: Date): Promise<void> {
      await db.deleteFrom('guest_address_strike').where('created_at', '<', before).execute();
    },
  };
}
export type GuestRepository = ReturnType<typeof createGuestRepository>;
