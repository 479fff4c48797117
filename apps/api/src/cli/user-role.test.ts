import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { CLI_TEST_TIMEOUT_MS, cliRunner } from './cli-runner.test-support.ts';

const { cli, dataDir } = cliRunner('user-role.ts');

/** Adds an account straight to the CLI's database (the CLI itself never creates accounts). */
async function addAccount(username: string): Promise<void> {
  const database = await openDatabase(
    loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  );
  try {
    await migrateToLatest(database.db);
    await database.db
      .insertInto('app_user')
      .values({ username, email: `${username}@example.com`, pwd_hash: null, referral_code: username })
      .execute();
  } finally {
    await database.close();
  }
}

describe('user:role CLI', () => {
  it(
    'grants, changes and takes away a role, audits each change, and refuses bad input',
    { timeout: CLI_TEST_TIMEOUT_MS },
    async () => {
      await addAccount('harbour_keeper');

      const granted = cli('Harbour_Keeper', 'moderator');
      expect(granted.status, granted.err).toBe(0);
      expect(granted.out).toBe('harbour_keeper: none -> moderator');
      expect(cli('harbour_keeper', 'admin').out).toBe('harbour_keeper: moderator -> admin');
      expect(cli('list').out).toMatch(/^harbour_keeper\tadmin\tsince \d{4}-/);
      expect(cli('harbour_keeper', 'none').out).toBe('harbour_keeper: admin -> none');

      expect(cli('nobody_here', 'admin').status).toBe(1);
      // Refused before the database is opened.
      expect(cli('harbour_keeper', 'superuser').status).toBe(2);
      expect(cli('harbour_keeper').status).toBe(2);
      expect(cli().status).toBe(2);

      const database = await openDatabase(
        loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      );
      try {
        const audit = await database.db
          .selectFrom('staff_audit')
          .select(['action', 'actor_id', 'detail'])
          .orderBy('id')
          .execute();
        const roles = await database.db.selectFrom('user_role').selectAll().execute();
        expect(roles).toEqual([]);
        expect(audit.map((row) => row.detail)).toEqual([
          { from: [], to: ['moderator'] },
          { from: ['moderator'], to: ['admin'] },
          { from: ['admin'], to: [] },
        ]);
        expect(new Set(audit.map((row) => `${row.action}:${String(row.actor_id)}`))).toEqual(
          new Set(['role_changed:null']),
        );
      } finally {
        await database.close();
      }
    },
  );
});
