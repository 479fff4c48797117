import fastifyMultipart from '@fastify/multipart';
import { checkProvenance } from '@mirage/contract';
import { PROVENANCE_UPLOAD_MAX_BYTES } from '@mirage/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { schemaOf } from '../../http/contract.ts';
import { multipartParts } from '../../http/multipart.ts';
import { LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import type { ProvenanceCheck } from './service.ts';

/** POST /api/provenance/check (issue 18 §2): an upload in, what the check found out. Anybody may ask. */
export async function registerProvenanceRoutes(
  fastify: FastifyInstance,
  deps: { provenance: ProvenanceCheck; limiter: RateLimiter },
): Promise<void> {
  await fastify.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: PROVENANCE_UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    });
    scope.post(
      checkProvenance.path,
      { config: { auth: 'none' }, schema: schemaOf(checkProvenance) },
      async (request) => {
        // Counted before the upload is read: each check decodes an image and reads every hash.
        await deps.limiter.consume([`provenance:ip:${request.ip}`, LIMITS.provenanceChecksPerIp]);
        let file: Buffer | undefined;
        for await (const part of multipartParts(request)) {
          if (part.type === 'file' && part.fieldname === 'image') file = await part.toBuffer();
        }
        if (!file || file.length === 0) throw new AppError('validation_error', { field: 'image' });
        return deps.provenance.check(file);
      },
    );
  });
}
