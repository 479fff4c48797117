import { isWeakPassword, passwordUserInputs } from '@mirage/domain/password-strength';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { appendEvent } from '../outbox/index.ts';
import { LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import { hashToken, type SessionService } from '../session/index.ts';
import { hashPassword } from './password.ts';
import type { UserRepository } from './repository.ts';

/** A reset link works once, for one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface PasswordResetDeps {
  db: DB;
  users: UserRepository;
  sessions: SessionService;
  limiter: RateLimiter;
  now: () => Date;
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { users, limiter, now } = deps;

  return {
    /**
     * Same answer whether or not the address exists. The mail goes out in the background (an outbox event,
     * handled by password-reset-mail.ts), so that the response time does not reveal whether an account
     * was found either, and a crash after the answer does not lose it.
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
      await appendEvent(deps.db, { type: 'password_reset.requested', payload: { userId: user.id } });
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
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
