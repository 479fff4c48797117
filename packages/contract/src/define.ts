import type { ErrorCode } from '@mirage/domain';
import { z } from 'zod';
import { OPERATIONS, type OperationId } from './operations.ts';

/** The document's tags: one per feature, in the order the reference lists them (openapi-tags.ts). */
export type Tag =
  | 'service'
  | 'accounts'
  | 'generation'
  | 'live'
  | 'catalogue'
  | 'images'
  | 'gallery'
  | 'prompts'
  | 'settings'
  | 'moderation'
  | 'player'
  | 'commerce'
  | 'worker';

/** An answer that is not JSON (a file, an event stream): its media types and what each carries. */
export interface ContentAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** A success answer: a JSON schema (its `.describe()` is the answer's description) or other content. */
export type SuccessAnswer = z.ZodType | ContentAnswer;

export type SuccessStatus = 200 | 201 | 204 | 302 | 304;

export interface OperationSpec {
  tag: Tag;
  /** A few words, the operation's title in the reference. */
  summary: string;
  /** One or two sentences: what it does and who may call it. */
  description: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /**
   * A body the handler reads itself (a multipart upload through `request.parts()`), by its media type:
   * the document shows it as the request body, but nothing parses or validates it before the handler.
   */
  handlerBody?: { mediaType: string; schema: z.ZodType };
  headers?: z.ZodType;
  /** Every success status the operation answers, with what it carries. */
  responses: Partial<Record<SuccessStatus, SuccessAnswer>>;
  /**
   * The catalogue codes (docs/product/errors.md) the operation itself may answer. Those that follow from
   * how it is called are added by the API when it registers the route: its auth mode's token codes, the
   * origin check's `forbidden_origin` on a state-changing method, `validation_error` when it takes input.
   */
  errors: readonly ErrorCode[];
  /** A security scheme other than the one the route's auth mode implies (e.g. the metrics token). */
  security?: 'metricsToken';
}

export type Operation<Id extends OperationId = OperationId, S extends OperationSpec = OperationSpec> = S & {
  id: Id;
  method: (typeof OPERATIONS)[Id]['method'];
  path: (typeof OPERATIONS)[Id]['path'];
};

/** One operation of the contract: the method and path come from OPERATIONS, the rest from `spec`. */
export function operation<const Id extends OperationId, const S extends OperationSpec>(
  id: Id,
  spec: S,
): Operation<Id, S> {
  return { ...spec, id, method: OPERATIONS[id].method, path: OPERATIONS[id].path };
}

/** What every error answer looks like: `{"detail":{"code","data"?}}`; `codes` are those it may carry. */
export function errorAnswer(codes: readonly [ErrorCode, ...ErrorCode[]]) {
  return z.object({
    detail: z.object({
      code: z.enum(codes),
      data: z.record(z.string(), z.unknown()).optional(),
    }),
  });
}

/**
 * A file's bytes (an image answer, a multipart part): `{type: string, format: binary}` in the document,
 * and what a handler sends — a Buffer is a Uint8Array, sent as it is (no serializer runs on one).
 */
export const fileBytes = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });

/** `{ "ok": true }`: the answer of an operation that has nothing else to say. */
export const okAnswer = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** JSON success answers of an operation, by status (the content answers excluded). */
type JsonAnswers<S extends OperationSpec> = {
  [K in keyof S['responses']]: S['responses'][K] extends z.ZodType ? z.output<S['responses'][K]> : never;
};
type Values<T> = T[keyof T];

/** The body of an operation's JSON success answer (a union when it has several). */
export type AnswerOf<Op extends Operation> = Values<JsonAnswers<Op>>;
/** What a client sends: path parameters, query string and body, each when the operation takes one. */
export type InputOf<Op extends Operation> = (Op['params'] extends z.ZodType
  ? { params: z.input<Op['params']> }
  : { params?: undefined }) &
  (Op['querystring'] extends z.ZodType ? { query: z.input<Op['querystring']> } : { query?: undefined }) &
  (Op['body'] extends z.ZodType ? { body: z.input<Op['body']> } : { body?: undefined });

/**
 * Whether two types are the same; `sameType<Same<A, B>>()` fails to compile when they differ. It ties a
 * schema of this package to a type another package keeps (the domain's, the API's) so that the two
 * cannot drift apart.
 */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export function sameType<_ extends true>(): void {}
