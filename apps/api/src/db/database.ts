import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PreparingClient } from './prepared.ts';
import type { Database } from './schema.ts';
import { TYPE_PARSERS } from './types.ts';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when kind is 'pglite' (dumps, LISTEN). */
  pglite?: PGlite;
  /** The connection string, when kind is 'postgres' (a dedicated LISTEN connection). */
  url?: string;
  close: () => Promise<void>;
}

/** node-postgres with the same type parsing as PGlite. */
export function createPostgresDatabase(connectionString: string, maxConnections = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    Client: PreparingClient,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
        TYPE_PARSERS[oid] ??
        (pg.types.getTypeParser as (oid: number, format: string) => unknown)(
          oid,
          format ?? 'text',
        )) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that the server drops (restart, failover, admin kill) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (error) => {
    if ((error as { code?: string }).code !== '57P01')
      console.error('PostgreSQL idle connection error', error);
  });
  // JIT compilation pays off for long analytic queries only; on the gallery's short searches it added
  // 300+ ms of compile time once the planner's cost estimate crossed jit_above_cost (bench:gallery).
  const dialect = new PostgresDialect({
    pool,
    onCreateConnection: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('set jit = off'));
    },
  });
  const db = new Kysely<Database>({ dialect });
  return { db, kind: 'postgres', url: connectionString, close: () => db.destroy() };
}

/** An embedded database stored under `dataDir` (or in memory when undefined), or one loaded from a dump. */
export async function createPGliteDatabase(options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
}): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}

export async function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return createPostgresDatabase(config.DATABASE_URL);
  return createPGliteDatabase({ dataDir: path.join(config.DATA_DIR, 'db') });
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Applies pending migrations; throws with the failing migration's name if one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error : new Error(JSON.stringify(error));
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, { cause });
  }
}
