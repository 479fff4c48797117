import {
  OAUTH_PROVIDERS,
  createUserBody,
  loginBody,
  oauthLoginBody,
  resetPasswordBody,
  sendResetPasswordBody,
  updateUserBody,
} from '@mirage/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { userIdOf } from '../../http/route-auth.ts';
import { clearSessionCookies, sessionToken, setSessionCookies } from '../../http/session-cookies.ts';
import { newState, type OAuthService, statesMatch } from '../oauth/index.ts';
import { LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import type { SessionService } from '../session/index.ts';
import { accountForOAuthProfile } from './oauth-login.ts';
import type { PasswordResetService } from './password-reset.ts';
import type { AccountDeps, AccountService, ClientInfo } from './service.ts';
import { toUserSettings } from './view.ts';

export interface UserRouteDeps {
  accounts: AccountService;
  accountDeps: AccountDeps;
  passwordReset: PasswordResetService;
  sessions: SessionService;
  oauth: OAuthService;
  limiter: RateLimiter;
  secureCookies: boolean;
}

const OAUTH_STATE_COOKIE = 'oauth_state';

function client(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}

/** `/api/user` (docs/product/api.md#accounts): thin handlers, rules in the services. */
export function registerUserRoutes(fastify: FastifyInstance, deps: UserRouteDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts, sessions, secureCookies } = deps;

  app.post(
    '/api/user/create',
    { config: { auth: 'none' }, schema: { body: createUserBody } },
    async (request, reply) => {
      const { user, token, expiresAt } = await accounts.create(request.body, client(request));
      setSessionCookies(reply, token, expiresAt, secureCookies);
      return reply.status(201).send({ user: toUserSettings(user) });
    },
  );

  app.post(
    '/api/user/login',
    { config: { auth: 'none' }, schema: { body: loginBody } },
    async (request, reply) => {
      const { user, token, expiresAt } = await accounts.login(request.body, client(request));
      setSessionCookies(reply, token, expiresAt, secureCookies);
      return { user: toUserSettings(user) };
    },
  );

  // Not 'user': a stale cookie is cleared all the same.
  app.post('/api/user/logout', { config: { auth: 'none' } }, async (request, reply) => {
    await sessions.revoke(sessionToken(request));
    clearSessionCookies(reply, secureCookies);
    return { ok: true };
  });

  app.get('/api/user/me', { config: { auth: 'user' } }, async (request) => {
    const user = await accounts.requireActiveUser(userIdOf(request));
    return toUserSettings(user);
  });

  app.post(
    '/api/user/update',
    { config: { auth: 'user' }, schema: { body: updateUserBody } },
    async (request) => {
      const userId = userIdOf(request);
      const user = await accounts.update(userId, request.body, sessionToken(request));
      return { user: toUserSettings(user) };
    },
  );

  app.post(
    '/api/user/send_reset_pwd',
    { config: { auth: 'none' }, schema: { body: sendResetPasswordBody } },
    async (request) => {
      await deps.passwordReset.requestReset(request.body.email, request.ip);
      return { ok: true };
    },
  );

  app.post(
    '/api/user/reset_pwd',
    { config: { auth: 'none' }, schema: { body: resetPasswordBody } },
    async (request) => {
      await deps.passwordReset.resetPassword(request.body.token, request.body.pwd);
      return { ok: true };
    },
  );

  app.get('/api/user/oauth/providers', { config: { auth: 'none' } }, () => ({
    providers: deps.oauth.providers(),
  }));

  app.get(
    '/api/user/login/oauth/:provider/start',
    {
      config: { auth: 'none' },
      schema: {
        params: z.object({ provider: z.enum(OAUTH_PROVIDERS, { error: 'oauth_provider_unavailable' }) }),
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!deps.oauth.providers().includes(provider)) throw new AppError('oauth_provider_unavailable');
      const state = newState();
      reply.setCookie(OAUTH_STATE_COOKIE, state, {
        path: '/api/user/login/oauth',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(deps.oauth.authorizationUrl(provider, state).toString());
    },
  );

  app.post(
    '/api/user/login/oauth',
    { config: { auth: 'none' }, schema: { body: oauthLoginBody } },
    async (request, reply) => {
      const { provider, auth_code: code, state } = request.body;
      await deps.limiter.consume([`oauth:ip:${request.ip}`, LIMITS.oauthPerIp]);
      if (!deps.oauth.providers().includes(provider)) throw new AppError('oauth_provider_unavailable');
      const stateCookie = request.unsignCookie(request.cookies[OAUTH_STATE_COOKIE] ?? '');
      if (!state || !stateCookie.valid || !stateCookie.value || !statesMatch(state, stateCookie.value)) {
        throw new AppError('oauth_failed', { reason: 'state_mismatch' });
      }
      reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/api/user/login/oauth' });
      const redirectUri = deps.oauth.redirectUri(provider);
      const profile = await deps.oauth.exchange(provider, code, redirectUri);
      const user = await accountForOAuthProfile(deps.accountDeps, profile);
      if (!user.is_active) throw new AppError('user_not_active');
      const { token, expiresAt } = await accounts.startSession(user, client(request));
      setSessionCookies(reply, token, expiresAt, secureCookies);
      return { ok: true, user: toUserSettings(user) };
    },
  );
}
