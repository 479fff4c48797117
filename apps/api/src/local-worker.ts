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
 */
export function startLocalWorker(options: { apiUrl: string; token: string; log: FastifyBaseLogger }): {
  stop: () => Promise<void>;
} {
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
        GRACEFUL_SECONDS: '5',
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

  return {
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (!running) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const force = setTimeout(() => running.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
}
