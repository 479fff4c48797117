import { z } from 'zod';
import { BIGINT_ID_MAX, INT4_MAX, isStorableText, UNSTORABLE_TEXT } from './storable.ts';

export { BIGINT_ID_MAX, INT4_MAX, isStorableText, UNSTORABLE_TEXT };

/**
 * What every request field must be before it may reach the database. Each request schema builds its
 * strings with `safeText` and its id columns with `idValue`, so that bad input answers a 4xx
 * `validation_error` (with data.field) instead of a database error (a 500).
 */

/**
 * A request string: `z.string()` plus the storable-text check, which runs first and stops the other
 * checks, so that a NUL or a lone surrogate always answers `validation_error` {field}, whatever
 * the schema's own codes (`error` is the code of a missing or non-string value). Chain the schema's
 * own checks after it: `safeText({ error: 'required_username' }).trim().min(1, ...)`.
 */
export function safeText(params: { error?: string } = {}) {
  return z.string(params).refine(isStorableText, { error: UNSTORABLE_TEXT, abort: true });
}

/** The column an id is stored in. */
export type IdColumn = 'integer' | 'bigint';

export interface IdValueOptions {
  /** The code of every failure (default `validation_error`; path ids use `not_found`). */
  error?: string;
  /** Read the id from text (path parameters and query strings). */
  coerce?: boolean;
  /** Accept 0 as "none" (the gallery's author filter: 0 is everybody). */
  zeroMeansNone?: boolean;
  /**
   * The code of a well-formed id above the column's range, where it reads better as "no such thing"
   * (e.g. `preset_not_found`) than as malformed; default `error`.
   */
  beyondColumn?: string;
}

/**
 * An id column's value in a request: an integer from 1 to the largest the column holds (INT4_MAX for
 * `integer` ids such as styles, boosters and presets; BIGINT_ID_MAX for `bigint` ids such as users,
 * tags and saved prompts). A larger number can match no row, and would fail in the database.
 */
export function idValue(column: IdColumn, options: IdValueOptions = {}) {
  const error = options.error ?? 'validation_error';
  const number = options.coerce ? z.coerce.number({ error }) : z.number({ error });
  return number
    .int(error)
    .min(options.zeroMeansNone ? 0 : 1, error)
    .max(column === 'integer' ? INT4_MAX : BIGINT_ID_MAX, options.beyondColumn ?? error);
}

/** A UUID in its text form, either case (order and image ids in paths and providers' notifications). */
export function isUuid(value: unknown): value is string {
  return (
    typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}
