import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { appendEvent, type Executor } from '../outbox/index.ts';
import { LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import { hashToken } from '../session/index.ts';
import { createEmailVerificationRepository } from './email-verification-repository.ts';
import type { UserRepository } from './repository.ts';

/** A verification link works once, for 48 hours: long enough for a mail read the next day. */
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * Asks for a verification mail, in the caller's transaction (sign-up's, so that an account never exists
 * without its mail on the way). The token is made by the mail's handler (email-verification-mail.ts), so
 * that the outbox never stores a live secret.
 */
export async function requestVerificationMail(trx: Executor, userId: number): Promise<void> {
  await appendEvent(trx, { type: 'user.verification_requested', payload: { userId } });
}

export interface EmailVerificationDeps {
  db: DB;
  users: UserRepository;
  limiter: RateLimiter;
  now: () => Date;
}

/**
 * Email verification (docs/product/accounts.md#email-verification): a purchase and a referral gain need
 * a verified address; generating does not.
 */
export function createEmailVerificationService(deps: EmailVerificationDeps) {
  const { db, users, limiter, now } = deps;

  return {
    /**
     * Verifies the account of an unused, unexpired link. The token is used up even when the account was
     * already verified (by another link): the answer is the same, and no second `user.email_verified`.
     */
    async verify(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await db.transaction().execute(async (trx) => {
        const repository = createEmailVerificationRepository(trx);
        const userId = await repository.consumeToken(tokenHash, now());
        if (userId === undefined) throw new AppError('verify_token_invalid');
        await repository.markVerified(userId, now());
      });
    },

    /**
     * A new link for the signed-in user. Nothing for a verified account (and it does not count against
     * the limit); otherwise 3 mails an hour per account, then `spam_protection`: the owner waiting for a
     * mail is told to wait, and nobody can make the service flood an inbox.
     */
    async resend(userId: number): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('token_invalid');
      if (!user.is_active) throw new AppError('user_not_active');
      if (user.email_verified_at) return;
      await limiter.consume([`verify-mail:account:${userId}`, LIMITS.verifyMailsPerAccount]);
      await requestVerificationMail(db, userId);
    },

    async purgeExpired(): Promise<void> {
      await createEmailVerificationRepository(db).deleteExpired(now());
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
