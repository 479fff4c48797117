import { grantOf, isLanguage, PLAN_NAMES, productById, type Language } from '@mirage/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { receiptMail, reversalMail, type Receipt, type ReceiptProduct } from '../../mail/templates.ts';
import type { HandlerRegistry } from '../outbox/index.ts';
import { orderWithBuyer } from './order-repository.ts';

/** The order as a receipt, and its buyer; undefined for an order deleted with its account or not sold any more. */
async function receiptOf(
  trx: Transaction<Database>,
  orderId: string,
  date: Date,
): Promise<{ to: string; username: string; lang: Language; receipt: Receipt } | undefined> {
  const row = await orderWithBuyer(trx, orderId);
  const product = row ? productById(row.product) : undefined;
  if (!row || !product) return undefined;
  const grant = grantOf(product);
  const bought: ReceiptProduct =
    grant.kind === 'tickets'
      ? { kind: 'pack', tickets: grant.tickets }
      : { kind: 'plan', plan: PLAN_NAMES[grant.plan] };
  return {
    to: row.email,
    username: row.username,
    lang: isLanguage(row.lang) ? row.lang : 'en',
    receipt: {
      product: bought,
      amountCents: row.amount_cents,
      currency: row.currency,
      paidAt: date,
      orderId: row.id,
      provider: row.provider,
    },
  };
}

/**
 * Mails the buyer a receipt for each `payment.succeeded` (settlement-repository.ts appends one per
 * settled provider event: a first payment or a renewal), and a notice for each `payment.reversed` (a
 * refund or a chargeback: what was taken back). Each event is handled once (its processed marker); the
 * mail itself is at least once, with the delivery's key as its Message-ID so a receiving server can drop a
 * retry's duplicate. The date is the settlement's (the event's), in the buyer's language now.
 */
export function registerReceiptMail(handlers: HandlerRegistry, deps: { mailer: Mailer }): void {
  handlers.on('payment.succeeded', 'mail.receipt', async ({ payload }, context) => {
    const found = await receiptOf(context.trx, payload.orderId, context.occurredAt);
    if (!found) return;
    await deps.mailer.send({
      to: found.to,
      ...receiptMail(found.lang, found.username, found.receipt),
      idempotencyKey: context.idempotencyKey,
    });
  });

  handlers.on('payment.reversed', 'mail.reversal', async ({ payload }, context) => {
    const found = await receiptOf(context.trx, payload.orderId, context.occurredAt);
    if (!found) return;
    await deps.mailer.send({
      to: found.to,
      ...reversalMail(found.lang, found.username, found.receipt, payload),
      idempotencyKey: context.idempotencyKey,
    });
  });
}
