/**
 * Answers the server embeds in the page it serves (issue 20, "the main image first"): the API answers the
 * first screen of a route needs (the gallery's first page, the image's info, the catalogue, the signed-in
 * user) travel inside the HTML as JSON, so the app renders them as soon as it boots instead of asking for
 * them then. The web looks an answer up by the request it would send; both sides key requests with
 * `firstScreenKey`, so the order of query parameters or of object keys never makes a miss.
 */

/** The id of the `<script type="application/json">` element that holds the answers. */
export const FIRST_SCREEN_SCRIPT_ID = 'mirage-first-screen';

/**
 * How long after the page started an embedded answer may stand in for a request: long enough for a slow
 * phone to boot, short enough that a later request (a refetch, a return to the page) asks the API.
 */
export const FIRST_SCREEN_TTL_MS = 15_000;

/** What the element holds: answers by `firstScreenKey`. */
export interface FirstScreenData {
  answers: Record<string, unknown>;
  /**
   * The shuffle seed of the signed-in boards (their "general" area: explore, collection, user galleries)
   * that the server drew for the board page it embedded: the app takes it as its own seed for this visit,
   * so its first search is the one answered in the page (apps/web/src/features/gallery/boards.ts).
   */
  shuffleSeed?: number;
}

/** JSON with object keys in sorted order at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The key of a request: method, path, query parameters sorted by name, and the JSON body with sorted keys
 * (none for a request without a body). `url` is a path with an optional query string.
 */
export function firstScreenKey(method: string, url: string, body?: unknown): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const params = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1));
  params.sort();
  const query = params.toString();
  const request = `${method.toUpperCase()} ${path}${query ? `?${query}` : ''}`;
  return body === undefined ? request : `${request} ${canonicalJson(body)}`;
}

/** The text of the element: JSON that cannot close the script element or open a comment. */
export function firstScreenScriptText(data: FirstScreenData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
