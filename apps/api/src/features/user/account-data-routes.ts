import { deleteAccount, exportAccountData } from '@mirage/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import { clearSessionCookies, sessionToken } from '../../http/session-cookies.ts';
import { LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import type { AccountDeletion } from './account-deletion.ts';
import type { DataExport } from './data-export.ts';

/** `/api/user/export` and `/api/user/delete` (docs/product/accounts.md#your-data). */
export function registerAccountDataRoutes(
  fastify: FastifyInstance,
  deps: {
    accountDeletion: AccountDeletion;
    dataExport: DataExport;
    limiter: RateLimiter;
    secureCookies: boolean;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    exportAccountData.path,
    { config: { auth: 'user' }, schema: schemaOf(exportAccountData) },
    async (request, reply) => {
      const userId = userIdOf(request);
      await deps.limiter.consume([`export:account:${userId}`, LIMITS.exportsPerAccount]);
      const username = await deps.dataExport.usernameOf(userId);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="mirage-data-${username}.zip"`);
      const zip = await deps.dataExport.exportOf(userId);
      // Fastify streams a Readable as it is produced; the contract types file answers as bytes.
      return reply.send(zip as unknown as Uint8Array);
    },
  );

  app.post(
    deleteAccount.path,
    { config: { auth: 'user' }, schema: schemaOf(deleteAccount) },
    async (request, reply) => {
      const userId = userIdOf(request);
      await deps.limiter.consume([`delete:account:${userId}`, LIMITS.deletionsPerAccount]);
      await deps.accountDeletion.deleteAccount(userId, {
        password: request.body.password,
        sessionToken: sessionToken(request),
      });
      clearSessionCookies(reply, deps.secureCookies);
      return { ok: true as const };
    },
  );
}
