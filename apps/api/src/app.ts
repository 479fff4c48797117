import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { cookieSecret, type Config } from './config.ts';
import type { DB } from './db/database.ts';
import type { CataloguePreviews } from './features/catalogue/previews.ts';
import { registerCatalogueRoutes } from './features/catalogue/routes.ts';
import { createOAuthService, type OAuthService } from './features/oauth/service.ts';
import { createRateLimitRepository } from './features/rate-limit/repository.ts';
import { createRateLimiter } from './features/rate-limit/service.ts';
import { createSessionRepository } from './features/session/repository.ts';
import { createSessionService } from './features/session/service.ts';
import { createPasswordResetService } from './features/user/password-reset.ts';
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
import { registerSpa } from './http/spa.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { CHANNEL, type Notifier } from './events/notifier.ts';
import { registerGeneration, type GenerationModule } from './features/task/module.ts';
import type { TaskMonitorOptions } from './features/task/monitor.ts';
import { registerGallery } from './features/gallery/module.ts';
import { registerPromptRoutes } from './features/prompt/routes.ts';
import { createModerationRepository } from './features/moderation/repository.ts';
import { registerModerationRoutes } from './features/moderation/routes.ts';
import { createModerationService } from './features/moderation/service.ts';
import { startMaintenance, type Maintenance } from './maintenance.ts';

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
  /** Serve the built SPA (on by default). */
  serveWeb?: boolean;
  /** The live task stream's heartbeat and per-user cap (features/task/monitor.ts; tests change them). */
  taskMonitor?: TaskMonitorOptions;
  /** Told of every route as it is registered (tests enumerate them: origin check, fuzzing). */
  onRoute?: (route: RouteOptions) => void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** The composition root: wires repositories, services and routes. Used by main.ts and by tests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
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
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: browserOperatorGuard(operatorAccess(config.OPERATOR_TOKEN, production), 'Mirage API docs'),
    },
  });
  registerOriginCheck(app, config.PUBLIC_URL);
  registerMetrics(app, operatorAccess(config.METRICS_TOKEN, production));

  const secureCookies = config.NODE_ENV === 'production';
  const users = createUserRepository(db);
  // A revoked session's open streams end at once, on every instance (LISTEN/NOTIFY; ids only).
  const sessions = createSessionService(createSessionRepository(db), now, (userId) =>
    deps.notifier
      .notify(db, CHANNEL.sessionRevoked, String(userId))
      .catch((error: unknown) => app.log.warn({ err: error, userId }, 'session revocation signal failed')),
  );
  const limiter = createRateLimiter(createRateLimitRepository(db), now, config.RATE_LIMITS_DISABLED);
  const mailer = deps.mailer ?? createMailer(config, app.log);
  const oauth = deps.oauth ?? createOAuthService(config);
  const accountDeps = { db, users, sessions, limiter, welcomeTickets: config.WELCOME_TICKETS };
  const accounts = createAccountService(accountDeps);
  const passwordReset = createPasswordResetService({
    users,
    sessions,
    limiter,
    mailer,
    publicUrl: config.PUBLIC_URL,
    now,
    log: app.log,
  });
  app.decorate('passwordReset', passwordReset);
  // Expired sessions and reset tokens are deleted hourly (rate-limit windows sweep themselves).
  const maintenance = startMaintenance(
    { sessions: () => sessions.purgeExpired(), passwordResets: () => passwordReset.purgeExpired() },
    app.log,
  );
  app.decorate('maintenance', maintenance);

  app.get('/api/health', () => ({ ok: true }));
  registerUserRoutes(app, { accounts, accountDeps, passwordReset, sessions, oauth, limiter, secureCookies });
  const moderation = createModerationService({
    db,
    moderation: createModerationRepository(db),
    now,
    log: app.log,
  });
  registerModerationRoutes(app, { moderation, operatorToken: config.OPERATOR_TOKEN });
  const generation = await registerGeneration(app, {
    config,
    db,
    notifier: deps.notifier,
    sessions,
    moderation,
    now,
    taskMonitor: deps.taskMonitor,
  });
  app.decorate('generation', generation);
  const catalogue = registerCatalogueRoutes(app, { db, sessions, store: generation.store, log: app.log });
  app.decorate('cataloguePreviews', catalogue.previews);
  registerGallery(app, { db, sessions, store: generation.store, now });
  registerPromptRoutes(app, { db, sessions });

  if (deps.serveWeb === false) registerApiNotFound(app);
  else
    await registerSpa(app, path.resolve(config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST), {
      publicUrl: config.PUBLIC_URL,
    });
  app.addHook('onClose', async () => {
    maintenance.stop();
    await passwordReset.settle();
    if (!deps.mailer) await mailer.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    passwordReset: ReturnType<typeof createPasswordResetService>;
    maintenance: Maintenance;
    generation: GenerationModule;
    cataloguePreviews: CataloguePreviews;
  }
}
