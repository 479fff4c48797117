import {
  createOrder,
  decideSandboxPayment,
  getShop,
  getSubscription,
  listPayments,
  receivePaymentNotification,
} from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import { CCBILL_EVENT_TYPE_HEADER } from './providers/ccbill.ts';
import type { PaymentService } from './service.ts';

/** The largest notification body read: providers send a few kilobytes. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

/** The shop and payments (docs/product/commerce.md). */
export function registerPaymentRoutes(fastify: FastifyInstance, deps: { payments: PaymentService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = deps;
  const user = { auth: 'user' } as const;

  app.get(getShop.path, { config: { auth: 'none' }, schema: schemaOf(getShop) }, () => payments.shop());

  app.post(createOrder.path, { config: user, schema: schemaOf(createOrder) }, async (request) =>
    payments.createOrder(
      userIdOf(request),
      request.params.provider,
      request.body.product,
      request.body.currency,
    ),
  );

  app.get(listPayments.path, { config: user, schema: schemaOf(listPayments) }, async (request) =>
    payments.history(userIdOf(request), request.query.page, request.query.size),
  );

  app.get(getSubscription.path, { config: user, schema: schemaOf(getSubscription) }, async (request) =>
    payments.subscription(userIdOf(request)),
  );

  app.post(
    decideSandboxPayment.path,
    { config: user, schema: schemaOf(decideSandboxPayment) },
    async (request) =>
      payments.decideSandbox(userIdOf(request), request.params.orderId, request.body.approve),
  );

  // Notifications are verified over their exact bytes (a signature), so this route reads its body as text,
  // whatever its type, in a scope of its own. They come from the providers' servers, with no session: the
  // provider's own verification (features/payment/providers) is their authentication.
  void fastify.register((scope, _options, registered) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        receivePaymentNotification.path,
        { config: { auth: 'none' }, schema: schemaOf(receivePaymentNotification) },
        async (request) => {
          // CCBill says the event in the query string only: its adapter reads it from this header, set
          // here and never taken from the request (providers/ccbill.ts).
          const headers: Record<string, string | string[] | undefined> = { ...request.headers };
          delete headers[CCBILL_EVENT_TYPE_HEADER];
          if (request.query.eventType) headers[CCBILL_EVENT_TYPE_HEADER] = request.query.eventType;
          await payments.receive(request.params.provider, {
            headers,
            rawBody: typeof request.body === 'string' ? request.body : '',
            ip: request.ip,
            pathSecret: request.query.secret,
          });
          return { ok: true as const };
        },
      );
    registered();
  });
}
