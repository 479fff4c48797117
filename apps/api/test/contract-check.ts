import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * Checks answers against the OpenAPI document the app serves (docs/integrating.md): the harness runs
 * every answer an API test receives through it, so the document and the behaviour cannot drift. An
 * answer to a documented operation must have a declared status, a declared media type, and (JSON) a body
 * that its schema accepts. Requests that match no documented operation are left to the completeness test
 * (every registered route is in the document).
 */

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, ResponseObject> }>>;
}
interface ResponseObject {
  content?: Record<string, unknown>;
}

interface DocumentedOperation {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  operationId: string;
  responses: Record<string, ResponseObject>;
}

export interface CheckedAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  /** The body as sent (a compressed one is decoded here). */
  rawPayload: Buffer;
}

/** The answer's text, decoded when it was sent compressed (Content-Encoding br or gzip). */
function textOf(answer: CheckedAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.rawPayload).toString('utf8');
  return answer.rawPayload.toString('utf8');
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

export function createContractCheck(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const validators = new Map<string, ValidateFunction>();

  const operations: DocumentedOperation[] = Object.entries(document.paths)
    .flatMap(([template, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(
          `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
        ),
        params: (template.match(/\{/g) ?? []).length,
        operationId: op.operationId ?? `${method} ${template}`,
        responses: op.responses ?? {},
      })),
    )
    // A static path wins over a templated one (`/api/prompt/save` before `/api/prompt/{target}`).
    .sort((a, b) => a.params - b.params);

  function operationFor(method: string, url: string): DocumentedOperation | undefined {
    const path = url.split('?')[0]!;
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    return operations.find((op) => op.method === wanted && op.pattern.test(path));
  }

  function validatorFor(op: DocumentedOperation, status: string, mediaType: string): ValidateFunction {
    const pointer = `openapi.json#/paths/${escape(op.template)}/${op.method.toLowerCase()}/responses/${status}/content/${escape(mediaType)}/schema`;
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: pointer });
      validators.set(pointer, validate);
    }
    return validate;
  }

  /** Throws when the answer breaks the document; returns the operation it was checked against. */
  return function check(method: string, url: string, answer: CheckedAnswer): string | undefined {
    const op = operationFor(method, url);
    if (!op) return undefined;
    const body = textOf(answer);
    const where = `${op.operationId} (${method} ${url}) answered ${answer.statusCode}`;
    const declared = op.responses[String(answer.statusCode)];
    if (!declared) {
      throw new Error(`${where}, a status its document does not declare: ${body.slice(0, 300)}`);
    }
    if (method.toUpperCase() === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304)
      return op.operationId;
    const header = answer.headers['content-type'];
    const contentType = (typeof header === 'string' ? header : '').split(';')[0]!.trim();
    if (!declared.content) {
      if (body.length > 0) throw new Error(`${where} with a body its document does not declare`);
      return op.operationId;
    }
    if (!Object.hasOwn(declared.content, contentType)) {
      throw new Error(
        `${where} as ${contentType || 'no media type'}, not ${Object.keys(declared.content).join(', ')}`,
      );
    }
    if (contentType !== 'application/json') return op.operationId;
    const validate = validatorFor(op, String(answer.statusCode), contentType);
    if (!validate(JSON.parse(body))) {
      throw new Error(
        `${where} with a body its schema refuses: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`,
      );
    }
    return op.operationId;
  };
}
export type ContractCheck = ReturnType<typeof createContractCheck>;
