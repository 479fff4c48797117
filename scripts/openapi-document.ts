// Writes the OpenAPI document the API serves at /api/docs/json to a file (default
// test-results/openapi.json), built from the routes as registered — the same document an integrator
// downloads. `npm run lint:openapi` lints it with Spectral (.spectral.yaml).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createPGliteDatabase, migrateToLatest } from '../apps/api/src/db/database.ts';
import { createNotifierFor } from '../apps/api/src/events/notifier.ts';

const target = path.resolve(process.argv[2] ?? 'test-results/openapi.json');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-openapi-'));
const database = await createPGliteDatabase({});
await migrateToLatest(database.db);
const notifier = await createNotifierFor(database);
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  LOCAL_WORKER: 'false',
  GUEST_SAMPLES: 'false',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://mirage.example',
});
const { app } = await buildApp({ config, db: database.db, notifier, serveWeb: false });
try {
  await app.ready();
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (answer.statusCode !== 200) throw new Error(`/api/docs/json answered ${answer.statusCode}`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(JSON.parse(answer.body), null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), target)}`);
} finally {
  await app.close();
  await notifier.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
