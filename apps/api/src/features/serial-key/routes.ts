import { listResellers, redeemSerialKey } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { SerialKeyService } from './service.ts';

/** Redeeming a reseller's serial key (docs/product/commerce.md#serial-keys). */
export function registerSerialKeyRoutes(fastify: FastifyInstance, deps: { serialKeys: SerialKeyService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(listResellers.path, { config: { auth: 'none' }, schema: schemaOf(listResellers) }, async () => ({
    resellers: await deps.serialKeys.resellers(),
  }));
  app.post(
    redeemSerialKey.path,
    { config: { auth: 'user' }, schema: schemaOf(redeemSerialKey) },
    async (request) =>
      deps.serialKeys.redeem(
        userIdOf(request),
        request.ip,
        request.params.reseller,
        request.params.serialKey,
        request.query.confirm,
      ),
  );
}
