import { isRole, type Role } from '@mirage/domain';
import type { DB } from '../../db/database.ts';

/** Staff roles (migration 0019): read by the route-auth hook on role routes, set by the operator CLI. */
export function createRoleRepository(db: DB) {
  return {
    /** `executor`: the caller's transaction, when it holds one (PGlite has a single connection). */
    async rolesOf(userId: number, executor: DB = db): Promise<Role[]> {
      const rows = await executor
        .selectFrom('user_role')
        .select('role')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((row) => row.role).filter(isRole);
    },

    /** The account's username (the audit log names staff by it). */
    async usernameOf(userId: number): Promise<string> {
      const row = await db
        .selectFrom('app_user')
        .select('username')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.username;
    },

    /** The account with this username, whatever its case (the CLI names accounts so). */
    async findByUsername(username: string) {
      return db
        .selectFrom('app_user')
        .select(['id', 'username'])
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst();
    },

    /** Every staff account and its role, by name. */
    async listStaff() {
      return db
        .selectFrom('user_role')
        .innerJoin('app_user', 'app_user.id', 'user_role.user_id')
        .select(['app_user.username', 'user_role.role', 'user_role.granted_at'])
        .orderBy('app_user.username')
        .execute();
    },

    /** Makes `role` the account's only role (null: none); returns the roles it held before. */
    async setRole(userId: number, role: Role | null): Promise<Role[]> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .deleteFrom('user_role')
          .where('user_id', '=', userId)
          .returning('role')
          .execute();
        if (role) await trx.insertInto('user_role').values({ user_id: userId, role }).execute();
        return before.map((row) => row.role).filter(isRole);
      });
    },
  };
}
export type RoleRepository = ReturnType<typeof createRoleRepository>;
