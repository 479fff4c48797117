/**
 * Type parsing shared by PGlite and node-postgres, so that both backends hand the code identical values
 * (research/stack.md: by default int8 is a number on PGlite and a string on pg).
 * - int8 (bigint, count(*)) -> number. Our ids and counters stay far below 2^53.
 * - numeric -> string (exact decimal text; money amounts are converted explicitly where needed).
 * - date -> 'YYYY-MM-DD' string (avoids a local-midnight Date on pg).
 * - int8[] and int4[] (tag ids) -> number[] (pg would give strings for int8[]).
 * timestamptz is a Date on both by default.
 */
export const OID = { int8: 20, numeric: 1700, date: 1082, int8Array: 1016, int4Array: 1007 } as const;

/** A one-dimensional integer array literal ("{1,2,3}", "{}") to numbers; NULL elements become null. */
export function parseIntegerArray(text: string): (number | null)[] {
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  return inner.split(',').map((value) => (value === 'NULL' ? null : Number(value)));
}

export const TYPE_PARSERS: Record<number, (text: string) => unknown> = {
  [OID.int8]: (text) => Number(text),
  [OID.numeric]: (text) => text,
  [OID.date]: (text) => text,
  [OID.int8Array]: parseIntegerArray,
  [OID.int4Array]: parseIntegerArray,
};
