import { isLanguage } from '@mirage/domain';
import type { Mailer } from '../../mail/mailer.ts';
import { verifyEmailMail } from '../../mail/templates.ts';
import type { HandlerRegistry } from '../outbox/index.ts';
import { hashToken, newToken } from '../session/index.ts';
import { createEmailVerificationRepository } from './email-verification-repository.ts';
import { VERIFY_TOKEN_TTL_MS } from './email-verification.ts';
import { createUserRepository } from './repository.ts';

/**
 * Sends the address-check mail for a `user.verification_requested` event (features/outbox), like the
 * password-reset mail (password-reset-mail.ts): the token is made in the handler's transaction, so the
 * outbox never stores a live secret and a refused send rolls the token back with it. The language is the
 * account's when the mail goes out.
 */
export function registerEmailVerificationMail(
  handlers: HandlerRegistry,
  deps: { mailer: Mailer; publicUrl: string; now: () => Date },
): void {
  handlers.on('user.verification_requested', 'mail.email_verification', async ({ payload }, context) => {
    const user = await createUserRepository(context.trx).findById(payload.userId);
    // Verified since the request (another link, or OAuth), deactivated or deleted: nothing to check.
    if (!user?.is_active || user.email_verified_at) return;
    const token = newToken();
    await createEmailVerificationRepository(context.trx).insertToken({
      tokenHash: hashToken(token),
      userId: user.id,
      email: user.email,
      expiresAt: new Date(deps.now().getTime() + VERIFY_TOKEN_TTL_MS),
    });
    const link = `${deps.publicUrl}/account/verify?token=${encodeURIComponent(token)}`;
    const lang = isLanguage(user.lang) ? user.lang : 'en';
    await deps.mailer.send({
      to: user.email,
      ...verifyEmailMail(lang, link, user.username),
      idempotencyKey: context.idempotencyKey,
    });
  });
}
