import { getFilesReadToken, getServiceWorkerToken } from '@mirage/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import { sessionToken } from '../../http/session-cookies.ts';
import type { FileTokens } from './file-token.ts';

/**
 * The tokens of ./file-token.ts, for a signed-in user only, each tied to the session asking:
 * - GET /api/config/token (the spec's name): the web app's service worker's file token; the app asks for
 *   it after sign-in and hands it to the worker;
 * - GET /api/config/b2_token (the spec's name, kept: it serves this product's files host, FILES_PUBLIC_URL,
 *   not a storage provider's credential): the read token the app adds to its user's own file addresses.
 */
export function registerSessionRoutes(
  fastify: FastifyInstance,
  deps: { fileTokens: FileTokens; readTokens: FileTokens },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const issue = (tokens: FileTokens, request: FastifyRequest) => {
    const cookie = sessionToken(request);
    // 'user' auth resolved this very cookie; kept as a check so that a token never names no session.
    if (!cookie) throw new AppError('token_missing');
    const { token, expiresAt } = tokens.issue(userIdOf(request), cookie);
    return { token, expires_at: expiresAt.toISOString() };
  };
  app.get(
    getServiceWorkerToken.path,
    { config: { auth: 'user' }, schema: schemaOf(getServiceWorkerToken) },
    (request) => issue(deps.fileTokens, request),
  );
  app.get(
    getFilesReadToken.path,
    { config: { auth: 'user' }, schema: schemaOf(getFilesReadToken) },
    (request) => issue(deps.readTokens, request),
  );
}
