import { isLanguage } from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { resetPasswordMail } from '../../mail/templates.ts';
import { LIMITS, type RateLimiter } from '../rate-limit/service.ts';
import { hashToken, newToken, type SessionService } from '../session/service.ts';
import { hashPassword } from './password.ts';
import type { UserRepository } from './repository.ts';

/** A reset link works once, for one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface PasswordResetDeps {
  users: UserRepository;
  sessions: SessionService;
  limiter: RateLimiter;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { users, limiter, mailer, now, log } = deps;
  /** Mails still being sent; tests and shutdown wait for them. */
  const inFlight = new Set<Promise<void>>();

  return {
    /**
     * Same answer whether or not the address exists. The mail goes out in the background, so that the
     * response time does not reveal whether an account was found either.
     */
    async requestReset(email: string, ip: string): Promise<void> {
      await limiter.consume(
        [`reset:ip:${ip}`, LIMITS.resetPerIp],
        [`reset:account:${email}`, LIMITS.resetPerAccount],
      );
      const user = await users.findByEmail(email);
      if (!user?.is_active) return;
      const token = newToken();
      await users.insertPasswordReset({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MS),
      });
      const link = `${deps.publicUrl}/account/reset?token=${encodeURIComponent(token)}`;
      const lang = isLanguage(user.lang) ? user.lang : 'en';
      const sending = mailer
        .send({ to: user.email, ...resetPasswordMail(lang, link, user.username) })
        .catch((error: unknown) => log.error({ err: error, userId: user.id }, 'password reset mail failed'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },

    /** Sets a new password from a single-use token and signs the account out everywhere. */
    async resetPassword(token: string, password: string): Promise<void> {
      const userId = await users.consumePasswordReset(hashToken(token), now());
      if (userId === undefined) throw new AppError('reset_token_invalid');
      await users.update(userId, { pwd_hash: await hashPassword(password) });
      await deps.sessions.revokeOthers(userId, undefined);
    },

    async purgeExpired(): Promise<void> {
      await users.deleteExpiredPasswordResets(now());
    },

    async settle(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
