import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_STATUS, isErrorCode, type ErrorCode } from '@mirage/domain';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../errors.ts';

/**
 * Maps every failure to `{"detail":{"code","data"?}}`. Zod checks carry the spec code as their message
 * (packages/domain/src/user.ts); the first failing check wins. Nothing else (stack, SQL) leaks out.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      // A limit that knows when it lifts says so the standard way too (docs/integrating.md#rate-limits).
      const retryAfter = error.data?.retry_after;
      if (error.status === 429 && typeof retryAfter === 'number')
        reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(errorBody(error.code, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const message = issue?.message;
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const code: ErrorCode = isErrorCode(message) ? message : 'validation_error';
      return reply
        .status(ERROR_STATUS[code])
        .send(errorBody(code, code === 'validation_error' && field ? { field } : undefined));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode === 429) return reply.status(429).send(errorBody('spam_protection'));
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, never a 500.
      return reply
        .status(fastifyError.statusCode)
        .send(errorBody('validation_error', { reason: fastifyError.code }));
    }
    if (isBackingServiceUnreachable(error)) {
      // PostgreSQL restarting or failing over (or another backing service's socket refused or cut): the
      // request may succeed in a moment, on this instance or another, so say so (503, as the readiness
      // probe does) rather than report a fault of ours.
      request.log.warn({ err: error }, 'backing service unreachable');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(errorBody('service_unavailable', { reason: 'unreachable' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error'));
  });
}

/** Socket errors of a connection (to the database, most often) that cannot be opened or was cut. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a failure means a backing service (the database, most often) cannot be reached right now,
 * rather than a bug: a refused or cut connection, PostgreSQL's class 08 (connection exception) and 57P01–57P03 (shutting down, crashed,
 * starting up), and node-postgres's own messages for a connection that ended under a query or before it.
 */
export function isBackingServiceUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_ERRORS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
  }
  return /^Connection terminated|not queryable/.test(error.message);
}

/** A client error's status as Fastify gives it, when it is one (4xx); otherwise undefined. */
function clientStatus(error: { statusCode?: number }): number | undefined {
  const status = error.statusCode;
  return status !== undefined && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route, hook or error handler runs,
 * i.e. a path that does not decode (FST_ERR_BAD_URL, 400: `/api/image/%C0%AE/info`) or a path parameter
 * over the router's length limit (FST_ERR_MAX_PARAM_LENGTH, 414). Fastify's own answer is outside the
 * catalogue and repeats the URL; this one keeps the status, says `validation_error` with Fastify's code
 * as the reason, and never repeats the URL.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = clientStatus(error);
  if (status === undefined) request.log.error({ err: error }, 'router error');
  void reply
    .status(status ?? 500)
    .header('x-content-type-options', 'nosniff')
    .send(
      status === undefined
        ? errorBody('internal_error')
        : errorBody('validation_error', { reason: error.code }),
    );
}

/** Node's parser codes and the status each one answers; anything else it refuses is a 400. */
const PARSER_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Fastify's `clientErrorHandler` (the server's `clientError` event): what Node's HTTP parser refuses
 * before Fastify sees a request: headers over the size limit (431, e.g. a 20 KB cookie), a malformed
 * request line or header (400), a request that does not arrive in time (408). There is no request or
 * reply yet, so the answer is written to the socket, in the catalogue's shape, and the connection closed.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const status = PARSER_ERROR_STATUS[error.code] ?? 400;
    const body = JSON.stringify(errorBody('validation_error', { reason: error.code }));
    // An answer to HEAD has no body (a client would read it as the start of a next answer).
    const packet: unknown = error.rawPacket;
    const head = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        `Connection: close\r\n\r\n${head ? '' : body}`,
    );
  }
  socket.destroy(error);
}

/** Unknown routes answer 404 `not_found` (used when the SPA is not served; spa.ts sets its own). */
export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorBody('not_found', { path: request.url.split('?')[0] })),
  );
}
