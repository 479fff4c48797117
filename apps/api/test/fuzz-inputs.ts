import http from 'node:http';
import { ERROR_CODES } from '@mirage/domain';
import type { z } from 'zod';

/**
 * The malformed inputs of the route fuzz test (integration/route-fuzz.test.ts, described in
 * docs/security.md#route-fuzzing): generic bodies, per-field values, query values, path parameter values
 * and header variants; and how its answers are judged. The test picks the inputs.
 */

/** A request body as sent on the wire. */
export interface RawBody {
  name: string;
  contentType?: string;
  payload?: string | Buffer;
}

const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Bodies that are wrong whatever the route (docs/security.md#route-fuzzing: generic bodies). */
export const GENERIC_BODIES: RawBody[] = [
  { name: 'none' },
  { name: 'empty JSON', contentType: 'application/json', payload: '' },
  { name: 'invalid JSON', contentType: 'application/json', payload: '{"a": ' },
  { name: 'null', contentType: 'application/json', payload: 'null' },
  { name: 'array', contentType: 'application/json', payload: '[]' },
  { name: 'string', contentType: 'application/json', payload: '"str"' },
  { name: 'number', contentType: 'application/json', payload: '123' },
  { name: 'boolean', contentType: 'application/json', payload: 'true' },
  { name: 'text', contentType: 'text/plain', payload: 'a lighthouse at dusk' },
  { name: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { name: 'multipart without boundary', contentType: 'multipart/form-data', payload: '--x\r\n\r\n' },
  { name: 'XML', contentType: 'application/xml', payload: '<a>1</a>' },
  {
    name: 'utf-16',
    contentType: 'application/json; charset=utf-16',
    payload: Buffer.from('{"a":1}', 'utf16le'),
  },
  { name: 'broken content type', contentType: 'application/json; charset', payload: '{}' },
  { name: 'nonsense content type', contentType: ';;;/', payload: '{}' },
  { name: '__proto__', contentType: 'application/json', payload: '{"__proto__":{"polluted":1}}' },
  {
    name: 'constructor.prototype',
    contentType: 'application/json',
    payload: '{"constructor":{"prototype":{"polluted":1}}}',
  },
  { name: '5,000-deep object', contentType: 'application/json', payload: deepObject(5000) },
  { name: '100,000-deep array', contentType: 'application/json', payload: deepArray(100_000) },
  {
    name: 'over 1 MB',
    contentType: 'application/json',
    payload: JSON.stringify({ a: 'x'.repeat(1024 * 1024 + 10) }),
  },
  { name: 'BOM', contentType: 'application/json', payload: '\uFEFF{}' },
  { name: 'duplicate keys', contentType: 'application/json', payload: '{"a":1,"a":{"b":2}}' },
  {
    name: '50k-element array',
    contentType: 'application/json',
    payload: JSON.stringify(new Array(50_000).fill(0)),
  },
  {
    name: 'binary',
    contentType: 'application/octet-stream',
    payload: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 131 + 7) % 256)),
  },
  {
    name: 'invalid UTF-8 in JSON',
    contentType: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xae, 0x22, 0x7d]),
  },
];

/** A JSON body holding `value` (empty for undefined). */
export function jsonBody(value: unknown): RawBody {
  return {
    name: 'json',
    contentType: 'application/json',
    payload: value === undefined ? '' : JSON.stringify(value),
  };
}

/** The names of a route pattern's parameters (`*` for a wildcard). */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
}

/** Stands for "leave the field out". */
export const MISSING = Symbol('missing');

/** Values put into one field of an otherwise valid body, or left out (docs/security.md#route-fuzzing). */
export const FIELD_VALUES: unknown[] = [
  MISSING,
  null,
  true,
  'str',
  123,
  {},
  [],
  -1,
  0,
  1e308,
  2 ** 31,
  2 ** 53,
  2 ** 63,
  1.5,
  '',
  'x'.repeat(100 * 1024),
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '😀 \u202e\u05e9\u05dc\u05d5\u05dd\u200b',
  "' OR '1'='1'; --",
  '<script>alert(1)</script>',
  [null, '\u0000', -1, 2 ** 63],
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":1}}') as unknown,
];

/** Raw (already URL-encoded) values of a query parameter (docs/security.md#route-fuzzing). */
export const QUERY_VALUES: string[] = [
  '',
  '-1',
  '1e400',
  '2147483648',
  '9223372036854775808',
  '%00',
  'a%00',
  '%ED%A0%80',
  '%zz',
  '1.5',
  '0x10',
  'true',
  'x'.repeat(8192),
];

/** Whole query strings that are wrong for any route (`key` is one of the route's parameters). */
export function queryStrings(key: string): string[] {
  return [
    `${key}=1&${key}=2`,
    `${key}[]=1`,
    `${key}[a]=1`,
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    '%zz=1',
    '&&&==',
    Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join('&'),
  ];
}

/** Raw (already URL-encoded) values of a path parameter (docs/security.md#route-fuzzing). */
export const PATH_VALUES: string[] = [
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '%C0%AE%C0%AE',
  "1'%20OR%20'1'%3D'1",
  '-1',
  '0',
  '1e400',
  '2147483648',
  '9223372036854775808',
  '0x10',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%',
  '%ZZ',
  'a'.repeat(5000),
  'C0FFEE00-0000-4000-8000-000000000000',
  'c0ffee00-0000-4000-8000-000000000000',
  'null',
  '__proto__',
  'x.webp',
];

/** Header variants sent on top of an identity (docs/security.md#route-fuzzing). */
export const HEADER_VARIANTS: Record<string, string>[] = [
  { cookie: 'mirage_session=%00' },
  { cookie: 'mirage_session=%E0%A4%A' },
  { cookie: `mirage_session=${'x'.repeat(6000)}` },
  { cookie: '=;;; ;=a; mirage_session' },
  { authorization: `Bearer ${'x'.repeat(8000)}` },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer \u00ff\u00fe' },
  { host: 'evil.example' },
  { origin: 'null' },
  { range: 'bytes=0-0' },
  { 'if-none-match': '*' },
  { upgrade: 'websocket', connection: 'upgrade' },
  { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { 'content-encoding': 'gzip' },
  { expect: '100-continue' },
  { accept: 'application/xml' },
  { 'accept-version': '9.9.9' },
  { 'x-http-method-override': 'DELETE' },
];

/** The object shape behind a body or query schema (through optional, nullable, default, pipe). */
export function objectShape(schema: unknown): Record<string, z.ZodType> | undefined {
  let current = schema as { def?: { type: string; innerType?: unknown; in?: unknown } } | undefined;
  for (let depth = 0; current?.def && depth < 10; depth++) {
    const def = current.def;
    if (def.type === 'object') return (current as unknown as z.ZodObject).shape;
    current = (def.innerType ?? def.in) as typeof current;
  }
  return undefined;
}

/** The paths of every leaf of a JSON value ("a", "b.c", "list.0"). */
export function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (Array.isArray(value)) {
    return value.length === 0
      ? [prefix]
      : value.flatMap((item, i) => leafPaths(item, [...prefix, String(i)]));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [prefix];
    return entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  }
  return [prefix];
}

/** A copy of `body` with the value at `path` replaced (or left out, for MISSING). */
export function withValueAt(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value === MISSING ? undefined : value;
  const copy: Record<string, unknown> = Array.isArray(body)
    ? ([...(body as unknown[])] as unknown as Record<string, unknown>)
    : { ...(body as Record<string, unknown>) };
  const [key, ...rest] = path as [string, ...string[]];
  const next = withValueAt(copy[key] ?? {}, rest, value);
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy;
}

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** What is wrong with an answer, or undefined: a 5xx, or an error body outside the catalogue's shape. */
export function problemOf(method: string, status: number, body: string): string | undefined {
  if (status >= 500 || status === 0) return `${status} ${body.slice(0, 200)}`;
  if (status < 400 || method === 'HEAD') return undefined;
  try {
    const parsed = JSON.parse(body) as { detail?: { code?: unknown; data?: unknown } };
    const keys = Object.keys(parsed);
    const detail = parsed.detail;
    if (keys.length !== 1 || !detail || !KNOWN_CODES.has(detail.code as string))
      return `${status} ${body.slice(0, 200)}`;
    if (detail.data !== undefined && (typeof detail.data !== 'object' || detail.data === null))
      return `${status} data ${body.slice(0, 200)}`;
    return undefined;
  } catch {
    return `${status} not JSON: ${body.slice(0, 200)}`;
  }
}

/** The monitor stream never ends: its status and headers are read over a real connection, then it is closed. */
export function streamAnswer(address: string, url: string, headers: Record<string, string>, method: string) {
  return new Promise<{ status: number; body: string; type: string }>((resolve) => {
    const request = http.request(`${address}${url}`, { method, headers }, (response) => {
      const status = response.statusCode ?? 0;
      const type = String(response.headers['content-type'] ?? '');
      if (status === 200) {
        request.destroy();
        resolve({ status, body: '', type });
        return;
      }
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status, body, type }));
    });
    // No answer at all (the connection failed or a malformed answer) is a problem of its own.
    request.on('error', (error) => resolve({ status: 0, body: error.message, type: '' }));
    request.end();
  });
}
