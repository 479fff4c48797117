import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * The parts of a multipart body (a worker's completion, an upload to the provenance check), each file read
 * whole (within the limits the route's scope gave @fastify/multipart). busboy's errors on a malformed body (cut short: "Unexpected end of
 * form"; a boundary other than the header's: "Part terminated early") carry no status and would answer
 * 500, but they are the sender's fault: 400. The plugin's errors keep their status (a file or form over
 * its limits: 413), except its 406s, which are about what was sent, not what is accepted: a body that is
 * not multipart answers 415 like any body of a media type a route does not take, a field declared
 * application/json that does not parse 400.
 */
export async function* multipartParts(request: FastifyRequest) {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') await part.toBuffer();
      yield part;
    }
  } catch (error) {
    const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw Object.assign(new Error('not multipart/form-data'), { statusCode: 415, code });
    }
    if (code === 'FST_INVALID_JSON_FIELD_ERROR')
      throw new AppError('validation_error', { reason: 'json_field' });
    if (statusCode !== undefined) throw error;
    throw new AppError('validation_error', { reason: 'malformed_multipart' });
  }
}
