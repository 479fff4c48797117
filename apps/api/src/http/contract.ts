import { readFileSync } from 'node:fs';
import { errorAnswer, OPERATIONS, operationById, type Operation } from '@mirage/contract';
import { ERROR_STATUS, TOKEN_ERROR_CODES, type ErrorCode } from '@mirage/domain';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  createSerializerCompiler,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { isStateChanging } from './origin.ts';
import { isRouteAuth, type RouteAuth } from './route-auth.ts';
import { SESSION_COOKIE } from './session-cookies.ts';

/**
 * The API as a contract (docs/integrating.md): routes are registered from the operations of
 * `@mirage/contract`, whose zod schemas validate what comes in, serialise what goes out (a field that is
 * not in the answer's schema never leaves the server) and make the OpenAPI document at /api/docs/json.
 */

/** The schema options of the route that implements `op`: `app.post(op.path, { config, schema: schemaOf(op) })`. */
export function schemaOf<const Op extends Operation>(op: Op) {
  const schema = {
    operationId: op.id,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    params: op.params as Op['params'],
    querystring: op.querystring as Op['querystring'],
    body: op.body as Op['body'],
    headers: op.headers as Op['headers'],
    response: op.responses as Op['responses'],
  };
  // Fastify warns of a schema key that is there with no schema.
  for (const key of ['params', 'querystring', 'body', 'headers'] as const) {
    if (schema[key] === undefined) delete schema[key];
  }
  return schema;
}

/** The codes an operation may answer: its own, and those that follow from its auth, method and input. */
export function errorCodesOf(op: Operation, auth: RouteAuth): ErrorCode[] {
  const codes = new Set<ErrorCode>(op.errors);
  // On an optional route, a stale session cookie answers its token error too (the client signs out).
  if (auth === 'user' || auth === 'optional' || Array.isArray(auth)) {
    TOKEN_ERROR_CODES.forEach((code) => codes.add(code));
  }
  if (Array.isArray(auth) || auth === 'operator') codes.add('unauthorized_resource');
  if (auth === 'worker') (['token_missing', 'token_invalid'] as const).forEach((code) => codes.add(code));
  if (isStateChanging(op.method)) codes.add('forbidden_origin');
  // Fastify reads a body on every state-changing method: one that does not parse is a validation_error.
  if (op.params || op.querystring || op.body || op.headers || isStateChanging(op.method)) {
    codes.add('validation_error');
  }
  codes.add('internal_error');
  // Any call that reads the database answers 503 while PostgreSQL is away (http/errors.ts).
  codes.add('service_unavailable');
  return [...codes];
}

/** Error answers by status, each listing the codes it may carry. */
function errorResponses(codes: readonly ErrorCode[], readsBody: boolean, hasParams: boolean) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  // A body too large or of another media type, a path parameter over the router's length limit: the
  // framework refuses them as a validation_error with its own status.
  if (readsBody) for (const status of [413, 415]) byStatus.set(status, ['validation_error']);
  if (hasParams) byStatus.set(414, ['validation_error']);
  const responses: Record<number, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const [first, ...rest] = list.sort();
    responses[status] = errorAnswer([first!, ...rest]).describe(
      `Refused: ${list.map((code) => `\`${code}\``).join(', ')} (docs/product/errors.md)`,
    );
  }
  return responses;
}

function securityOf(auth: RouteAuth, op: Operation): Record<string, string[]>[] | undefined {
  if (op.security) return [{ [op.security]: [] }];
  if (auth === 'none') return [];
  if (auth === 'optional' || auth === 'optional-stale-as-guest') return [{}, { sessionCookie: [] }];
  if (auth === 'user' || Array.isArray(auth)) return [{ sessionCookie: [] }];
  if (auth === 'worker') return [{ workerToken: [] }];
  if (auth === 'operator') return [{ operatorToken: [] }];
  return undefined;
}

/**
 * Completes each contract route as it is registered: checks that its method and path are the
 * operation's, adds its security and its error answers; a route outside the contract (the web app's
 * files, the reference's own pages) is left out of the document.
 */
function completeRoutesFromContract(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const id = schema.operationId;
  if (typeof id !== 'string') {
    route.schema = { ...schema, hide: true };
    return;
  }
  const methods = [route.method].flat().filter((method) => method !== 'HEAD');
  if (methods.length === 0) return;
  const op = operationById(id);
  if (!op) throw new Error(`${route.url}: operationId ${id} is not in @mirage/contract`);
  if (route.url !== op.path || methods.length !== 1 || methods[0] !== op.method) {
    throw new Error(
      `${methods.join(',')} ${route.url} is registered as ${op.id}, which is ${op.method} ${op.path}`,
    );
  }
  const auth = route.config?.auth;
  if (!isRouteAuth(auth)) return; // route-auth refuses it with its own message
  const security = securityOf(auth, op);
  route.schema = {
    ...schema,
    ...(security ? { security } : {}),
    response: {
      ...(schema.response as object),
      ...errorResponses(errorCodesOf(op, auth), isStateChanging(op.method), Boolean(op.params)),
    },
  };
}

const zodSerializer = createSerializerCompiler({});

/**
 * The document's view of a route: jsonSchemaTransform, with the body a handler reads itself
 * (OperationSpec.handlerBody) as its request body, and the answers' descriptions and headers
 * (withAnswerDocumentation). Only the document sees it: the route's own schema
 * has no `body`, so Fastify neither parses nor validates one.
 */
const documentRoute: typeof jsonSchemaTransform = (input) => {
  const id = (input.schema as { operationId?: unknown } | undefined)?.operationId;
  const body = typeof id === 'string' ? operationById(id)?.handlerBody : undefined;
  const transformed = jsonSchemaTransform(
    body ? { ...input, schema: { ...input.schema, body: body.schema, consumes: [body.mediaType] } } : input,
  );
  return withAnswerDocumentation(input.schema, transformed);
};

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * Sets up the contract: the serializer (success answers through their zod schema; error answers, which
 * `http/errors.ts` builds in one place, as they are), the per-route completion and the OpenAPI document.
 * Call before the first route.
 */
export async function registerContract(app: FastifyInstance, config: Config): Promise<void> {
  app.setSerializerCompiler((route) =>
    Number(route.httpStatus) >= 400
      ? (data) => JSON.stringify(data)
      : zodSerializer(route as Parameters<typeof zodSerializer>[0]),
  );
  app.addHook('onRoute', completeRoutesFromContract);
  const site = config.PUBLIC_URL.replace(/\/+$/, '');
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mirage API',
        version: packageVersion,
        description:
          'The HTTP API of Mirage: accounts, generation, the gallery, saved prompts, the live streams and ' +
          'the worker protocol for GPU providers. Every error answers `{"detail":{"code","data"?}}` with a ' +
          'code of the catalogue; each operation lists the codes it may answer. See docs/integrating.md.',
        contact: {
          name: config.API_CONTACT_NAME,
          url: config.API_CONTACT_URL ?? `${site}/about`,
          ...(config.API_CONTACT_EMAIL ? { email: config.API_CONTACT_EMAIL } : {}),
        },
        // The service's terms of service (docs/product/legal.md); the API's own licence has a URL only
        // when one is configured.
        termsOfService: `${site}/legal/terms`,
        license: {
          name: config.API_LICENSE_NAME,
          ...(config.API_LICENSE_URL ? { url: config.API_LICENSE_URL } : {}),
        },
      },
      servers: [{ url: site }],
      tags: TAGS,
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'The session a sign-in sets (HttpOnly); state-changing calls also need a same-site Origin.',
          },
          workerToken: {
            type: 'http',
            scheme: 'bearer',
            description: "A GPU worker's token (npm run worker:token); see the worker protocol.",
          },
          operatorToken: { type: 'http', scheme: 'bearer', description: "The operator's OPERATOR_TOKEN." },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, for Prometheus.' },
        },
      },
    },
    transform: documentRoute,
    transformObject: (document) =>
      withOptionalBodies(withoutUnusedComponents(jsonSchemaTransformObject(document))),
  });
}

/**
 * What the zod-to-JSON step leaves out of the answers: a named answer schema (`.meta({ id, description })`)
 * becomes a bare `$ref`, which @fastify/swagger would call "Default Response", so its description is
 * set on the answer; and a 429 answer documents the Retry-After header it carries when the limit knows
 * when it lifts.
 */
function withAnswerDocumentation(
  source: { response?: unknown } | undefined,
  transformed: ReturnType<typeof jsonSchemaTransform>,
) {
  const answers =
    (transformed.schema as { response?: Record<string, Record<string, unknown>> }).response ?? {};
  const sources = (source?.response ?? {}) as Record<string, unknown>;
  for (const [status, answer] of Object.entries(answers)) {
    const zodAnswer = sources[status];
    const description =
      zodAnswer instanceof z.ZodType ? z.globalRegistry.get(zodAnswer)?.description : undefined;
    if (description && answer.description === undefined) answer.description = description;
  }
  const tooMany = answers['429'];
  if (tooMany) {
    tooMany.headers = {
      'Retry-After': {
        type: 'integer',
        minimum: 0,
        description:
          'Seconds until the limit lets the call through again (also in `detail.data.retry_after`)',
      },
    };
  }
  return transformed;
}

/**
 * @fastify/swagger marks every request body required; an operation whose body schema accepts nothing
 * (an empty POST toggles, lists with defaults) says so.
 */
function withOptionalBodies(document: OpenApiObject): OpenApiObject {
  const paths = (document as { paths?: Record<string, Record<string, OpenApiOperation>> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const body = operation.operationId ? operationById(operation.operationId)?.body : undefined;
      if (operation.requestBody && body?.safeParse(undefined).success) operation.requestBody.required = false;
    }
  }
  return document;
}
interface OpenApiOperation {
  operationId?: string;
  requestBody?: { required?: boolean };
}

/**
 * The zod registry yields an input and an output variant of every named schema; the document keeps only
 * the components something refers to (Spectral's oas3-unused-component).
 */
type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;
function withoutUnusedComponents(document: OpenApiObject): OpenApiObject {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  for (;;) {
    const unused = Object.keys(schemas).filter((name) => {
      const others = Object.entries(schemas).filter(([other]) => other !== name);
      const text = JSON.stringify([rest, { ...components, schemas: undefined }, others]);
      return !text.includes(`"#/components/schemas/${name}"`);
    });
    if (unused.length === 0) return document;
    for (const name of unused) delete schemas[name];
  }
}

const TAGS = [
  { name: 'accounts', description: 'Sign-up, sign-in, the session and the account' },
  { name: 'generation', description: 'Text to image and upscaling, paid with energy or tickets' },
  { name: 'live', description: 'Server-sent event streams of what changes for the signed-in user' },
  { name: 'catalogue', description: 'Styles, modifiers, presets and the moderation rules the client shows' },
  { name: 'images', description: 'Image files, their information and their owner’s settings' },
  { name: 'gallery', description: 'Searching the gallery, favourites and reports' },
  { name: 'prompts', description: 'Saved and shared prompts' },
  { name: 'settings', description: 'Tag preferences' },
  { name: 'moderation', description: 'The moderators’ review queue' },
  { name: 'player', description: 'XP and levels, achievements, cosmetics and the notification bell' },
  { name: 'commerce', description: 'The shop, orders, payments and the providers’ notifications' },
  { name: 'worker', description: 'The protocol GPU workers speak: lease, progress, completion' },
  { name: 'service', description: 'Health and metrics' },
];

/** Every operation id the contract lists, for the completeness test. */
export const CONTRACT_OPERATION_IDS = Object.keys(OPERATIONS);
