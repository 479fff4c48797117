import { grantOf, isLanguage, PLAN_NAMES, productById } from '@mirage/domain';
import type { Mailer } from '../../mail/mailer.ts';
import { receiptMail, type ReceiptProduct } from '../../mail/templates.ts';
import type { HandlerRegistry } from '../outbox/index.ts';

/**
 * Mails the buyer a receipt for each `payment.succeeded` (settlement-repository.ts appends one per
 * settled provider event: a first payment or a renewal). The event is handled once (its processed marker);
 * the mail itself is at least once, with the delivery's key as its Message-ID so a receiving server can
 * drop a retry's duplicate. The date is the settlement's (the event's), in the buyer's language now.
 */
export function registerReceiptMail(handlers: HandlerRegistry, deps: { mailer: Mailer }): void {
  handlers.on('payment.succeeded', 'mail.receipt', async ({ payload }, context) => {
    const row = await context.trx
      .selectFrom('payment_order')
      .innerJoin('app_user', 'app_user.id', 'payment_order.user_id')
      .select([
        'payment_order.id',
        'payment_order.provider',
        'payment_order.product',
        'payment_order.currency',
        'payment_order.amount_cents',
        'app_user.email',
        'app_user.username',
        'app_user.lang',
      ])
      .where('payment_order.id', '=', payload.orderId)
      .executeTakeFirst();
    const product = row ? productById(row.product) : undefined;
    // An order deleted with its account, or a product no longer sold: nobody or nothing to describe.
    if (!row || !product) return;
    const grant = grantOf(product);
    const bought: ReceiptProduct =
      grant.kind === 'tickets'
        ? { kind: 'pack', tickets: grant.tickets }
        : { kind: 'plan', plan: PLAN_NAMES[grant.plan] };
    const lang = isLanguage(row.lang) ? row.lang : 'en';
    await deps.mailer.send({
      to: row.email,
      ...receiptMail(lang, row.username, {
        product: bought,
        amountCents: row.amount_cents,
        currency: row.currency,
        paidAt: context.occurredAt,
        orderId: row.id,
        provider: row.provider,
      }),
      idempotencyKey: context.idempotencyKey,
    });
  });
}
