import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Whether this instance is draining (shutting down). Set once; what waits on clients watches `signal`:
 * the readiness probe answers 503 (http/health.ts), open live streams end with a short reconnect hint
 * (features/live/stream.ts) and waiting worker leases end with no job (features/worker/dispatcher.ts).
 */
export interface DrainState {
  /** True from the start of a shutdown. */
  readonly draining: boolean;
  /** Aborts when the shutdown starts. */
  readonly signal: AbortSignal;
  /** Starts draining (idempotent). */
  begin: () => void;
}

export function createDrainState(): DrainState {
  const controller = new AbortController();
  return {
    get draining() {
      return controller.signal.aborted;
    },
    signal: controller.signal,
    begin: () => controller.abort(),
  };
}

export interface ShutdownDeps {
  app: FastifyInstance;
  drain: DrainState;
  /** SHUTDOWN_GRACE_MS: how long in-flight work may take before the remaining connections are cut. */
  graceMs: number;
  /** Stops the built-in worker agent (local-worker.ts), which finishes or gives back its job. */
  stopLocalWorker?: () => Promise<void>;
  log: FastifyBaseLogger;
}

/** Resolves true when `work` settles before `deadline` (epoch ms), false when the deadline comes first. */
async function settlesBy(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A graceful shutdown (docs/architecture/stream.md#shutdown), in this order:
 * 1. draining starts: readiness answers 503, live streams end with `retry: 1000` so browsers reconnect
 *    (to another instance) within a second, waiting leases answer no job and new ones 503;
 * 2. the built-in worker stops: it finishes its job or gives it back to the queue. It reports over HTTP,
 *    so the API still listens meanwhile (readiness already sends new traffic elsewhere);
 * 3. the server stops listening and waits for in-flight requests; at the end of the grace period it cuts
 *    the connections still open;
 * 4. the onClose hooks run: background work, the notifier, the database (main.ts).
 * Resolves `forced` when the grace period ran out, `clean` otherwise.
 */
export async function shutDown(deps: ShutdownDeps): Promise<'clean' | 'forced'> {
  const deadline = Date.now() + deps.graceMs;
  deps.drain.begin();
  let forced = false;
  if (deps.stopLocalWorker) {
    const stopped = deps.stopLocalWorker().catch((error: unknown) => {
      deps.log.warn({ err: error }, 'local worker did not stop cleanly');
    });
    if (!(await settlesBy(stopped, deadline))) {
      forced = true;
      deps.log.warn('grace period over before the local worker stopped');
    }
  }
  const closed = deps.app.close();
  if (!(await settlesBy(closed, deadline))) {
    forced = true;
    deps.log.warn('grace period over: closing the connections still open');
    deps.app.server.closeAllConnections();
    await closed;
  }
  return forced ? 'forced' : 'clean';
}

/** After the grace period, how long the closing hooks (notifier, database) may take before a hard exit. */
const HOOKS_MARGIN_MS = 5000;

/**
 * SIGTERM and SIGINT start `shutDown`, then exit 0 (a cut connection at the end of the grace period is
 * part of a normal shutdown; an error while closing exits 1). A second signal exits at once (1), as does
 * a shutdown still running well after its grace period.
 */
export function exitOnSignals(
  deps: ShutdownDeps & { exit?: (code: number) => void; signals?: readonly NodeJS.Signals[] },
): void {
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  let started = false;
  for (const signal of deps.signals ?? (['SIGTERM', 'SIGINT'] as const)) {
    process.on(signal, () => {
      if (started) {
        deps.log.warn({ signal }, 'second signal: exiting now');
        exit(1);
        return;
      }
      started = true;
      deps.log.info({ signal, graceMs: deps.graceMs }, 'shutting down');
      setTimeout(() => {
        deps.log.error('shutdown did not finish: exiting now');
        exit(1);
      }, deps.graceMs + HOOKS_MARGIN_MS).unref();
      shutDown(deps).then(
        (outcome) => {
          deps.log.info({ outcome }, 'shut down');
          exit(0);
        },
        (error: unknown) => {
          deps.log.error({ err: error }, 'shutdown failed');
          exit(1);
        },
      );
    });
  }
}
