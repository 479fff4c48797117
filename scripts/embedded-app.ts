// The whole API on a fresh in-memory PGlite, for scripts that talk to it in-process (the OpenAPI
// document, benchmarks): no web app, no local worker, no guest samples. `close` removes what it made.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createPGliteDatabase, migrateToLatest } from '../apps/api/src/db/database.ts';
import { createNotifierFor } from '../apps/api/src/events/notifier.ts';

export async function startEmbeddedApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-script-'));
  const database = await createPGliteDatabase({});
  await migrateToLatest(database.db);
  const notifier = await createNotifierFor(database);
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    LOCAL_WORKER: 'false',
    GUEST_SAMPLES: 'false',
    ...env,
  });
  const { app } = await buildApp({ config, db: database.db, notifier, serveWeb: false });
  return {
    app,
    config,
    db: database.db,
    close: async () => {
      await app.close();
      await notifier.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
