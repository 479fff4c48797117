// Test support only: tsconfig.build.json leaves *.test-support.ts out of the compiled server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

/**
 * A CLI test's time limit. Each call is a fresh process that compiles the API's sources (tsx) and opens an
 * embedded database: a few seconds alone, but over 20 s a call on a loaded 2-core CI machine, where whole
 * files of 8–10 calls went past two minutes.
 */
export const CLI_TEST_TIMEOUT_MS = 300_000;

/**
 * Runs one of this folder's operator CLIs from source, as `npm run …` would, against an embedded database
 * in a temporary folder of its own (removed after the file's tests). For the CLIs' tests only.
 */
export function cliRunner(scriptFile: string) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), scriptFile);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const cli = (...args: string[]) => {
    const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
  };
  return { cli, dataDir };
}
