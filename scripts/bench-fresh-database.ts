// The database of bench:streams and bench:api: a fresh PostgreSQL database (created, migrated and seeded
// with the catalogue as `npm start` does, dropped after) when BENCH_DATABASE_URL, TEST_DATABASE_URL or
// DATABASE_URL names a server, else (when allowed) a fresh embedded PGlite in memory.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import {
  createPGliteDatabase,
  createPostgresDatabase,
  migrateToLatest,
  type DatabaseHandle,
} from '../apps/api/src/db/database.ts';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue.ts';

export interface BenchDatabase {
  handle: DatabaseHandle;
  label: string;
  /** Closes the handle and drops the database (PostgreSQL). */
  dispose: () => Promise<void>;
}

export function serverUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `maxConnections` is the API's pool (10, as main.ts opens it). BENCH_KEEP_DATABASE=1 keeps the
 * PostgreSQL database for a look afterwards.
 */
export async function freshDatabase(options: { postgresOnly: boolean }): Promise<BenchDatabase> {
  const url = serverUrl();
  if (!url) {
    if (options.postgresOnly) {
      throw new Error('set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server');
    }
    const handle = await createPGliteDatabase({});
    await migrateToLatest(handle.db);
    await seedCatalogue(handle.db);
    return { handle, label: 'PGlite (embedded)', dispose: () => handle.close() };
  }
  const name = `mirage_bench_${randomBytes(5).toString('hex')}`;
  await admin(url, `create database ${name}`);
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  const handle = createPostgresDatabase(parsed.toString());
  await migrateToLatest(handle.db);
  await seedCatalogue(handle.db);
  const version = await sql<{ server_version: string }>`show server_version`.execute(handle.db);
  const major = version.rows[0]?.server_version.split(' ')[0] ?? '?';
  return {
    handle,
    label: `PostgreSQL ${major}`,
    dispose: async () => {
      await handle.close();
      if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${name}`);
      else await admin(url, `drop database if exists ${name} with (force)`);
    },
  };
}
