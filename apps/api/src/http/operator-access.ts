import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from '../errors.ts';

/**
 * Who may read an operational endpoint (/metrics, the OpenAPI documentation): the holder of its token
 * when one is configured; without one, anyone in development and nobody in production, so that a
 * production deployment never exposes them by default (finding L7).
 */
export type OperatorAccess = { kind: 'open' } | { kind: 'closed' } | { kind: 'token'; token: string };

export function operatorAccess(token: string | undefined, production: boolean): OperatorAccess {
  if (token) return { kind: 'token', token };
  return production ? { kind: 'closed' } : { kind: 'open' };
}

function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `Authorization: Bearer <token>` (scrapers, curl), or HTTP Basic with the token as the password and
 * any user name, which is what a browser sends after its login prompt.
 */
export function presentsToken(authorization: string | undefined, token: string): boolean {
  const [scheme, value = ''] = (authorization ?? '').split(' ', 2);
  if (scheme === 'Bearer') return sameSecret(value, token);
  if (scheme === 'Basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 && sameSecret(decoded.slice(colon + 1), token);
  }
  return false;
}

/** Throws `unauthorized_resource` (403) unless the request may read the endpoint. */
export function assertOperatorAccess(access: OperatorAccess, authorization: string | undefined): void {
  if (access.kind === 'open') return;
  if (access.kind === 'closed' || !presentsToken(authorization, access.token))
    throw new AppError('unauthorized_resource');
}

/**
 * For endpoints that act (worker status, moderation): their token always, in every environment; without
 * one configured they are closed. `Authorization: Bearer <token>` (or Basic with the token as password).
 */
export function assertOperatorToken(authorization: string | undefined, token: string | undefined): void {
  assertOperatorAccess(token ? { kind: 'token', token } : { kind: 'closed' }, authorization);
}

/**
 * An onRequest hook for pages a person opens in a browser (the API documentation): without any
 * credentials it answers 401 with a Basic challenge, so that the browser asks for the token; wrong
 * credentials, or no token configured in production, answer 403.
 */
export function browserOperatorGuard(access: OperatorAccess, realm: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const authorization = request.headers.authorization;
    if (access.kind === 'token' && !authorization) {
      return reply
        .status(401)
        .header('www-authenticate', `Basic realm="${realm}", charset="UTF-8"`)
        .send(errorBody('token_missing'));
    }
    assertOperatorAccess(access, authorization);
    return undefined;
  };
}
