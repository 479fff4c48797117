import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
// The key it provides is declared where it is read.
import type {} from './server.ts';
import type * as Database from '../../apps/api/src/db/database.ts';

/**
 * Global setup of the browser project: one embedded database, migrated, in a folder of its own. Every
 * server a browser spec starts on a new data folder begins with a copy of it (server.ts), so that it does
 * not run PGlite's initdb and every migration again: seconds of CPU per server, dozens of servers per run.
 * Only the schema is in it: the server seeds its catalogue itself at start, as on a first `npm start`.
 * The system tests (e2e/*.system.ts) keep starting on empty folders, as a new installation does.
 * The migrations are the compiled server's, those the servers run (the sources may be ahead of the build).
 */
export default async function setup(project: TestProject) {
  const compiled = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../apps/api/dist/db/database.js',
  );
  if (!existsSync(compiled)) return; // startServer says to build first
  const { createPGliteDatabase, migrateToLatest } = (await import(
    pathToFileURL(compiled).href
  )) as typeof Database;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mirage-e2e-template-'));
  const database = await createPGliteDatabase({ dataDir: path.join(dir, 'db') });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  project.provide('serverDatabaseTemplate', path.join(dir, 'db'));
  return () => rmSync(dir, { recursive: true, force: true });
}
