/**
 * What a stored value may be, without zod: the id ranges of the database's columns and the text PostgreSQL
 * can store. input.ts builds the request schemas' strings and ids on these; code that only checks a value
 * (the web) reaches them without loading zod.
 */

/** Largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;
/**
 * Largest `bigint` id accepted: the largest integer a JS number holds exactly. A larger number would
 * be rounded on its way to the database (another row's id, or an int8 overflow).
 */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

/** A UTF-16 surrogate that is not half of a pair: valid in a JS string, not encodable as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text that PostgreSQL can store: no NUL (it refuses 0x00 in text and jsonb) and no lone surrogate
 * (jsonb refuses its escape; text would silently get U+FFFD instead of what was sent).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The code of a string that is not storable text (the API adds data.field). */
export const UNSTORABLE_TEXT = 'validation_error';
