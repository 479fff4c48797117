import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

const here = fileURLToPath(import.meta.url);
/**
 * The worker's entry in the same form as this module: compiled (apps/worker/dist/main.js) under
 * `npm start`, TypeScript source (apps/worker/src/main.ts) under `npm run dev:api`.
 */
const workerMain = here.endsWith('.ts')
  ? path.resolve(path.dirname(here), '../../worker/src/main.ts')
  : path.resolve(path.dirname(here), '../../worker/dist/main.js');

/**
 * `npm start` runs one preview-engine worker agent beside the API (docs/architecture.md). It is a separate
 * process that talks to the API over the same HTTP protocol as a remote GPU worker: one code path, always in
 * use.
 * Restarted with a delay if it exits while the API runs.
 *
 * `stop` (the API's shutdown, lifecycle.ts) sends it SIGTERM: the agent stops leasing, lets its job run
 * for half the grace period (at most 5 s), then gives the job back to the queue as a retryable failure
 * (the worker protocol has no separate release call; the failure queues the task again at once, as one
 * of its attempts). It is killed at the end of the grace period, and when the API's process exits.
 */
export function startLocalWorker(options: {
  apiUrl: string;
  token: string;
  log: FastifyBaseLogger;
  /** SHUTDOWN_GRACE_MS. */
  graceMs: number;
}): {
  stop: () => Promise<void>;
} {
  const gracefulSeconds = Math.min(5, Math.floor(options.graceMs / 2000));
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;

  const launch = () => {
    // The API's own Node flags, as child_process.fork passes them: none for the compiled product, the
    // TypeScript loader and the `source` export condition when the API itself runs from source.
    child = spawn(process.execPath, [...process.execArgv, workerMain], {
      env: {
        ...process.env,
        MIRAGE_API_URL: options.apiUrl,
        WORKER_TOKEN: options.token,
        ENGINE: 'preview',
        GRACEFUL_SECONDS: String(gracefulSeconds),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => {
      child = null;
      if (stopping) return;
      options.log.warn({ code }, 'local preview worker exited; restarting in 2 s');
      restartTimer = setTimeout(launch, 2000);
    });
  };
  launch();
  // Never left behind the API (an orphan would poll a closed port for ever).
  process.once('exit', () => child?.kill('SIGKILL'));

  return {
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (!running) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const force = setTimeout(() => running.kill('SIGKILL'), options.graceMs);
      await exited;
      clearTimeout(force);
    },
  };
}
