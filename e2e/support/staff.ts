import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Account } from './gallery.ts';
import { cookieHeaderOf } from './onboarding.ts';

/**
 * Staff for browser tests: roles are granted only by the operator's CLI (`npm run user:role`), run here
 * compiled against a stopped server's data folder (editableServerForFile's whileStopped).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'apps/api/dist/cli/user-role.js');

/** Grants `role` to `username` with the compiled CLI against the stopped server's data folder. */
export function grantRole(dataDir: string, username: string, role: 'moderator' | 'admin' | 'none'): void {
  const result = spawnSync(process.execPath, [cli, username, role], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
}

/** Signs `account` in through the API; the session's cookie header, for requests as a browser tab sends them. */
export async function apiSession(baseUrl: string, account: Account): Promise<string> {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, pwd: account.pwd }),
  });
  expect(login.status).toBe(200);
  return cookieHeaderOf(login);
}
