import type { FastifyBaseLogger } from 'fastify';
import { cookieSecret, type Config } from './config.ts';
import type { DB } from './db/database.ts';
import { CHANNEL, type Notifier } from './events/notifier.ts';
import { createActionRepository } from './features/action/repository.ts';
import { createActionService } from './features/action/service.ts';
import {
  createAssistantRepository,
  createAssistantService,
  createChatClient,
  createLiveCooccurrence,
  loadTagIndex,
} from './features/assistant/index.ts';
import { createCataloguePreviews } from './features/catalogue/previews.ts';
import { createCatalogueRepository } from './features/catalogue/repository.ts';
import { createCatalogueService } from './features/catalogue/service.ts';
import { createGallerySearchRepository } from './features/gallery/search-repository.ts';
import { createGalleryService } from './features/gallery/service.ts';
import { createImageInfoRepository } from './features/image/info-repository.ts';
import { createImageInfoService } from './features/image/info-service.ts';
import { createImageRepository } from './features/image/repository.ts';
import { createProvenance } from './features/provenance/index.ts';
import type { LoadedSigningMaterial } from './features/image/marking/signing-material.ts';
import { createImageStorage } from './features/image/storage.ts';
import { createImageSafety, type ImageSafetyScorer } from './features/image/safety/index.ts';
import { createModerationRepository } from './features/moderation/repository.ts';
import { createModerationService } from './features/moderation/service.ts';
import { createModOperations, createModServices } from './features/mod/index.ts';
import {
  createAccountDeletion,
  createDataExport,
  registerAccountFileRemoval,
} from './features/user/index.ts';
import { createOAuthService, type OAuthService } from './features/oauth/service.ts';
import {
  createHandlerRegistry,
  createOutboxDispatcher,
  type OutboxDispatcherOptions,
} from './features/outbox/index.ts';
import { createGameEventRepository, createGameEventService } from './features/game-event/index.ts';
import { createPayments, registerReceiptMail } from './features/payment/index.ts';
import { createSerialKeyRepository, createSerialKeyService } from './features/serial-key/index.ts';
import { createLeaderboardRepository } from './features/leaderboard/repository.ts';
import { ledgerWindow } from './features/ledger/stats-repository.ts';
import { createLeaderboardService } from './features/leaderboard/service.ts';
import { createPlayerActionsRepository } from './features/player/actions-repository.ts';
import { createPlayerActionsService } from './features/player/actions-service.ts';
import { registerPlayerProjector } from './features/player/projector.ts';
import { createPlayerRepository } from './features/player/repository.ts';
import { createPlayerService } from './features/player/service.ts';
import { createPromptRepository } from './features/prompt/repository.ts';
import { createPromptService } from './features/prompt/service.ts';
import { createRateLimitRepository } from './features/rate-limit/repository.ts';
import { createRateLimiter } from './features/rate-limit/service.ts';
import { createReferralService, registerReferralGains } from './features/referral/index.ts';
import { createGuestRepository, createGuestTrial } from './features/guest/index.ts';
import { createSessionRepository } from './features/session/repository.ts';
import { createFileTokens, createReadTokens } from './features/session/file-token.ts';
import { createSessionService } from './features/session/service.ts';
import { appendSignedInDay } from './features/session/signed-in-day.ts';
import { createTagRepository } from './features/tag/repository.ts';
import { createSystemTagIndex } from './features/tag/system-tags.ts';
import { sweepEnergyRollover } from './features/task/energy.ts';
import { LEASED_STATES } from './features/task/kinds/index.ts';
import { createLeasedTaskCache } from './features/task/leased-tasks.ts';
import { createTaskLifecycle } from './features/task/lifecycle.ts';
import { cachedModerationRules } from './features/task/moderation-rules.ts';
import { createQueueRepository } from './features/task/queue-repository.ts';
import { createTaskService } from './features/task/service.ts';
import { createTaskViews, createThroughputEstimator } from './features/task/view.ts';
import { registerEmailVerificationMail } from './features/user/email-verification-mail.ts';
import { createEmailVerificationService } from './features/user/email-verification.ts';
import { registerPasswordResetMail } from './features/user/password-reset-mail.ts';
import { createPasswordResetService } from './features/user/password-reset.ts';
import { createUserRepository } from './features/user/repository.ts';
import { createAccountService } from './features/user/service.ts';
import { createWorkerDispatcher } from './features/worker/dispatcher.ts';
import { createWorkerRepository } from './features/worker/repository.ts';
import { createWorkerAuth } from './features/worker/service.ts';
import type { AppMetrics } from './http/metrics-registry.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import type { ObjectStore } from './storage/object-store.ts';

export interface ServiceDeps {
  config: Config;
  db: DB;
  notifier: Notifier;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Replaced in tests; defaults to SMTP or the outbox folder as configured. */
  mailer?: Mailer;
  oauth?: OAuthService;
  /** Replaces the image folder (tests); images are then post-processed in this thread. */
  store?: ObjectStore;
  /** Replaces the image-side safety check's scorer (IMAGE_SAFETY) and turns the check on (tests). */
  imageSafetyScorer?: ImageSafetyScorer;
  /** How often a waiting worker's lease re-checks the queue without a notification (tests lengthen it). */
  workerRecheckMs?: number;
  /** The outbox dispatcher's retry and recheck timing (tests shorten the backoff). */
  outbox?: Pick<OutboxDispatcherOptions, 'retryDelayMs' | 'maxAttempts' | 'recheckMs'>;
  /** Aborts when the instance starts shutting down (lifecycle.ts); the worker dispatcher stops leasing. */
  draining?: AbortSignal;
  /** This app's Prometheus metrics (http/metrics-registry.ts), recorded by the services. */
  metrics: AppMetrics;
  /** What the image files' Content Credentials are signed with (features/image/marking). */
  signing: LoadedSigningMaterial;
}

/**
 * Every repository and service of the API, built once and handed to the routes, the background work and
 * main.ts (docs/architecture.md#composition). Nothing here registers a route or starts a timer: building
 * the services has no side effect beyond the worker threads of the image processor.
 */
export function createServices(deps: ServiceDeps) {
  const { config, db, notifier, now, log, metrics } = deps;

  // Accounts and sessions. A revoked session's open streams end at once, on every instance.
  const users = createUserRepository(db);
  const sessions = createSessionService(
    createSessionRepository(db),
    now,
    (userId) =>
      notifier
        .notify(db, CHANNEL.sessionRevoked, String(userId))
        .catch((error: unknown) => log.warn({ err: error, userId }, 'session revocation signal failed')),
    appendSignedInDay(db, log),
  );
  // The service worker's file tokens (GET /api/config/token) and the files host's read tokens
  // (GET /api/config/b2_token), checked against the sessions they name.
  const tokenDeps = { sessions: createSessionRepository(db), secret: cookieSecret(config), now };
  const fileTokens = createFileTokens(tokenDeps);
  const readTokens = createReadTokens(tokenDeps);
  const limiter = createRateLimiter(createRateLimitRepository(db), now, config.RATE_LIMITS_DISABLED);
  const mailer = deps.mailer ?? createMailer(config, log);
  const oauth = deps.oauth ?? createOAuthService(config);
  const referrals = createReferralService({
    db,
    blockedCidrs: config.REFERRAL_BLOCKED_CIDRS,
    limiter,
    now,
  });
  const accountDeps = {
    db,
    users,
    sessions,
    limiter,
    referrals,
    welcomeTickets: config.WELCOME_TICKETS,
    now,
  };
  const accounts = createAccountService(accountDeps);
  const passwordReset = createPasswordResetService({ db, users, sessions, limiter, now });
  const emailVerification = createEmailVerificationService({ db, users, limiter, now });

  // Domain events: features register their handlers on the registry; the dispatcher runs them.
  const eventHandlers = createHandlerRegistry();
  const outbox = createOutboxDispatcher({ ...deps.outbox, db, handlers: eventHandlers, notifier, log });
  registerPasswordResetMail(eventHandlers, { mailer, publicUrl: config.PUBLIC_URL, now });
  registerEmailVerificationMail(eventHandlers, { mailer, publicUrl: config.PUBLIC_URL, now });
  // The player: XP, levels, streaks, achievements and the bell, projected from the domain events.
  registerPlayerProjector(eventHandlers);
  const playerRepository = createPlayerRepository(db);
  const players = createPlayerService({ players: playerRepository, now });
  const playerActions = createPlayerActionsService({
    actions: createPlayerActionsRepository(db),
    players: playerRepository,
    player: players,
    now,
  });
  const leaderboards = createLeaderboardService({ boards: createLeaderboardRepository(db), now });
  const gameEvents = createGameEventService({ events: createGameEventRepository(db), limiter, now });
  // The shop: orders, the providers' notifications, the ledger credits they make.
  const payments = createPayments({ config, db, now, log, metrics });
  const serialKeys = createSerialKeyService({
    keys: createSerialKeyRepository(db),
    limiter,
    now,
    resellerLinks: config.KEY_RESELLER_URLS,
  });
  registerReceiptMail(eventHandlers, { mailer });
  // Referrals: the referred account's gain on verification, the referrer's on the first purchase.
  registerReferralGains(eventHandlers);

  // The app-wide file store (images, previews, samples) and the image post-processor that writes to it.
  const { store, processor } = createImageStorage(config, deps.signing.material, deps.store);
  registerAccountFileRemoval(eventHandlers, store);
  // Every finished image is checked before anybody but its owner sees it (docs/architecture/image-safety.md).
  const imageSafety = createImageSafety({
    config,
    db,
    store,
    log,
    now,
    scorer: deps.imageSafetyScorer,
    // A moderator's removal is the owner's deletion (imageInfo, built with the gallery below).
    deleteImage: (image) => imageInfo.remove(image),
  });
  const images = createImageRepository(db);
  const moderation = createModerationService({
    db,
    moderation: createModerationRepository(db),
    now,
    log,
  });
  const catalogueRepository = createCatalogueRepository(db);
  const catalogue = createCatalogueService(catalogueRepository);
  // One cache of the prompt moderation rules for generation and the assistant. A console change drops it
  // on every instance through the notification (and on this one at once): the next prompt check reads it.
  const moderationRules = cachedModerationRules(() => catalogueRepository.listModerationRules(), now);
  notifier.subscribe(CHANNEL.moderationRulesChanged, () => moderationRules.invalidate());
  const cataloguePreviews = createCataloguePreviews({ repository: catalogueRepository, store, log });

  // Generation: the queue, the workers and their protocol, the task lifecycle.
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
    safety: imageSafety,
    leased,
    notifier,
    now,
    leaseMs,
    log,
    metrics,
  });
  const dispatcher = createWorkerDispatcher({
    queue,
    workers,
    notifier,
    leased,
    now,
    leaseMs,
    recheckMs: deps.workerRecheckMs,
    draining: deps.draining,
    metrics,
  });
  const tasks = createTaskService({
    db,
    queue,
    images,
    notifier,
    now,
    log,
    upscaleModel: config.UPSCALE_MODEL,
    maxAttempts: config.TASK_MAX_ATTEMPTS,
    loadModerationRules: moderationRules,
    moderation,
    metrics,
  });
  // The scrape-time gauges of /metrics: the queue's depth and the ledger's recent movements, read from
  // the database so that every instance reports the global value.
  metrics.readAtScrape({
    queue: () => queue.depthByLane(),
    ledger: (since) => ledgerWindow(db, since),
    now,
    warn: (error, source) => log.warn({ err: error, source }, 'metrics: scrape-time read failed'),
  });
  const estimate = createThroughputEstimator(workers, queue, now);
  const taskViews = createTaskViews({ tasks, queue, images, estimate });
  // The guest trial (features/guest): a free, lowest-lane txt2img for a visitor, seen by that browser only.
  const guestTrial = createGuestTrial({
    db,
    repository: createGuestRepository(db),
    createTask: (ownerId, body, within) => tasks.createGuestTxt2img(ownerId, body, within),
    taskViews: (userId) => taskViews(userId),
    hourlyBudget: config.GUEST_TRIAL_HOURLY_BUDGET,
    now,
    log,
  });

  // The gallery: boards and tags, image calls, favourites and reports; saved prompts.
  const tags = createTagRepository(db);
  const gallery = createGalleryService({
    search: createGallerySearchRepository(db),
    tags,
    systemTags: createSystemTagIndex(db, now),
    now,
    filesPublicUrl: config.FILES_PUBLIC_URL,
  });
  const imageInfo = createImageInfoService({
    images: createImageInfoRepository(db),
    users,
    store,
    now,
    filesPublicUrl: config.FILES_PUBLIC_URL,
  });
  // Anybody may ask whether an image was made here (issue 18 §2): its marks, else its picture.
  const { provenance, provenanceImages } = createProvenance(db, config, deps.signing.material);
  const mod = createModServices({ db, sessions, moderation, removeImage: imageInfo.remove, now });
  const modOperations = createModOperations({
    db,
    serialKeys,
    workers,
    workerAuth,
    workerLeases: {
      heldBy: (workerId, trx) => queue.leasedBy(workerId, trx),
      release: (workerId) => lifecycle.releaseLeasesOf(workerId),
    },
    rulesChanged: (trx) => notifier.notify(trx, CHANNEL.moderationRulesChanged, ''),
    afterRulesChange: () => moderationRules.invalidate(),
    now,
  });
  const accountDeletion = createAccountDeletion({ db, sessions, now });
  const dataExport = createDataExport({ db, store });
  const actions = createActionService({ actions: createActionRepository(db), users, now });
  const prompts = createPromptService(createPromptRepository(db), now);

  // The AI prompt assistant: the shipped tag dictionary, the public images' co-occurrence, and the
  // language model when one is configured (docs/product/assistant.md).
  const assistantRepository = createAssistantRepository(db);
  const assistant = createAssistantService({
    limiter,
    moderation,
    loadModerationRules: moderationRules,
    loadTagIndex,
    cooccurrence: createLiveCooccurrence({
      load: (limit) => assistantRepository.recentPublicImageTags(limit),
      now,
      log,
    }),
    chat: config.ASSISTANT_URL
      ? createChatClient({
          url: config.ASSISTANT_URL,
          apiKey: config.ASSISTANT_API_KEY,
          model: config.ASSISTANT_MODEL,
          timeoutMs: config.ASSISTANT_TIMEOUT_MS,
          now,
        })
      : undefined,
    now,
    log,
  });

  return {
    now,
    users,
    sessions,
    fileTokens,
    readTokens,
    guestTrial,
    limiter,
    mailer,
    oauth,
    accountDeps,
    accounts,
    passwordReset,
    emailVerification,
    eventHandlers,
    outbox,
    store,
    processor,
    signing: deps.signing,
    imageSafety,
    images,
    moderation,
    catalogue,
    cataloguePreviews,
    queue,
    workers,
    workerAuth,
    lifecycle,
    dispatcher,
    tasks,
    taskViews,
    tags,
    gallery,
    imageInfo,
    mod,
    modOperations,
    accountDeletion,
    dataExport,
    actions,
    prompts,
    assistant,
    players,
    playerActions,
    leaderboards,
    gameEvents,
    payments,
    serialKeys,
    referrals,
    provenance,
    provenanceImages,
    /** The energy rollover sweep (the background work runs it every minute; tests call it). */
    sweepEnergy: () => sweepEnergyRollover(db, now()),
  };
}

export type Services = ReturnType<typeof createServices>;
