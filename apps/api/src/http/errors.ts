import { ERROR_STATUS, isErrorCode, type ErrorBody, type ErrorCode } from '@mirage/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error type of the API: a spec code, optional data, and the status from the domain's table. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly data?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export function errorBody(code: ErrorCode, data?: Record<string, unknown>): ErrorBody {
  return { detail: data ? { code, data } : { code } };
}

/**
 * Maps every failure to `{"detail":{"code","data"?}}`. Zod checks carry the spec code as their message
 * (packages/domain/src/user.ts); the first failing check wins. Nothing else (stack, SQL) leaks out.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error'));
  });
}

/** Unknown routes answer 404 `not_found` (used when the SPA is not served; spa.ts sets its own). */
export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorBody('not_found', { path: request.url.split('?')[0] })),
  );
}
