import { existsSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_ERROR_CODES, holdsAnyRole, isRole, type Role } from '@mirage/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { WorkerRow } from '../db/schema/generation.ts';
import { AppError } from '../errors.ts';
import { assertOperatorToken } from './operator-access.ts';
import { sessionToken } from './session-cookies.ts';

/**
 * Who may call a route, declared by the route itself (`config: { auth }`) and checked by one hook before
 * anything else of the route runs (docs/architecture/auth.md):
 * - 'none': anybody; no credential is read.
 * - 'optional': a visitor (`request.viewer` null) or a signed-in user. A session cookie that is there but
 *   no longer valid answers its token error, so that the client signs out instead of silently seeing the
 *   guest view.
 * - 'optional-stale-as-guest': the same, but a stale cookie reads as a visitor (files an `<img>` loads,
 *   answers that only add the user's marks to what a guest sees). It never refuses, so the session is
 *   read only when the handler asks (`viewerIdWhenAsked`): a public file costs no session lookup.
 * - 'user': a signed-in user; token_missing, token_invalid or token_expired (401) otherwise.
 * - Role[]: a signed-in user holding one of these roles; unauthorized_resource (403) for the others.
 * - 'worker': a GPU worker's bearer token (`request.worker`); token_missing or token_invalid (401).
 * - 'operator': the operator's token (OPERATOR_TOKEN, bearer or Basic); unauthorized_resource (403),
 *   always closed when none is configured.
 * - { verify }: a route with credentials of its own (a payment provider's webhook, an operational page):
 *   `verify` runs once the body has been read and throws an AppError (or answers) to refuse.
 */
export type RouteAuth =
  | 'none'
  | 'optional'
  | 'optional-stale-as-guest'
  | 'user'
  | 'worker'
  | 'operator'
  | readonly Role[]
  | RequestVerifier;

/**
 * Credentials a route checks itself. It runs in `preValidation`: after the body was read (a webhook's
 * signature covers it; a route that needs the exact bytes registers a content-type parser that keeps
 * them), before the body's schema is checked. It refuses by throwing (an AppError's code and status
 * answer) or by sending an answer itself.
 */
export interface RequestVerifier {
  verify: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/** The signed-in user a request acts for. */
export interface Viewer {
  readonly id: number;
}

export interface RouteAuthDeps {
  sessions: { resolve(token: string | undefined): Promise<number> };
  /** The worker of an `Authorization: Bearer` header, or token_missing / token_invalid. */
  authenticateWorker: (authorization: string | undefined) => Promise<WorkerRow>;
  operatorToken: string | undefined;
  /** The roles a user holds; nobody holds one until the operations console stores them. */
  rolesOf?: (userId: number) => Promise<readonly Role[]>;
  /**
   * The user of a request's service-worker file token (features/session/file-token.ts), or null: read on
   * 'optional-stale-as-guest' routes (the files) when no valid session cookie came with the request.
   */
  fileTokenUser?: (request: FastifyRequest) => Promise<number | null>;
}

const MODES: ReadonlySet<string> = new Set([
  'none',
  'optional',
  'optional-stale-as-guest',
  'user',
  'worker',
  'operator',
]);

/** Whether a value is a valid auth declaration (the startup check and the route enumeration test). */
export function isRouteAuth(value: unknown): value is RouteAuth {
  if (typeof value === 'string') return MODES.has(value);
  if (Array.isArray(value)) return value.length > 0 && value.every(isRole);
  return (
    typeof value === 'object' && value !== null && typeof (value as RequestVerifier).verify === 'function'
  );
}

function isVerifier(auth: RouteAuth): auth is RequestVerifier {
  return typeof auth === 'object' && !Array.isArray(auth);
}

interface PluginRoutes {
  description: string;
  matches: (route: RouteOptions) => boolean;
  auth: RouteAuth;
}

/**
 * Requires every route registered from now on to declare its auth: a route without one (or with an
 * unknown one) throws at registration, so the app does not start with an endpoint nobody guards. Call it
 * before the first route; `resolveWith` then adds the hooks that enforce the declarations.
 */
export function requireRouteAuth(app: FastifyInstance) {
  const pluginRoutes: PluginRoutes[] = [];
  app.decorateRequest('viewer', null);
  app.decorateRequest('worker', null);
  app.decorateRequest('viewerWhenAsked', null);

  app.addHook('onRoute', (route) => {
    let auth: unknown = route.config?.auth;
    if (auth === undefined) {
      auth = pluginRoutes.find((declared) => declared.matches(route))?.auth;
      // Assigned on the route's own options: the router builds its context from them after this hook.
      if (auth !== undefined) route.config = { ...route.config, auth: auth as RouteAuth };
    }
    if (!isRouteAuth(auth)) {
      const method = [route.method].flat().join(',');
      throw new Error(
        `${method} ${route.url} declares no valid auth (config.auth: ${JSON.stringify(auth)}); ` +
          'see docs/architecture/auth.md',
      );
    }
  });

  return {
    /**
     * Routes a third-party plugin registers cannot take our config: this declares, for the routes that
     * `matches` picks, the auth they have. Declare before registering the plugin.
     */
    declarePluginRoutes(description: string, matches: (route: RouteOptions) => boolean, auth: RouteAuth) {
      pluginRoutes.push({ description, matches, auth });
    },

    /** Adds the hooks that check each request against its route's declaration. */
    resolveWith(deps: RouteAuthDeps) {
      const rolesOf = deps.rolesOf ?? (() => Promise.resolve([]));

      const viewerOf = async (request: FastifyRequest, auth: 'optional' | 'optional-stale-as-guest') => {
        const token = sessionToken(request);
        if (!token) return auth === 'optional-stale-as-guest' ? fileTokenViewer(request) : null;
        try {
          return { id: await deps.sessions.resolve(token) };
        } catch (error) {
          const stale = error instanceof AppError && TOKEN_ERROR_CODES.includes(error.code);
          if (stale && auth === 'optional-stale-as-guest') return fileTokenViewer(request);
          throw error;
        }
      };
      // A file token never refuses either: one that is not valid (any more) reads as a visitor.
      const fileTokenViewer = async (request: FastifyRequest): Promise<Viewer | null> => {
        const id = deps.fileTokenUser ? await deps.fileTokenUser(request) : null;
        return id === null ? null : { id };
      };

      // Before the body is read: a caller without credentials costs no parsing. Registered after the
      // origin check, so a cross-site request is refused for that first.
      app.addHook('onRequest', async (request) => {
        if (request.is404) return;
        const auth = request.routeOptions.config.auth;
        if (auth === undefined || auth === 'none' || isVerifier(auth)) return;
        if (auth === 'optional') {
          request.viewer = await viewerOf(request, auth);
        } else if (auth === 'optional-stale-as-guest') {
          let asked: Promise<Viewer | null> | undefined;
          request.viewerWhenAsked = () => (asked ??= viewerOf(request, auth));
        } else if (auth === 'worker') {
          request.worker = await deps.authenticateWorker(request.headers.authorization);
        } else if (auth === 'operator') {
          assertOperatorToken(request.headers.authorization, deps.operatorToken);
        } else {
          const id = await deps.sessions.resolve(sessionToken(request));
          if (auth !== 'user' && !holdsAnyRole(await rolesOf(id), auth)) {
            throw new AppError('unauthorized_resource');
          }
          request.viewer = { id };
        }
      });

      app.addHook('preValidation', async (request, reply) => {
        const auth = request.routeOptions.config.auth;
        if (request.is404 || auth === undefined || !isVerifier(auth)) return undefined;
        await auth.verify(request, reply);
        return reply.sent ? reply : undefined;
      });
    },
  };
}
export type RouteAuthSetup = ReturnType<typeof requireRouteAuth>;

/** The signed-in user's id on a route declared 'user' or with roles (token_missing if a visitor got here). */
export function userIdOf(request: FastifyRequest): number {
  if (!request.viewer) throw new AppError('token_missing');
  return request.viewer.id;
}

/** The viewer's user id on a route declared 'optional': null for a visitor. */
export function viewerIdOf(request: FastifyRequest): number | null {
  return request.viewer?.id ?? null;
}

/** The viewer's user id on a route declared 'optional-stale-as-guest', read from the session now. */
export async function viewerIdWhenAsked(request: FastifyRequest): Promise<number | null> {
  const viewer = request.viewerWhenAsked ? await request.viewerWhenAsked() : request.viewer;
  return viewer?.id ?? null;
}

/** The worker of a route declared 'worker'. */
export function authenticatedWorker(request: FastifyRequest): WorkerRow {
  if (!request.worker) throw new AppError('token_missing');
  return request.worker;
}

/** The routes a plugin registers under `prefix` (the plugin's `routePrefix`). */
export function routesUnder(prefix: string) {
  return (route: RouteOptions) => route.url === prefix || route.url.startsWith(`${prefix}/`);
}

/** GET and HEAD routes that serve a file of `folder` (a static-files plugin registering one route per file). */
export function filesOf(folder: string) {
  const root = path.resolve(folder);
  return (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.every((method) => method === 'GET' || method === 'HEAD')) return false;
    const file = path.resolve(root, `.${route.url}`);
    return file.startsWith(`${root}${path.sep}`) && existsSync(file);
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (http/route-auth.ts); every route declares it. */
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The signed-in user, on routes declared 'optional', 'user' or with roles; else null. */
    viewer: Viewer | null;
    /** The authenticated worker, on routes declared 'worker'; else null. */
    worker: WorkerRow | null;
    /**
     * On routes declared 'optional-stale-as-guest': reads the session (or else the service worker's file
     * token) once, when first called.
     */
    viewerWhenAsked: (() => Promise<Viewer | null>) | null;
  }
}
