import { isLanguage } from '@mirage/domain';
import type { Mailer } from '../../mail/mailer.ts';
import { resetPasswordMail } from '../../mail/templates.ts';
import type { HandlerRegistry } from '../outbox/index.ts';
import { hashToken, newToken } from '../session/index.ts';
import { RESET_TOKEN_TTL_MS } from './password-reset.ts';
import { createUserRepository } from './repository.ts';

/**
 * Sends the password-reset mail for a `password_reset.requested` event (features/outbox).
 *
 * The token is made here, in the handler's transaction, not when the request was taken: the outbox then
 * never stores a live secret (the database keeps only the token's hash, as before), and a run that fails
 * (the SMTP server refuses) rolls the token back with it. Delivery is at least once: a mail can go out and
 * the commit then fail, in which case the retry sends a second mail with a new link and the first link
 * never works (its token was rolled back). The Message-ID carries the delivery's idempotency key so a
 * receiving server can drop a duplicate.
 */
export function registerPasswordResetMail(
  handlers: HandlerRegistry,
  deps: { mailer: Mailer; publicUrl: string; now: () => Date },
): void {
  handlers.on('password_reset.requested', 'mail.password_reset', async ({ payload }, context) => {
    const users = createUserRepository(context.trx);
    const user = await users.findById(payload.userId);
    // Deactivated (or deleted) since the request: no link for an account that cannot sign in.
    if (!user?.is_active) return;
    const token = newToken();
    await users.insertPasswordReset({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(deps.now().getTime() + RESET_TOKEN_TTL_MS),
    });
    const link = `${deps.publicUrl}/account/reset?token=${encodeURIComponent(token)}`;
    const lang = isLanguage(user.lang) ? user.lang : 'en';
    await deps.mailer.send({
      to: user.email,
      ...resetPasswordMail(lang, link, user.username),
      idempotencyKey: context.idempotencyKey,
    });
  });
}
