import {
  createPGliteDatabase,
  createPostgresDatabase,
  type DatabaseHandle,
} from '../apps/api/src/db/database.ts';
import {
  cloneDatabase,
  createTemplateDatabase,
  databaseUrl,
  dropDatabase,
} from '../apps/api/test/postgres-admin.ts';

/**
 * Runs a benchmark on a fresh embedded PGlite, then on a fresh PostgreSQL database when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (created from a migrated template, dropped after).
 */
export async function onEachDatabase(
  bench: (label: string, database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  // BENCH_ONLY=pglite or BENCH_ONLY=postgres runs one of the two.
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') {
    const pglite = await createPGliteDatabase({});
    await bench('PGlite', pglite);
    await pglite.close();
  }
  if (only === 'pglite') return;

  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const template = await createTemplateDatabase(url);
  const name = await cloneDatabase(url, template);
  const postgres = createPostgresDatabase(databaseUrl(url, name), 20);
  try {
    await bench('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    // BENCH_KEEP_DATABASE=1 leaves the filled database for EXPLAIN sessions.
    if (process.env.BENCH_KEEP_DATABASE) console.log(`PostgreSQL: kept database ${name}`);
    else await dropDatabase(url, name);
    await dropDatabase(url, template);
  }
}
