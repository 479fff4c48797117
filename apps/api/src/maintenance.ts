import type { FastifyBaseLogger } from 'fastify';

/** Housekeeping every API instance runs: each task is idempotent, so several instances may overlap. */
export interface Maintenance {
  runOnce: () => Promise<void>;
  stop: () => void;
}

export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

export function startMaintenance(
  tasks: Record<string, () => Promise<void>>,
  log: FastifyBaseLogger,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): Maintenance {
  const runOnce = async () => {
    for (const [name, task] of Object.entries(tasks)) {
      try {
        await task();
      } catch (error) {
        log.warn({ err: error, task: name }, 'maintenance task failed');
      }
    }
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}
