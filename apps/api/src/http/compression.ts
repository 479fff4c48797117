import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Compression of text answers (issue 20): the built web app's files are compressed at build time
 * (scripts/precompress.mjs) and served as such by http/spa.ts; every other text answer (JSON, the HTML
 * pages the server makes) is compressed here, on the fly, when it is at least `threshold` bytes and the
 * client accepts brotli or gzip. Never the live streams (text/event-stream: they are hijacked replies
 * that flush event by event, and excluded by type all the same), never images, never a HEAD answer
 * (it has no body; it keeps the identity headers), never a partial or bodiless one.
 */

export type ContentCoding = 'br' | 'gzip';

/** Below this many bytes an answer goes as it is: the headers would eat most of the saving. */
export const COMPRESSION_THRESHOLD = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Media types worth compressing: text (not event streams), JSON, XML, JavaScript, SVG, manifests. */
export function isCompressibleType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  if (type.startsWith('text/')) return true;
  return (
    /^application\/(?:json|javascript|xml|manifest\+json|wasm)$/.test(type) ||
    /\+(?:json|xml)$/.test(type) ||
    type === 'image/svg+xml'
  );
}

/**
 * The coding to answer with for an Accept-Encoding header: the accepted one with the highest q among
 * brotli and gzip (brotli when they tie), or null for the identity. `q=0` refuses a coding, `*` stands
 * for every coding the header does not name.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return null;
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number.isFinite(Number(value)) ? Number(value) : 0;
    }
    weights.set(name.trim(), q);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Adds Accept-Encoding to the answer's Vary (once, keeping what is there). */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((item) => item.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...list, 'Accept-Encoding'].join(', '));
}

/** Compresses a body for a dynamic answer (brotli quality 5: fast enough per request, near gzip 9's speed). */
export function compressBody(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body, { level: 6 });
}

/**
 * Compresses every buffered text answer of at least `threshold` bytes on the fly, and says
 * `Vary: Accept-Encoding` on every answer of a compressible type (compressed or not, so that no cache
 * hands one client's coding to another). Answers already encoded (the web app's precompressed files)
 * pass through.
 */
export function registerCompression(app: FastifyInstance, options: { threshold?: number } = {}): void {
  const threshold = options.threshold ?? COMPRESSION_THRESHOLD;
  app.addHook('onSend', async (request, reply, payload) => {
    if (payload === null || payload === undefined) return payload;
    if (!isCompressibleType(reply.getHeader('content-type') as string | undefined)) return payload;
    const status = reply.statusCode;
    if (status === 204 || status === 304 || status === 206 || reply.hasHeader('content-range')) {
      return payload;
    }
    varyOnEncoding(reply);
    if (reply.hasHeader('content-encoding')) return payload;
    // A stream (none of ours is text) is left as it is; only buffered bodies are compressed.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD') return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < threshold) return payload;
    const coding = negotiateEncoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    const compressed = await compressBody(body, coding);
    reply.header('content-encoding', coding);
    reply.header('content-length', compressed.length);
    return compressed;
  });
}
