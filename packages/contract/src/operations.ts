/**
 * Every operation of the HTTP API: its stable operationId, method and path (Fastify's `:param` form; the
 * OpenAPI document writes `{param}`): the site's (site-operations.ts) and the staff console's
 * (staff-operations.ts). docs/integrating.md.
 */
import { fillPath, readsOnly, SITE_OPERATIONS } from './site-operations.ts';
import { STAFF_OPERATIONS } from './staff-operations.ts';

export { fillPath, readsOnly, SITE_OPERATIONS };

/**
 * Every operation of the API. The web app's client starts with SITE_OPERATIONS only and adds the staff
 * console's table when the console's chunk loads, so that no visitor's first load carries it.
 */
// (A marked pure call, not a spread: a bundler then drops it, and the staff table with it, where it is unused.)
export const OPERATIONS = /* @__PURE__ */ Object.assign({}, SITE_OPERATIONS, STAFF_OPERATIONS);

export type OperationId = keyof typeof OPERATIONS;

export function isOperationId(value: unknown): value is OperationId {
  return typeof value === 'string' && Object.hasOwn(OPERATIONS, value);
}

/** Whether an operation only reads (every GET, and the POSTs that carry a query in their body). */
export function onlyReads(id: OperationId): boolean {
  return readsOnly(id, OPERATIONS[id].method);
}

/** A path with its `:param`s filled in (each value URL-encoded). */
export function pathOf(id: OperationId, params: Readonly<Record<string, string | number>> = {}): string {
  return fillPath(id, OPERATIONS[id].path, params);
}
