import type { Role } from '@mirage/domain';
import type { RoleRepository } from './role-repository.ts';

/** A staff member as the audit log and the console's rules see them. */
export interface StaffActor {
  id: number;
  name: string;
  roles: readonly Role[];
}

/** The signed-in staff member behind a console call (the route-auth hook already checked a role). */
export async function staffActor(roles: RoleRepository, userId: number): Promise<StaffActor> {
  const [name, held] = await Promise.all([roles.usernameOf(userId), roles.rolesOf(userId)]);
  return { id: userId, name, roles: held };
}
