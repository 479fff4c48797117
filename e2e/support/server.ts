import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { systemStorageEnv } from './storage.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The compiled server and CLI that `npm run build` makes and `npm run serve` runs. */
const SERVER_MAIN = 'apps/api/dist/main.js';
const WORKER_TOKEN_CLI = 'apps/api/dist/cli/worker-token.js';

/** Whether `port` can be listened on at 127.0.0.1 now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port that is free now. The browser lanes of `npm test` (scripts/test.mjs sets BROWSER_LANE) each draw
 * from a range of their own below the system's ephemeral ports: a port the system hands out can be handed
 * to another process between this probe and the server's listen, and a server that then failed to listen
 * would leave the test talking to the other lane's server on that port. Elsewhere: one from the system.
 */
export async function freePort(): Promise<number> {
  const lane = Number(process.env.BROWSER_LANE);
  if (Number.isInteger(lane) && lane >= 1 && lane <= 4) {
    const base = 20_000 + (lane - 1) * 3_000;
    for (let tries = 0; tries < 100; tries++) {
      const port = base + Math.floor(Math.random() * 3_000);
      if (await portIsFree(port)) return port;
    }
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Bearer tokens of the workers named in `workerTokens`, by name. */
  workerTokens: Record<string, string>;
  process: ChildProcess;
  /** Milliseconds from spawn to the first successful answer. */
  startupMs: number;
  stop: () => Promise<void>;
}

/**
 * Issues a worker token with the real CLI, compiled (`npm run worker:token -- create <name>`), against the
 * server's configuration. The embedded database admits one process at a time: call it before the server
 * starts.
 */
function createWorkerToken(name: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [WORKER_TOKEN_CLI, 'create', name],
      { cwd: root, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const token = stdout.trim().split('\n').at(-1)?.trim() ?? '';
        if (error || !/^\S{20,}$/.test(token)) {
          reject(new Error(`worker:token create ${name} failed: ${error?.message ?? ''} ${stderr}`));
        } else {
          resolve(token);
        }
      },
    );
  });
}

/**
 * Starts the real server as `npm start` does (the compiled apps/api/dist/main.js: `npm run build` first,
 * as `npm test` does), on a free port, with the embedded database in a temporary (or given) data dir,
 * serving the built web app. Mail goes to DATA_DIR/outbox.
 * `workerTokens` names workers whose tokens are issued through the CLI first, for a test that plays a
 * remote worker over HTTP (usually with `env: { LOCAL_WORKER: 'false' }`).
 */
export async function startServer(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    keepDataDir?: boolean;
    workerTokens?: string[];
    /**
     * Serve the image files from a files host (FILES_PUBLIC_URL) that is this same server under another
     * origin, http://localhost:<port>, while the pages are on http://127.0.0.1:<port>: the browser sends
     * no session cookie there, as with a CDN.
     */
    filesOnLocalhost?: boolean;
  } = {},
): Promise<RunningServer> {
  if (!existsSync(path.join(root, SERVER_MAIN))) {
    throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` before the browser tests`);
  }
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'mirage-e2e-'));
  startFromDatabaseTemplate(dataDir, options.env);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The files in the folder under DATA_DIR, or in a bucket with SYSTEM_STORAGE=s3 (the system-s3 project).
    ...(await systemStorageEnv()),
    ...(options.filesOnLocalhost ? { FILES_PUBLIC_URL: `http://localhost:${port}` } : {}),
    ...options.env,
  };
  const workerTokens: Record<string, string> = {};
  for (const name of options.workerTokens ?? []) workerTokens[name] = await createWorkerToken(name, env);
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed file (it would hold a port and CPU for the next ones); SIGTERM
      // so that it stops its local worker too.
      child.kill('SIGTERM');
      throw new Error('server did not start within 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    dataDir,
    workerTokens,
    process: child,
    startupMs,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.keepDataDir && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives a new data folder of a browser spec's server the migrated embedded database of
 * database-template.ts, where that global setup ran (the browser project) and the server will use the
 * embedded database; an existing database (a restart) or another project is left alone.
 */
function startFromDatabaseTemplate(dataDir: string, env: Record<string, string> | undefined): void {
  // The server's DATABASE_URL: the spec's own, else the runner's.
  if (env?.DATABASE_URL ?? process.env.DATABASE_URL) return;
  let template: string | undefined;
  try {
    template = inject('serverDatabaseTemplate');
  } catch {
    return; // not inside a Vitest worker (a script)
  }
  const target = path.join(dataDir, 'db');
  if (template && !existsSync(target)) cpSync(template, target, { recursive: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database folder for a new server's DATA_DIR/db (e2e/support/database-template.ts). */
    serverDatabaseTemplate: string;
  }
}
