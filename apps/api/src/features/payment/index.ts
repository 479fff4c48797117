/**
 * The payment feature's public face (docs/product/commerce.md): the service composed from the
 * configuration, and its routes.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { cookieSecret, wantsSandboxPayments, type Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { createOrderRepository } from './order-repository.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createSandboxProvider } from './providers/sandbox.ts';
import { createPaymentService } from './service.ts';
import { createSettlementRepository } from './settlement-repository.ts';

export { registerPaymentRoutes } from './routes.ts';
export type { PaymentService } from './service.ts';

/** The sandbox checkout page of ours (the web app's /payment/sandbox/{orderId}). */
export const sandboxCheckoutPath = (orderId: string) => `/payment/sandbox/${orderId}`;

/** The payment service with the providers this configuration enables, in the shop's order. */
export function createPayments(deps: { config: Config; db: DB; now: () => Date; log: FastifyBaseLogger }) {
  const { config } = deps;
  const sandbox = wantsSandboxPayments(config)
    ? createSandboxProvider({
        // Derived from the cookie secret: its notifications are signed like a real provider's, with a key
        // nobody outside this installation knows.
        secret: createHmac('sha256', cookieSecret(config)).update('sandbox-payments').digest('hex'),
        checkoutPath: sandboxCheckoutPath,
      })
    : null;
  const providers: PaymentProvider[] = [];
  if (sandbox) providers.push(sandbox);
  return createPaymentService({
    orders: createOrderRepository(deps.db),
    settlement: createSettlementRepository(deps.db),
    providers,
    sandbox,
    publicUrl: config.PUBLIC_URL,
    now: deps.now,
    log: deps.log,
  });
}
