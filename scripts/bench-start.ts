// bench:start — time from launching the server (as `npm run serve` does) to its first answer, on a fresh
// data dir (the embedded PostgreSQL runs initdb and the migrations) and on a warm one. Prints numbers only.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/support/server.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const fresh: number[] = [];
const warm: number[] = [];
for (let run = 0; run < runs; run++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-bench-start-'));
  const first = await startServer({ dataDir: path.join(dataDir, 'data') });
  fresh.push(first.startupMs);
  await first.stop();
  const second = await startServer({ dataDir: path.join(dataDir, 'data') });
  warm.push(second.startupMs);
  await second.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const show = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;
console.log(`start to first answer, fresh data dir: ${show(fresh)}`);
console.log(`start to first answer, warm data dir:  ${show(warm)}`);
