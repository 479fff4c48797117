import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-token.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe('worker:token CLI', () => {
  it('creates, lists, disables and rejects bad input', () => {
    const created = cli('create', 'gpu-one');
    expect(created.status, created.err).toBe(0);
    expect(created.out).toMatch(/^mw_[A-Za-z0-9_-]{43}$/);
    const again = cli('create', 'gpu-one');
    expect(again.out).not.toBe(created.out);
    expect(cli('list').out).toMatch(/^gpu-one\t-\tenabled/m);
    expect(cli('disable', 'gpu-one').status).toBe(0);
    expect(cli('list').out).toMatch(/^gpu-one\t-\tdisabled/m);
    expect(cli('disable', 'nobody').status).toBe(1);
    expect(cli('create', 'bad name!').status).toBe(2);
    expect(cli('launch', 'gpu-one').status).toBe(2);
  }, 90_000);
});
