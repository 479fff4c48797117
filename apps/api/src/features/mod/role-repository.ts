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
