import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import type { Notifier } from '../../events/notifier.ts';
import { createFileObjectStore, type ObjectStore } from '../../storage/object-store.ts';
import { createImageProcessor } from '../image/processor.ts';
import { createImageRepository } from '../image/repository.ts';
import { registerImageFileRoutes } from '../image/routes.ts';
import { createWorkerDispatcher } from '../worker/dispatcher.ts';
import { createWorkerRepository } from '../worker/repository.ts';
import { registerWorkerRoutes } from '../worker/routes.ts';
import { createWorkerAuth } from '../worker/service.ts';
import { sweepEnergyRollover } from './energy.ts';
import { createLeasedTaskCache } from './leased-tasks.ts';
import { createTaskLifecycle } from './lifecycle.ts';
import { createQueueRepository } from './queue-repository.ts';
import type { TaskMonitorOptions } from './monitor.ts';
import { registerTaskRoutes } from './routes.ts';
import { createTaskService } from './service.ts';
import { createThroughputEstimator } from './view.ts';
import { moderationRuleSchema, type ModerationRule } from '@mirage/domain';
import { createCatalogueRepository } from '../catalogue/repository.ts';
import type { ModerationService } from '../moderation/service.ts';
import type { SessionService } from '../session/service.ts';

export interface GenerationModuleDeps {
  config: Config;
  db: DB;
  notifier: Notifier;
  sessions: SessionService;
  /** Strikes and mutes (features/moderation). */
  moderation: ModerationService;
  store?: ObjectStore;
  now: () => Date;
  /** The live task stream's heartbeat and per-user cap (defaults in monitor.ts; tests change them). */
  taskMonitor?: TaskMonitorOptions;
}

/** Moderation rules change rarely: read them at most once a minute. */
function cachedModerationRules(load: () => Promise<unknown[]>, now: () => Date) {
  let cache: { at: number; rules: ModerationRule[] } | null = null;
  return async () => {
    if (cache && now().getTime() - cache.at < 60_000) return cache.rules;
    const rules = (await load()).flatMap((row) => {
      const parsed = moderationRuleSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
    cache = { at: now().getTime(), rules };
    return rules;
  };
}

/** How often the reaper looks for leases that expired (dead or hung workers). */
export const REAPER_INTERVAL_MS = 5000;

/** Wires the queue, the worker protocol and task lifecycle into the app; returns its services. */
export async function registerGeneration(app: FastifyInstance, deps: GenerationModuleDeps) {
  const { config, db, notifier, now } = deps;
  const leaseMs = config.LEASE_SECONDS * 1000;
  // The image folder, unless a test injected another store (then images are processed in this thread).
  const filesFolder = path.join(config.DATA_DIR, 'files');
  const fileRoot = deps.store ? undefined : filesFolder;
  const store = deps.store ?? createFileObjectStore(filesFolder);
  const processor = createImageProcessor({
    store,
    fileRoot,
    threads: config.IMAGE_THREADS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  });
  app.addHook('onClose', () => processor.close());
  const queue = createQueueRepository(db);
  const workers = createWorkerRepository(db);
  const images = createImageRepository(db);
  const workerAuth = createWorkerAuth(workers, now);
  const leased = createLeasedTaskCache();
  const lifecycle = createTaskLifecycle({
    db,
    queue,
    images,
    workers,
    store,
    processor,
    leased,
    notifier,
    now,
    leaseMs,
    log: app.log,
  });
  const dispatcher = createWorkerDispatcher({ queue, workers, notifier, leased, now, leaseMs });
  const catalogue = createCatalogueRepository(db);
  const tasks = createTaskService({
    db,
    queue,
    images,
    notifier,
    now,
    log: app.log,
    upscaleModel: config.UPSCALE_MODEL,
    maxAttempts: config.TASK_MAX_ATTEMPTS,
    loadModerationRules: cachedModerationRules(() => catalogue.listModerationRules(), now),
    moderation: deps.moderation,
  });
  const estimate = createThroughputEstimator(workers, queue, now);
  registerTaskRoutes(app, {
    tasks,
    sessions: deps.sessions,
    notifier,
    queue,
    images,
    estimate,
    monitor: deps.taskMonitor,
  });
  registerImageFileRoutes(app, { images, store, sessions: deps.sessions });

  await registerWorkerRoutes(app, {
    auth: workerAuth,
    workers,
    dispatcher,
    lifecycle,
    operatorToken: config.OPERATOR_TOKEN,
  });

  let lastEnergySweep = 0;
  const reaper = setInterval(() => {
    lifecycle.reapExpiredLeases().catch((error: unknown) => app.log.warn({ err: error }, 'reaper failed'));
    // Energy resets at 00:00 UTC: sweeping once a minute makes balances right within a minute of it.
    if (Date.now() - lastEnergySweep >= 60_000) {
      lastEnergySweep = Date.now();
      sweepEnergyRollover(db, now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'energy sweep failed'),
      );
    }
  }, REAPER_INTERVAL_MS);
  reaper.unref();
  app.addHook('onClose', () => clearInterval(reaper));

  return {
    store,
    processor,
    queue,
    workers,
    images,
    workerAuth,
    lifecycle,
    dispatcher,
    tasks,
    sweepEnergy: () => sweepEnergyRollover(db, now()),
  };
}
export type GenerationModule = Awaited<ReturnType<typeof registerGeneration>>;
