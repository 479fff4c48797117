// Staff roles of the moderation console (docs/product/moderation-console.md#roles):
//   npm run user:role -- <username> moderator|admin|none   sets the account's role (none: takes it away)
//   npm run user:role -- list                              every staff account and its role
// Only an operator with the server's configuration (DATABASE_URL, or the embedded database in DATA_DIR)
// grants roles: the console itself never does, so a stolen staff session cannot make more staff.
import { isRole } from '@mirage/domain';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { appendAudit } from '../features/mod/audit-repository.ts';
import { createRoleRepository } from '../features/mod/role-repository.ts';

const USAGE = 'usage: user:role -- <username> moderator|admin|none | list';

async function run(first: string | undefined, second: string | undefined): Promise<number> {
  if (!first || (first !== 'list' && !second)) {
    console.error(USAGE);
    return 2;
  }
  if (first !== 'list' && second !== 'none' && !isRole(second)) {
    console.error(`unknown role "${second}": moderator, admin or none`);
    return 2;
  }
  const database = await openDatabase(loadConfig());
  const { db } = database;
  try {
    await migrateToLatest(db);
    const roles = createRoleRepository(db);
    if (first === 'list') {
      const rows = await roles.listStaff();
      if (rows.length === 0) console.log('no staff');
      for (const row of rows)
        console.log(`${row.username}\t${row.role}\tsince ${row.granted_at.toISOString()}`);
      return 0;
    }
    const user = await roles.findByUsername(first);
    if (!user) {
      console.error(`no account named ${first}`);
      return 1;
    }
    const role = second === 'none' ? null : isRole(second) ? second : null;
    const before = await roles.setRole(user.id, role);
    await appendAudit(db, {
      actor: { id: null, name: 'operator (user:role)' },
      action: 'role_changed',
      target: { type: 'user', id: user.id },
      detail: { from: before, to: role ? [role] : [] },
      at: new Date(),
    });
    console.log(`${user.username}: ${before.join(', ') || 'none'} -> ${role ?? 'none'}`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await run(process.argv[2], process.argv[3]);
