import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import type { Notifier } from '../../events/notifier.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { ImageProcessor } from '../image/processor.ts';
import type { ImageRepository } from '../image/repository.ts';
import { registerImageFileRoutes } from '../image/routes.ts';
import { createWorkerDispatcher } from '../worker/dispatcher.ts';
import { createWorkerRepository } from '../worker/repository.ts';
import { registerWorkerRoutes } from '../worker/routes.ts';
import { createWorkerAuth } from '../worker/service.ts';
import { sweepEnergyRollover } from './energy.ts';
import { createLeasedTaskCache } from './leased-tasks.ts';
import { createTaskLifecycle } from './lifecycle.ts';
import { LEASED_STATES } from './kinds/index.ts';
import { createQueueRepository } from './queue-repository.ts';
import type { LiveStreams } from '../live/stream.ts';
import { registerTaskRoutes } from './routes.ts';
import { createTaskService } from './service.ts';
import { createThroughputEstimator } from './view.ts';
import { moderationRuleSchema, type ModerationRule } from '@mirage/domain';
import { createCatalogueRepository } from '../catalogue/repository.ts';
import type { ModerationService } from '../moderation/service.ts';

export interface GenerationModuleDeps {
  config: Config;
  db: DB;
  notifier: Notifier;
  /** Strikes and mutes (features/moderation). */
  moderation: ModerationService;
  /** The app's object store, image processor and image repository (built once in app.ts). */
  store: ObjectStore;
  processor: ImageProcessor;
  images: ImageRepository;
  now: () => Date;
  /** The live streams of this instance (features/live): GET /api/tasks/monitor is one of them. */
  live: LiveStreams;
  /** How often a waiting lease re-checks the queue without a notification (dispatcher.ts; tests lengthen it). */
  workerRecheckMs?: number;
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
  const { config, db, notifier, now, store, processor, images } = deps;
  const leaseMs = config.LEASE_SECONDS * 1000;
  const queue = createQueueRepository(db, { leasedStates: LEASED_STATES });
  const workers = createWorkerRepository(db);
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
  const dispatcher = createWorkerDispatcher({
    queue,
    workers,
    notifier,
    leased,
    now,
    leaseMs,
    recheckMs: deps.workerRecheckMs,
  });
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
  const { taskViews } = registerTaskRoutes(app, {
    tasks,
    queue,
    images,
    estimate,
    live: deps.live,
  });
  registerImageFileRoutes(app, { images, store });

  await registerWorkerRoutes(app, { workers, dispatcher, lifecycle });

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
    queue,
    workers,
    workerAuth,
    lifecycle,
    dispatcher,
    tasks,
    /** The user's tasks as live streams show them (GET /api/events, features/live). */
    taskViews,
    sweepEnergy: () => sweepEnergyRollover(db, now()),
  };
}
export type GenerationModule = Awaited<ReturnType<typeof registerGeneration>>;
