import { listReferrals, redeemReferral } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { ReferralService } from './service.ts';

/** `/api/referral` (docs/product/commerce.md#referrals): thin handlers, rules in the service. */
export function registerReferralRoutes(fastify: FastifyInstance, deps: { referrals: ReferralService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { referrals } = deps;
  const user = { auth: 'user' } as const;

  app.get(listReferrals.path, { config: user, schema: schemaOf(listReferrals) }, async (request) =>
    referrals.list(userIdOf(request), request.query.page, request.query.size),
  );

  app.post(redeemReferral.path, { config: user, schema: schemaOf(redeemReferral) }, async (request) =>
    referrals.attach(userIdOf(request), request.params.referralCode, request.ip),
  );
}
