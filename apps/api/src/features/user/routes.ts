import {
  createUser,
  getMe,
  listOAuthProviders,
  logIn,
  logInWithOAuth,
  logOut,
  resendVerificationEmail,
  resetPassword,
  sendPasswordReset,
  startOAuthLogin,
  updateUser,
  verifyEmail,
} from '@mirage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import { clearSessionCookies, sessionToken, setSessionCookies } from '../../http/session-cookies.ts';
import { newState, type OAuthService, statesMatch } from '../oauth/index.ts';
import { LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import type { SessionService } from '../session/index.ts';
import { accountForOAuthProfile } from './oauth-login.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { PasswordResetService } from './password-reset.ts';
import type { AccountDeps, AccountService, ClientInfo } from './service.ts';
import { toUserSettings } from './view.ts';

export interface UserRouteDeps {
  accounts: AccountService;
  accountDeps: AccountDeps;
  passwordReset: PasswordResetService;
  emailVerification: EmailVerificationService;
  sessions: SessionService;
  oauth: OAuthService;
  limiter: RateLimiter;
  secureCookies: boolean;
  /** The server's clock (premium and the daily quest are read at this instant). */
  now: () => Date;
  /**
   * Runs once a sign-up or sign-in has set the account's session (the guest trial's hand-over of this
   * browser's image, features/guest): a callback, so that this feature needs not know the guest one.
   */
  onSignedIn?: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;
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
    createUser.path,
    { config: { auth: 'none' }, schema: schemaOf(createUser) },
    async (request, reply) => {
      const { user, token, expiresAt } = await accounts.create(request.body, client(request));
      setSessionCookies(reply, token, expiresAt, secureCookies);
      await deps.onSignedIn?.(request, reply, user.id);
      return reply.status(201).send({ user: toUserSettings(user, deps.now()) });
    },
  );

  app.post(logIn.path, { config: { auth: 'none' }, schema: schemaOf(logIn) }, async (request, reply) => {
    const { user, token, expiresAt } = await accounts.login(request.body, client(request));
    setSessionCookies(reply, token, expiresAt, secureCookies);
    await deps.onSignedIn?.(request, reply, user.id);
    return { user: toUserSettings(user, deps.now()) };
  });

  // Not 'user': a stale cookie is cleared all the same.
  app.post(logOut.path, { config: { auth: 'none' }, schema: schemaOf(logOut) }, async (request, reply) => {
    await sessions.revoke(sessionToken(request));
    clearSessionCookies(reply, secureCookies);
    return { ok: true } as const;
  });

  app.get(getMe.path, { config: { auth: 'user' }, schema: schemaOf(getMe) }, async (request) => {
    const user = await accounts.requireActiveUser(userIdOf(request));
    return toUserSettings(user, deps.now());
  });

  app.post(updateUser.path, { config: { auth: 'user' }, schema: schemaOf(updateUser) }, async (request) => {
    const userId = userIdOf(request);
    const user = await accounts.update(userId, request.body, sessionToken(request));
    return { user: toUserSettings(user, deps.now()) };
  });

  app.post(
    sendPasswordReset.path,
    { config: { auth: 'none' }, schema: schemaOf(sendPasswordReset) },
    async (request) => {
      await deps.passwordReset.requestReset(request.body.email, request.ip);
      return { ok: true } as const;
    },
  );

  app.post(
    resetPassword.path,
    { config: { auth: 'none' }, schema: schemaOf(resetPassword) },
    async (request) => {
      await deps.passwordReset.resetPassword(request.body.token, request.body.pwd);
      return { ok: true } as const;
    },
  );

  app.post(verifyEmail.path, { config: { auth: 'none' }, schema: schemaOf(verifyEmail) }, async (request) => {
    await deps.emailVerification.verify(request.body.token);
    return { ok: true } as const;
  });

  app.post(
    resendVerificationEmail.path,
    { config: { auth: 'user' }, schema: schemaOf(resendVerificationEmail) },
    async (request) => {
      await deps.emailVerification.resend(userIdOf(request));
      return { ok: true } as const;
    },
  );

  app.get(
    listOAuthProviders.path,
    { config: { auth: 'none' }, schema: schemaOf(listOAuthProviders) },
    () => ({ providers: deps.oauth.providers() }),
  );

  app.get(
    startOAuthLogin.path,
    { config: { auth: 'none' }, schema: schemaOf(startOAuthLogin) },
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
    logInWithOAuth.path,
    { config: { auth: 'none' }, schema: schemaOf(logInWithOAuth) },
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
      await deps.onSignedIn?.(request, reply, user.id);
      return { ok: true as const, user: toUserSettings(user, deps.now()) };
    },
  );
}
