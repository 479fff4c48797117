import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPGliteDatabase, migrateToLatest } from '../src/db/database.ts';
import { seedCatalogue } from '../src/db/seed/catalogue.ts';
import { createTemplateDatabase, dropDatabase } from './postgres-admin.ts';

/**
 * Prepares one migrated database per run so that each test file clones it instead of migrating:
 * a PGlite data-dir dump (a fresh PGlite runs initdb for seconds), or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches test workers only, so the project is told apart by its name here.
  if (project.name === 'api-postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
    const template = await createTemplateDatabase(url);
    project.provide('postgresTemplate', template);
    return async () => dropDatabase(url, template);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mirage-pglite-template-'));
  const handle = await createPGliteDatabase({});
  await migrateToLatest(handle.db);
  await seedCatalogue(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
