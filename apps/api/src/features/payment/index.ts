/**
 * The payment feature's public face (docs/product/commerce.md): the service composed from the
 * configuration, and its routes.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { cookieSecret, wantsSandboxPayments, type Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import type { AppMetrics } from '../../http/metrics-registry.ts';
import { createOrderRepository } from './order-repository.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { CCBILL_WEBHOOK_CIDRS, createCcbillProvider } from './providers/ccbill.ts';
import { createNowPaymentsProvider } from './providers/nowpayments.ts';
import { createSandboxProvider } from './providers/sandbox.ts';
import { createPaymentService } from './service.ts';
import { createSettlementRepository } from './settlement-repository.ts';

export { registerReceiptMail } from './receipt-mail.ts';
export { registerPaymentRoutes } from './routes.ts';
export type { PaymentService } from './service.ts';
export {
  createPaymentReviewRepository,
  type PaymentReviewItem,
  type PaymentReviewRepository,
} from './review-repository.ts';

/** The sandbox checkout page of ours (the web app's /payment/sandbox/{orderId}). */
export const sandboxCheckoutPath = (orderId: string) => `/payment/sandbox/${orderId}`;

/** The payment service with the providers this configuration enables, in the shop's order. */
export function createPayments(deps: {
  config: Config;
  db: DB;
  now: () => Date;
  log: FastifyBaseLogger;
  metrics: Pick<AppMetrics, 'orderCreated' | 'paymentNotification'>;
}) {
  const { config } = deps;
  const sandbox = wantsSandboxPayments(config)
    ? createSandboxProvider({
        // Derived from the cookie secret: its notifications are signed like a real provider's, with a key
        // nobody outside this installation knows.
        secret: createHmac('sha256', cookieSecret(config)).update('sandbox-payments').digest('hex'),
        checkoutPath: sandboxCheckoutPath,
      })
    : null;
  // Cards first, then crypto, then the sandbox: a provider without its settings is not offered at all.
  const providers: PaymentProvider[] = [];
  if (
    config.CCBILL_ACCOUNT_NUMBER &&
    config.CCBILL_SUBACCOUNT &&
    config.CCBILL_FLEXFORM_ID &&
    config.CCBILL_SALT &&
    config.CCBILL_WEBHOOK_SECRET
  ) {
    providers.push(
      createCcbillProvider({
        accountNumber: config.CCBILL_ACCOUNT_NUMBER,
        subAccount: config.CCBILL_SUBACCOUNT,
        flexFormId: config.CCBILL_FLEXFORM_ID,
        salt: config.CCBILL_SALT,
        webhookSecret: config.CCBILL_WEBHOOK_SECRET,
        allowedCidrs: config.CCBILL_WEBHOOK_CIDRS
          ? config.CCBILL_WEBHOOK_CIDRS.split(',')
              .map((cidr) => cidr.trim())
              .filter(Boolean)
          : CCBILL_WEBHOOK_CIDRS,
        formUrl: config.CCBILL_FORM_URL,
      }),
    );
  }
  if (config.NOWPAYMENTS_API_KEY && config.NOWPAYMENTS_IPN_SECRET) {
    providers.push(
      createNowPaymentsProvider({
        apiKey: config.NOWPAYMENTS_API_KEY,
        ipnSecret: config.NOWPAYMENTS_IPN_SECRET,
        apiUrl: config.NOWPAYMENTS_API_URL,
      }),
    );
  }
  if (sandbox) providers.push(sandbox);
  return createPaymentService({
    orders: createOrderRepository(deps.db),
    settlement: createSettlementRepository(deps.db),
    providers,
    sandbox,
    publicUrl: config.PUBLIC_URL,
    now: deps.now,
    log: deps.log,
    metrics: deps.metrics,
  });
}
export { applyPlanChange, lockPlanHolder } from './plan-repository.ts';
