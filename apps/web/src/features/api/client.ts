/**
 * The one way the web talks to the API: same-origin fetch with JSON bodies.
 * Errors arrive as {"detail":{"code","data"?}} and are thrown as ApiError; the UI translates the code
 * (`error.<code>`), never the server's wording. Network failures use the code "network".
 */
import type { AnswerOf, Contract, InputOf } from '@mirage/contract';
import type { OperationId } from '@mirage/contract/operations';
import { fillPath, readsOnly, SITE_OPERATIONS, type OperationRoute } from '@mirage/contract/site-operations';
import { createFloodGuard, TOKEN_ERROR_CODES } from '@mirage/domain';
import { forgetFirstScreen, takeFirstScreenAnswer } from './firstScreen.ts';

export class ApiError extends Error {
  readonly code: string;
  readonly data: Record<string, unknown> | undefined;
  readonly status: number;

  constructor(code: string, data: Record<string, unknown> | undefined, status: number) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.status = status;
  }
}

export const NETWORK_ERROR = 'network';
export const UNKNOWN_ERROR = 'unknown_error';

let tokenErrorHandler: ((code: string) => void) | null = null;

/**
 * The app registers what happens on token_missing / token_expired / token_invalid
 * (docs/product/accounts.md#sign-in-state).
 */
export function setTokenErrorHandler(handler: ((code: string) => void) | null): void {
  tokenErrorHandler = handler;
}

const notificationListeners = new Set<() => void>();

/**
 * docs/product/player.md#the-bell: "Any response carrying an x-notification header triggers a refresh" of
 * the bell. `listener` runs for each such answer, an error's too; the returned function unsubscribes.
 */
export function onNotificationHeader(listener: () => void): () => void {
  notificationListeners.add(listener);
  return () => void notificationListeners.delete(listener);
}

interface RequestOptions {
  body?: unknown;
  /** A multipart body (an upload) instead of JSON: the browser writes its content type and boundary. */
  form?: FormData;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorFromBody(body: unknown, status: number): ApiError {
  if (isRecord(body) && isRecord(body.detail) && typeof body.detail.code === 'string') {
    const data = isRecord(body.detail.data) ? body.detail.data : undefined;
    return new ApiError(body.detail.code, data, status);
  }
  return new ApiError(UNKNOWN_ERROR, undefined, status);
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiExchange<T>(method, path, options)).body;
}

/** An answer's body with its headers (the bell's counts come in headers: docs/product/player.md#the-bell). */
export async function apiExchange<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: string | FormData | undefined = options.form;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(NETWORK_ERROR, undefined, 0);
  }

  if (response.headers.has('x-notification')) for (const listener of [...notificationListeners]) listener();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  let body: unknown = null;
  if (isJson) {
    try {
      body = await response.json();
    } catch {
      body = null;
    }
  }

  if (!response.ok) {
    const error = errorFromBody(body, response.status);
    if ((TOKEN_ERROR_CODES as readonly string[]).includes(error.code)) tokenErrorHandler?.(error.code);
    throw error;
  }
  // A 2xx answer that is not JSON means we did not reach the API (e.g. a static host's HTML fallback).
  if (!isJson) throw new ApiError(UNKNOWN_ERROR, undefined, response.status);
  return { body: body as T, headers: response.headers };
}

/**
 * The flood guard (docs/product/limits.md#interface: more than 5 calls whose average gap is 1000 ms or less
 * block actions for 1000 ms) watches the actions a user fires by clicking: favourites, reports, privacy,
 * deletion, preset favourites. Not the calls the app makes by itself (notifications, scroll counts, the
 * several tasks of one multi-generation), nor forms that send once per submit. A blocked action is not sent:
 * it fails with `spam_protection`, whose message ("too many attempts, wait a moment") the action's own
 * error notice shows, and its optimistic change is rolled back like any refused one.
 */
export const FLOOD_GUARDED: ReadonlySet<OperationId> = new Set<OperationId>([
  'addFavorite',
  'removeFavorite',
  'removeFavorites',
  'reportImage',
  'toggleImagePrivate',
  'deleteImage',
  'setPresetFavorite',
]);
const floodGuard = createFloodGuard();

/** The refusal of an action the flood guard blocks, or null when it may go. */
function floodRefusal(id: OperationId): ApiError | null {
  if (!FLOOD_GUARDED.has(id) || floodGuard.attempt()) return null;
  return new ApiError('spam_protection', undefined, 429);
}

/**
 * The operations this page can call: the site's, and the staff console's once its chunk added them
 * (addOperations), so that no visitor's first load carries the console's table.
 */
const ROUTES = new Map<string, OperationRoute>(Object.entries(SITE_OPERATIONS));

/** Makes more operations callable (the staff console's table, from its own chunk). */
export function addOperations(table: Readonly<Record<string, OperationRoute>>): void {
  for (const [id, route] of Object.entries(table)) ROUTES.set(id, route);
}

function routeOf(id: OperationId): OperationRoute {
  const route = ROUTES.get(id);
  if (!route) throw new Error(`${id}: not loaded`);
  return route;
}

/** Whether an operation only reads (every GET, and the POSTs that carry a query in their body). */
export const onlyReads = (id: OperationId) => readsOnly(id, routeOf(id).method);

/** An operation's address with its path parameters filled in. */
export const pathOf = (id: OperationId, params?: Readonly<Record<string, string | number>>) =>
  fillPath(id, routeOf(id).path, params);

/** The method, address and JSON body of an operation's request (POST and PUT always send a body). */
function requestOf<Id extends OperationId>(id: Id, input: InputOf<Contract[Id]>) {
  const { method } = routeOf(id);
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  let url = pathOf(id, (params ?? {}) as Record<string, string | number>);
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  // `{}` when the operation takes none.
  const requestBody = body !== undefined ? body : method === 'POST' || method === 'PUT' ? {} : undefined;
  return { method, url, body: requestBody };
}

/**
 * Calls an operation of the API's contract (@mirage/contract) by its operationId: the path, the input
 * (`params`, `query`, `body`) and the answer are typed from the same definitions the server validates
 * and serialises with, so a renamed field breaks this build. Only `@mirage/contract/site-operations` (plain
 * data) is loaded at run time; the schemas are types here.
 */
export function call<Id extends OperationId>(
  id: Id,
  input: InputOf<Contract[Id]>,
  signal?: AbortSignal,
): Promise<AnswerOf<Contract[Id]>> {
  const refused = floodRefusal(id);
  if (refused) return Promise.reject(refused);
  const { method, url, body } = requestOf(id, input);
  if (onlyReads(id)) {
    // The server may have answered this request inside the page already (./firstScreen.ts).
    const embedded = takeFirstScreenAnswer(method, url, body);
    if (embedded) return Promise.resolve(embedded.answer as AnswerOf<Contract[Id]>);
  } else {
    // A change makes what the page was served with stale.
    forgetFirstScreen();
  }
  return apiRequest(method, url, { body, signal });
}

/** `call`, with the answer's headers; never served from the page's first screen. */
export function callWithHeaders<Id extends OperationId>(
  id: Id,
  input: InputOf<Contract[Id]>,
  signal?: AbortSignal,
): Promise<{ body: AnswerOf<Contract[Id]>; headers: Headers }> {
  const refused = floodRefusal(id);
  if (refused) return Promise.reject(refused);
  const { method, url, body } = requestOf(id, input);
  if (!onlyReads(id)) forgetFirstScreen();
  return apiExchange(method, url, { body, signal });
}

/**
 * The answer the server put in the page for this read (./firstScreen.ts), taken now, or `undefined`. A
 * query of the first screen passes it as its `initialData`: its first render then shows the data. Through
 * `call` the answer only arrives with a promise, a render later — on a phone that second render came up to
 * a second after the first, and the page's main picture with it (issue 20: largest contentful paint).
 */
export function firstScreenAnswer<Id extends OperationId>(
  id: Id,
  input: InputOf<Contract[Id]>,
): AnswerOf<Contract[Id]> | undefined {
  if (!onlyReads(id)) return undefined;
  const { method, url, body } = requestOf(id, input);
  return takeFirstScreenAnswer(method, url, body)?.answer as AnswerOf<Contract[Id]> | undefined;
}
