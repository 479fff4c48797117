import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { cookieSecret, type Config } from './config.ts';
import type { DB } from './db/database.ts';
import { createCataloguePreviews } from './features/catalogue/previews.ts';
import { createCatalogueRepository } from './features/catalogue/repository.ts';
import { createCatalogueService } from './features/catalogue/service.ts';
import { registerCatalogueRoutes } from './features/catalogue/routes.ts';
import { createOAuthService, type OAuthService } from './features/oauth/service.ts';
import { createRateLimitRepository } from './features/rate-limit/repository.ts';
import { createRateLimiter } from './features/rate-limit/service.ts';
import { createSessionRepository } from './features/session/repository.ts';
import { createSessionService } from './features/session/service.ts';
import { createPasswordResetService } from './features/user/password-reset.ts';
import { registerPasswordResetMail } from './features/user/password-reset-mail.ts';
import {
  createHandlerRegistry,
  createOutboxDispatcher,
  type OutboxDispatcherOptions,
} from './features/outbox/index.ts';
import { appendSignedInDay } from './features/session/signed-in-day.ts';
import { createUserRepository } from './features/user/repository.ts';
import { registerUserRoutes } from './features/user/routes.ts';
import { createAccountService } from './features/user/service.ts';
import {
  answerClientError,
  answerFrameworkError,
  registerApiNotFound,
  registerErrorHandling,
} from './http/errors.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerDefaultNoStore } from './http/cache-policy.ts';
import { browserOperatorGuard, operatorAccess } from './http/operator-access.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerOriginCheck } from './http/origin.ts';
import { filesOf, requireRouteAuth, routesUnder } from './http/route-auth.ts';
import { registerSpa } from './http/spa.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { CHANNEL, type Notifier } from './events/notifier.ts';
import { registerGeneration } from './features/task/module.ts';
import { createImageRepository } from './features/image/repository.ts';
import { registerShareMeta } from './features/image/share-meta.ts';
import { createImageStorage } from './features/image/storage.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { registerLiveRoutes } from './features/live/routes.ts';
import { createLiveStreams, type LiveStreamOptions } from './features/live/stream.ts';
import { registerGallery } from './features/gallery/module.ts';
import { registerPromptRoutes } from './features/prompt/routes.ts';
import { createModerationRepository } from './features/moderation/repository.ts';
import { registerModerationRoutes } from './features/moderation/routes.ts';
import { createModerationService } from './features/moderation/service.ts';
import { startMaintenance } from './maintenance.ts';

export interface AppDeps {
  config: Config;
  db: DB;
  /** Replaced in tests; defaults to SMTP or the outbox as configured. */
  mailer?: Mailer;
  oauth?: OAuthService;
  /** LISTEN/NOTIFY for the queue and live progress (createNotifierFor in events/notifier.ts). */
  notifier: Notifier;
  /** The clock; tests move it to check expiries. */
  now?: () => Date;
  /** Replaces the image folder (tests); images are then post-processed in this thread. */
  store?: ObjectStore;
  /** Serve the built SPA (on by default). */
  serveWeb?: boolean;
  /** The live streams' heartbeat and per-user cap (features/live/stream.ts; tests change them). */
  liveStreams?: LiveStreamOptions;
  /** How often a waiting worker's lease re-checks the queue without a notification (tests lengthen it). */
  workerRecheckMs?: number;
  /** The outbox dispatcher's retry and recheck timing (features/outbox; tests shorten the backoff). */
  outbox?: Pick<OutboxDispatcherOptions, 'retryDelayMs' | 'maxAttempts' | 'recheckMs'>;
  /** Told of every route as it is registered (tests enumerate them: origin check, fuzzing). */
  onRoute?: (route: RouteOptions) => void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/**
 * The composition root: builds the store, the image processor, repositories and services once and passes
 * them to the features that need them; returns the HTTP app and the services (no Fastify decorators).
 * Used by main.ts, tests and the benchmarks.
 */
export async function buildApp(deps: AppDeps) {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Errors of the router and of Node's HTTP parser, answered in the catalogue's shape (http/errors.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Every route declares who may call it (http/route-auth.ts); one without a declaration fails here.
  const routeAuth = requireRouteAuth(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyCookie, { secret: cookieSecret(config) });
  registerSecurityHeaders(app, config);
  registerDefaultNoStore(app);
  const production = config.NODE_ENV === 'production';
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Mirage API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  // The documentation (and its JSON/YAML) is an operator's: OPERATOR_TOKEN, closed in production without one.
  routeAuth.declarePluginRoutes('the API documentation', routesUnder('/api/docs'), {
    verify: browserOperatorGuard(operatorAccess(config.OPERATOR_TOKEN, production), 'Mirage API docs'),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerOriginCheck(app, config.PUBLIC_URL);
  registerMetrics(app, operatorAccess(config.METRICS_TOKEN, production));

  const secureCookies = config.NODE_ENV === 'production';
  const users = createUserRepository(db);
  // A revoked session's open streams end at once, on every instance (LISTEN/NOTIFY; ids only).
  const sessions = createSessionService(
    createSessionRepository(db),
    now,
    (userId) =>
      deps.notifier
        .notify(db, CHANNEL.sessionRevoked, String(userId))
        .catch((error: unknown) => app.log.warn({ err: error, userId }, 'session revocation signal failed')),
    appendSignedInDay(db, app.log),
  );
  const limiter = createRateLimiter(createRateLimitRepository(db), now, config.RATE_LIMITS_DISABLED);
  const mailer = deps.mailer ?? createMailer(config, app.log);
  // Domain events (features/outbox): features register their handlers here; the dispatcher starts once
  // the app is ready and stops (finishing its pass) when it closes.
  const eventHandlers = createHandlerRegistry();
  const { notifier } = deps;
  const outbox = createOutboxDispatcher({
    ...deps.outbox,
    db,
    handlers: eventHandlers,
    notifier,
    log: app.log,
  });
  app.addHook('onReady', (done) => {
    outbox.start();
    done();
  });
  registerPasswordResetMail(eventHandlers, { mailer, publicUrl: config.PUBLIC_URL, now });
  const oauth = deps.oauth ?? createOAuthService(config);
  const accountDeps = { db, users, sessions, limiter, welcomeTickets: config.WELCOME_TICKETS };
  const accounts = createAccountService(accountDeps);
  const passwordReset = createPasswordResetService({ db, users, sessions, limiter, now });
  // Expired sessions and reset tokens, and handled events past their week, are deleted hourly
  // (rate-limit windows sweep themselves).
  const maintenance = startMaintenance(
    {
      sessions: () => sessions.purgeExpired(),
      passwordResets: () => passwordReset.purgeExpired(),
      outbox: () => outbox.purgeHandled(now()).then(() => undefined),
    },
    app.log,
  );

  // The app-wide file store (images, previews, samples) and the image post-processor that writes to it.
  const files = createImageStorage(config, deps.store);
  app.addHook('onClose', () => files.processor.close());
  const images = createImageRepository(db);
  const moderation = createModerationService({
    db,
    moderation: createModerationRepository(db),
    now,
    log: app.log,
  });
  const catalogueRepository = createCatalogueRepository(db);
  const catalogue = createCatalogueService(catalogueRepository);
  const cataloguePreviews = createCataloguePreviews({
    repository: catalogueRepository,
    store: files.store,
    log: app.log,
  });
  app.addHook('onClose', () => cataloguePreviews.stop());

  // After the origin check: a cross-site request is refused for that first.
  routeAuth.resolveWith({
    sessions,
    authenticateWorker: (authorization) => generation.workerAuth.authenticate(authorization),
    operatorToken: config.OPERATOR_TOKEN,
  });
  app.get('/api/health', { config: { auth: 'none' } }, () => ({ ok: true }));
  registerUserRoutes(app, { accounts, accountDeps, passwordReset, sessions, oauth, limiter, secureCookies });
  registerModerationRoutes(app, { moderation });
  // The users' live streams (GET /api/events, GET /api/tasks/monitor): one listener map per instance.
  const live = createLiveStreams(app, { notifier: deps.notifier, sessions, options: deps.liveStreams });
  const generation = await registerGeneration(app, {
    config,
    db,
    notifier: deps.notifier,
    moderation,
    store: files.store,
    processor: files.processor,
    images,
    now,
    live,
    workerRecheckMs: deps.workerRecheckMs,
  });
  registerLiveRoutes(app, { live, taskViews: generation.taskViews });
  registerCatalogueRoutes(app, { catalogue, previews: cataloguePreviews });
  registerGallery(app, { db, store: files.store, now });
  registerPromptRoutes(app, { db });

  if (deps.serveWeb === false) registerApiNotFound(app);
  else {
    const pages = registerShareMeta(app, { images, store: files.store, publicUrl: config.PUBLIC_URL });
    const webDist = path.resolve(config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
    routeAuth.declarePluginRoutes('the files of the built web app', filesOf(webDist), 'none');
    await registerSpa(app, webDist, { pages });
  }
  app.addHook('onClose', async () => {
    maintenance.stop();
    await outbox.stop();
    if (!deps.mailer) await mailer.close();
  });
  const services = {
    store: files.store,
    processor: files.processor,
    images,
    passwordReset,
    outbox,
    eventHandlers,
    maintenance,
    cataloguePreviews,
    ...generation,
  };
  return { app, services };
}

/** What main.ts, the worker CLI and tests reach besides HTTP: the services buildApp composed. */
export type AppServices = Awaited<ReturnType<typeof buildApp>>['services'];
