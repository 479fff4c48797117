// bench:login — successful POST /api/user/login requests per second over real HTTP on loopback, on the
// embedded PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL.
// Abuse limits are switched off for the run; argon2id (19 MiB, t=2) dominates the cost by design.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { onEachDatabase } from './bench-support.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createNotifierFor } from '../apps/api/src/events/notifier.ts';
import { migrateToLatest, type DatabaseHandle } from '../apps/api/src/db/database.ts';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function bench(label: string, database: DatabaseHandle): Promise<void> {
  await migrateToLatest(database.db);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-bench-login-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMITS_DISABLED: 'true',
  });
  const notifier = await createNotifierFor(database);
  const { app } = await buildApp({ config, db: database.db, notifier, serveWeb: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const account = { username: 'benchuser', email: 'bench@example.com', pwd: 'bench-password-1' };
  const created = await fetch(`${address}/api/user/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);

  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  const end = performance.now() + DURATION_MS;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const response = await fetch(`${address}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account.username, pwd: account.pwd }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status === 200) ok++;
      else failed++;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]?.toFixed(1);
  console.log(
    `${label}: ${(ok / seconds).toFixed(1)} logins/s (concurrency ${CONCURRENCY}, ${seconds.toFixed(1)} s, ${ok} ok, ${failed} failed, p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms)`,
  );
  await app.close();
  await notifier.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await onEachDatabase(bench);
