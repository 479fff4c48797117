import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@mirage/domain';

/**
 * The one error type of the API's rules: an error code of the product's catalogue (docs/product/errors.md),
 * optional data, and the status from the domain's table. Services throw it; `http/errors.ts` turns it into
 * `{"detail":{"code","data"?}}`. It lives outside `http/` because refusing a request is a rule, not HTTP.
 */
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
