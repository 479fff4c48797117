import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { guideValues } from '@mirage/domain';
import Fastify, { type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { cookieSecret, type Config } from './config.ts';
import type { DB } from './db/database.ts';
import { registerCatalogueRoutes } from './features/catalogue/routes.ts';
import type { OutboxDispatcherOptions } from './features/outbox/index.ts';
import { registerUserRoutes } from './features/user/routes.ts';
import { registerAccountDataRoutes } from './features/user/index.ts';
import {
  answerClientError,
  answerFrameworkError,
  registerApiNotFound,
  registerErrorHandling,
} from './http/errors.ts';
import { getHealth } from '@mirage/contract';
import { registerContract, schemaOf } from './http/contract.ts';
import { registerMetrics } from './http/metrics.ts';
import { createMetrics } from './http/metrics-registry.ts';
import { registerHealthRoutes } from './http/health.ts';
import { createDrainState } from './lifecycle.ts';
import { registerDefaultNoStore } from './http/cache-policy.ts';
import { registerCompression } from './http/compression.ts';
import { browserOperatorGuard, operatorAccess } from './http/operator-access.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerOriginCheck } from './http/origin.ts';
import { requireRouteAuth, routesUnder } from './http/route-auth.ts';
import { registerSpa } from './http/spa.ts';
import type { Notifier } from './events/notifier.ts';
import type { Mailer } from './mail/mailer.ts';
import type { OAuthService } from './features/oauth/service.ts';
import { registerShareMeta } from './features/image/share-meta.ts';
import { createSitemapRepository } from './features/image/sitemap-repository.ts';
import { registerSitemap } from './http/sitemap.ts';
import {
  loadSigningMaterial,
  type LoadedSigningMaterial,
} from './features/image/marking/signing-material.ts';
import { registerImageFileRoutes } from './features/image/routes.ts';
import { registerImageInfoRoutes } from './features/image/info-routes.ts';
import { registerActionRoutes } from './features/action/routes.ts';
import { registerGalleryRoutes } from './features/gallery/routes.ts';
import { registerTagSettingRoutes } from './features/tag/routes.ts';
import { registerTaskRoutes } from './features/task/routes.ts';
import { guestHandOverHook, guestToken, registerGuestRoutes } from './features/guest/index.ts';
import { registerProvenanceRoutes } from './features/provenance/index.ts';
import { registerAssistantRoutes } from './features/assistant/index.ts';
import { registerWorkerRoutes } from './features/worker/routes.ts';
import { createServices } from './services.ts';
import { startBackgroundWork } from './background.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { ImageSafetyScorer } from './features/image/safety/index.ts';
import { registerLiveRoutes } from './features/live/routes.ts';
import { createLiveStreams, type LiveStreamOptions } from './features/live/stream.ts';
import { registerPromptRoutes } from './features/prompt/routes.ts';
import {
  registerModCommerceRoutes,
  registerModImageRoutes,
  registerModOperationRoutes,
  registerModRoutes,
} from './features/mod/index.ts';
import { registerPlayerRoutes } from './features/player/routes.ts';
import { registerNotificationSignal } from './features/player/notification-signal.ts';
import { registerCommunityRoutes } from './features/community/routes.ts';
import { registerSiteRoutes } from './features/site/routes.ts';
import { FILE_TOKEN_HEADER } from './features/session/index.ts';
import { registerSessionRoutes } from './features/session/routes.ts';
import { registerGameEventRoutes } from './features/game-event/index.ts';
import { registerPaymentRoutes } from './features/payment/index.ts';
import { registerSerialKeyRoutes } from './features/serial-key/index.ts';
import { registerReferralRoutes } from './features/referral/index.ts';
import { registerLeaderboardRoutes } from './features/leaderboard/routes.ts';
import { legalValuesOf, registerLegalRoutes } from './features/legal/routes.ts';

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
  /** Replaces the image-side safety check's scorer and turns the check on (tests; IMAGE_SAFETY otherwise). */
  imageSafetyScorer?: ImageSafetyScorer;
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
  /** The C2PA signing material (tests share one); loaded from the configuration otherwise. */
  signing?: LoadedSigningMaterial;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/**
 * The composition root: builds the store, the image processor, repositories and services once and passes
 * them to the features that need them; returns the HTTP app and the services (no Fastify decorators).
 * Used by main.ts, tests and the benchmarks.
 */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Errors of the router and of Node's HTTP parser, answered in the catalogue's shape (http/errors.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A request arriving on a kept-alive connection while the server closes is served (the health hooks
    // close its connection after the answer): Fastify's own 503 is not in the catalogue's shape.
    return503OnClosing: false,
    // Fastify's default gives each plugin 10 s to register. On a starved machine (a container throttled at
    // boot, a loaded CI) the OpenAPI UI alone went past it and the instance failed to start; a minute still
    // stops a plugin that hangs.
    pluginTimeout: 60_000,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Every route declares who may call it (http/route-auth.ts); one without a declaration fails here.
  const routeAuth = requireRouteAuth(app);
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);

  await app.register(fastifyCookie, { secret: cookieSecret(config) });
  registerSecurityHeaders(app, config);
  registerDefaultNoStore(app);
  // Text answers of 1 KB or more in brotli or gzip (the web app's files come precompressed: http/spa.ts).
  registerCompression(app);
  const production = config.NODE_ENV === 'production';
  // Routes are registered from @mirage/contract; the serializer and the OpenAPI document come from it.
  await registerContract(app, config);
  // The documentation (and its JSON/YAML) is an operator's: OPERATOR_TOKEN, closed in production without one.
  routeAuth.declarePluginRoutes('the API documentation', routesUnder('/api/docs'), {
    verify: browserOperatorGuard(operatorAccess(config.OPERATOR_TOKEN, production), 'Mirage API docs'),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerOriginCheck(app, config.PUBLIC_URL);
  // One registry per app (tests build many apps in one process): the services record into it.
  const metrics = createMetrics();
  registerMetrics(app, operatorAccess(config.METRICS_TOKEN, production), metrics);

  const secureCookies = config.NODE_ENV === 'production';
  // Set by a shutdown (lifecycle.ts), or by any close: readiness 503, live streams and lease waits end.
  const drain = createDrainState();
  app.addHook('preClose', (done) => {
    drain.begin();
    done();
  });
  // Before anything is served: material that cannot sign stops the start, not the first image.
  const signing = deps.signing ?? (await loadSigningMaterial(config));
  const built = createServices({ ...deps, now, log: app.log, draining: drain.signal, metrics, signing });
  const { sessions, store, images } = built;
  app.addHook('onClose', () => built.processor.close());
  app.addHook('onClose', () => built.imageSafety.close());
  app.addHook('onClose', () => built.cataloguePreviews.stop());
  if (!deps.mailer) app.addHook('onClose', () => built.mailer.close());
  const maintenance = startBackgroundWork(app, built);

  // After the origin check: a cross-site request is refused for that first.
  routeAuth.resolveWith({
    sessions,
    authenticateWorker: (authorization) => built.workerAuth.authenticate(authorization),
    operatorToken: config.OPERATOR_TOKEN,
    rolesOf: (userId) => built.mod.roles.rolesOf(userId),
    fileTokenUser: (request) => {
      const header = request.headers[FILE_TOKEN_HEADER];
      return built.fileTokens.userOf(typeof header === 'string' ? header : undefined);
    },
  });
  // `x-notification: 1` on a signed-in user's next answer after the projector notified them (the bell).
  const notificationSignals = registerNotificationSignal(app, { notifier: deps.notifier });
  app.get(getHealth.path, { config: { auth: 'none' }, schema: schemaOf(getHealth) }, () => ({
    ok: true as const,
  }));
  registerHealthRoutes(app, { db: deps.db, drain });
  registerUserRoutes(app, {
    ...built,
    secureCookies,
    onSignedIn: guestHandOverHook(built.guestTrial, secureCookies),
  });
  registerAccountDataRoutes(app, { ...built, secureCookies });
  registerModRoutes(app, built);
  registerModImageRoutes(app, built);
  registerModOperationRoutes(app, built);
  registerModCommerceRoutes(app, built);
  // The users' live streams (GET /api/events, GET /api/tasks/monitor): one listener map per instance.
  const live = createLiveStreams(app, {
    notifier: deps.notifier,
    sessions,
    options: deps.liveStreams,
    draining: drain.signal,
    metrics,
  });
  registerTaskRoutes(app, { ...built, live });
  registerAssistantRoutes(app, built);
  registerLiveRoutes(app, { ...built, live });
  registerImageFileRoutes(app, {
    images,
    store,
    guestOwner: (request) => built.guestTrial.ownerOf(guestToken(request)),
    readTokenUser: (token) => built.readTokens.userOf(token),
    siteOriginWhenFilesHosted: config.FILES_PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined,
  });
  registerGuestRoutes(app, { ...built, secureCookies, live });
  await registerWorkerRoutes(app, built);
  await registerProvenanceRoutes(app, built);
  registerCatalogueRoutes(app, { catalogue: built.catalogue, previews: built.cataloguePreviews });
  registerGalleryRoutes(app, built);
  registerTagSettingRoutes(app, built);
  registerImageInfoRoutes(app, { images: built.imageInfo });
  registerActionRoutes(app, built);
  registerPromptRoutes(app, built);
  registerPlayerRoutes(app, built);
  registerLeaderboardRoutes(app, built);
  registerGameEventRoutes(app, built);
  registerCommunityRoutes(app, { config });
  registerSiteRoutes(app, { config, db: deps.db });
  registerSessionRoutes(app, built);
  registerPaymentRoutes(app, built);
  registerSerialKeyRoutes(app, built);
  registerReferralRoutes(app, built);
  // The legal documents as PDFs (/legal/<doc>.pdf), before the web app's not-found handler.
  registerLegalRoutes(app, { config });

  if (deps.serveWeb === false) registerApiNotFound(app);
  else {
    registerShareMeta(app, { images, store, publicUrl: config.PUBLIC_URL });
    // Search engines: the site map, and the pages' heads and crawler text (docs/product/routes.md#search-engines).
    const listed = createSitemapRepository(deps.db);
    const site = new URL(config.PUBLIC_URL).origin;
    registerSitemap(app, { images: listed, site });
    const webDist = path.resolve(config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
    await registerSpa(app, webDist, {
      publicUrl: config.PUBLIC_URL,
      filesPublicUrl: config.FILES_PUBLIC_URL,
      images: listed,
      legalValues: legalValuesOf(config),
      // The guide names prices and limits from the domain's tables, as its page does.
      documentValues: { guide: guideValues },
      sitemap: true,
    });
  }
  return { app, services: { ...built, maintenance, notificationSignals, drain } };
}

/** What main.ts, the worker CLI and tests reach besides HTTP: the services buildApp composed. */
export type AppServices = Awaited<ReturnType<typeof buildApp>>['services'];
