import type { Role } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import type { RoleRepository } from './role-repository.ts';

/** A staff member as the audit log and the console's rules see them. */
export interface StaffActor {
  id: number;
  name: string;
  roles: readonly Role[];
}

/** The signed-in staff member behind a console call (the route-auth hook already checked a role). */
export async function staffActor(db: DB, roles: RoleRepository, userId: number): Promise<StaffActor> {
  const [user, held] = await Promise.all([
    db.selectFrom('app_user').select('username').where('id', '=', userId).executeTakeFirstOrThrow(),
    roles.rolesOf(userId),
  ]);
  return { id: userId, name: user.username, roles: held };
}
