import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createAgent } from '../../apps/worker/src/agent.ts';
import { createApiClient } from '../../apps/worker/src/api-client.ts';
import { PreviewEngine } from '../../apps/worker/src/engines/preview.ts';
import { freePort } from './server.ts';

/**
 * Real API processes on a real PostgreSQL, for the system tests of several instances and of faults
 * (many-instances.system.ts, faults.system.ts): a fresh database per file, the compiled server started and
 * killed at will on a port it keeps across restarts, worker tokens from the compiled CLI, a remote worker
 * agent, and a throwaway PostgreSQL cluster that a test may restart.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_MAIN = 'apps/api/dist/main.js';
const WORKER_TOKEN_CLI = 'apps/api/dist/cli/worker-token.js';

/** A database of its own on the server of `adminUrl` (TEST_DATABASE_URL), dropped by `drop`. */
export async function createTestDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

export interface Instance {
  url: string;
  port: number;
  process: ChildProcess;
  /** Starts the process again on the same port and settings (after `kill`). */
  restart: () => Promise<void>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  stop: () => Promise<void>;
}

/** The compiled server (`npm run build:server` first) on `databaseUrl`, without a built-in worker. */
export async function startInstance(options: { databaseUrl: string; env?: Record<string, string> }) {
  if (!existsSync(path.join(root, SERVER_MAIN))) {
    throw new Error(`${SERVER_MAIN} is missing: run \`npm run build:server\` first`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-instance-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: 'error',
    LOCAL_WORKER: 'false',
    GUEST_SAMPLES: 'false',
    IMAGE_THREADS: '1',
    ...options.env,
  };
  let child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  async function waitHealthy(): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error('server did not start within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  await waitHealthy().catch(async (error: unknown) => {
    await kill();
    throw error;
  });
  const instance: Instance = {
    url,
    port,
    get process() {
      return child;
    },
    restart: async () => {
      child = spawn(process.execPath, [SERVER_MAIN], {
        cwd: root,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      await waitHealthy();
    },
    kill,
    stop: async () => {
      await kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return instance;
}

/** A worker token from the compiled CLI (`npm run worker:token -- create <name>`) on `databaseUrl`. */
export function workerToken(databaseUrl: string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [WORKER_TOKEN_CLI, 'create', name],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const token = stdout.trim().split('\n').at(-1)?.trim() ?? '';
        if (error || !/^\S{20,}$/.test(token))
          reject(new Error(`worker token failed: ${error?.message ?? 'no token printed'} ${stderr}`));
        else resolve(token);
      },
    );
  });
}

/** A remote worker agent with the preview engine, leasing through `baseUrl`; it rides out outages. */
export function remoteWorker(baseUrl: string, token: string, stepDelayMs = 20) {
  const quiet = { info: () => undefined, warn: () => undefined };
  const agent = createAgent({
    api: createApiClient({ baseUrl, token }),
    engine: new PreviewEngine({ stepDelayMs }),
    log: quiet,
    leaseWaitSeconds: 2,
    progressIntervalMs: 50,
    backoff: { minMs: 100, maxMs: 1000 },
  });
  void agent.start();
  return agent;
}

/** A signed-up user's session cookie and id, through `baseUrl`. */
export async function signUp(baseUrl: string, username: string) {
  const response = await fetch(`${baseUrl}/api/user/create`, {
    method: 'POST',
    headers: { origin: new URL(baseUrl).origin, 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, pwd: 'lighthouse-dusk-1' }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up ${username}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const body = (await response.json()) as { user: { id: number } };
  return { cookie, id: body.user.id };
}

/** A state-changing call as the site's page makes it. Same-site: any instance's origin is the site's. */
export function post(baseUrl: string, cookie: string, url: string, body: unknown) {
  return fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { cookie, origin: new URL(baseUrl).origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Where PostgreSQL's programs are (Debian: /usr/lib/postgresql/<major>/bin), or undefined. */
function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const majors = readdirSync(base)
    .filter((major) => existsSync(path.join(base, major, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(base, majors[0], 'bin') : undefined;
}

/** Why a throwaway cluster cannot be started here, or undefined when it can. */
export function throwawayClusterUnavailable(): string | undefined {
  if (!postgresBin()) return 'PostgreSQL server programs (/usr/lib/postgresql/*/bin) are not installed';
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser'))
    return 'running as root without runuser to start PostgreSQL as postgres';
  return undefined;
}

/**
 * A PostgreSQL cluster of its own (initdb in a temporary folder, trust on loopback, a free port), which
 * the test may restart. As root it runs as the `postgres` user, as .ci/run does.
 */
export async function startThrowawayCluster() {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server programs');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mirage-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(dir, Number(await run('id', ['-u', 'postgres'])), Number(await run('id', ['-g', 'postgres'])));
  const port = await freePort();
  const data = path.join(dir, 'data');
  const program = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);
  await program('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    program('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', ...args]);
  await pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** `pg_ctl restart -m fast`: connections are cut, the server is back when it answers. */
    restart: () => pgCtl('restart', '-m', 'fast'),
    stop: async () => {
      await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')}: ${error.message} ${stderr}`));
      else resolve(stdout.trim());
    });
  });
}
