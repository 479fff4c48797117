import { isLanguage } from '@mirage/domain';
import { isWeakPassword, passwordUserInputs } from '@mirage/domain/password-strength';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
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
      // The address limit answers 429: it is the requester's own address and says nothing of accounts.
      await limiter.consume([`reset:ip:${ip}`, LIMITS.resetPerIp]);
      const user = await users.findByEmail(email);
      // Decision (finding M3): over the per-account limit, no mail is sent but the answer stays ok.
      // A 429 here would tell which addresses have accounts, and would let anyone block the owner's
      // reset by asking first. Silently sending nothing bounds the mails an account can receive
      // (3 an hour, whatever the number of addresses asking) without blocking its owner: a link is
      // valid for an hour (RESET_TOKEN_TTL_MS, not shorter than the limit's window), so while the
      // limit holds, the inbox already holds a working link from this window's mails. An unknown
      // address is counted too, so that both take the same queries and time.
      const account = user ? `id:${user.id}` : `email:${email.toLowerCase()}`;
      const mayMail = await limiter.allows(`reset:account:${account}`, LIMITS.resetMailsPerAccount);
      if (!user?.is_active || !mayMail) return;
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
      const tokenHash = hashToken(token);
      const pending = await users.findPasswordResetUser(tokenHash, now());
      if (!pending) throw new AppError('reset_token_invalid');
      // Checked before the token is used up, so that the link still works with a better password.
      if (isWeakPassword(password, passwordUserInputs(pending))) throw new AppError('weak_pwd');
      const userId = await users.consumePasswordReset(tokenHash, now());
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
