import { getLegalPdf } from '@mirage/contract';
import {
  fillDocument,
  isLegalDoc,
  loadLegalDocument,
  type LegalDoc,
  type LegalValues,
} from '@mirage/domain/legal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { schemaOf } from '../../http/contract.ts';
import { answeredNotModified, etagOf } from '../../http/conditional.ts';
import { REVALIDATE_CACHE } from '../../http/web-build.ts';
import { operatorOf } from '../site/index.ts';
import { renderLegalPdf } from './pdf.ts';

/** The placeholders' values from the running configuration: the same operator GET /api/config/site names. */
export function legalValuesOf(config: Config): LegalValues {
  const operator = operatorOf(config);
  return {
    operator_name: operator.name,
    operator_address: operator.address,
    contact_email: operator.contact_email,
    site_url: config.PUBLIC_URL.replace(/\/+$/, ''),
  };
}

interface PdfFile {
  bytes: Buffer;
  etag: string;
}

/**
 * GET /legal/{doc}.pdf (docs/product/legal.md): each legal document (privacy, terms, dmca, adult) as a PDF,
 * made from the same source as the web page.
 *
 * Not made at build time: the operator's name, address and contact mail are runtime configuration
 * (OPERATOR_NAME, OPERATOR_ADDRESS, CONTACT_EMAIL), so one build serves any operator. Each PDF is made on its
 * first request (well under a second, nothing at start) and kept in memory for the life of the process,
 * with an ETag: the configuration cannot change without a restart.
 *
 * The route only takes names ending in `.pdf`: `/legal/{doc}` itself is the web app's page, which the SPA's
 * not-found handler serves.
 */
export function registerLegalRoutes(fastify: FastifyInstance, deps: { config: Config }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const values = legalValuesOf(deps.config);
  const made = new Map<LegalDoc, Promise<PdfFile>>();

  const pdfOf = (doc: LegalDoc): Promise<PdfFile> => {
    let file = made.get(doc);
    if (!file) {
      file = loadLegalDocument(doc)
        .then((source) => renderLegalPdf(fillDocument(source, values), values.site_url, values.operator_name))
        .then((bytes) => ({ bytes, etag: etagOf(bytes) }));
      // A failure is not kept: the next request tries again.
      file.catch(() => made.delete(doc));
      made.set(doc, file);
    }
    return file;
  };

  app.get(
    getLegalPdf.path,
    { config: { auth: 'none' }, schema: schemaOf(getLegalPdf) },
    async (request, reply) => {
      const { doc } = request.params;
      if (!isLegalDoc(doc)) throw new AppError('not_found', { path: request.url.split('?')[0] });
      const file = await pdfOf(doc);
      reply
        .header('cache-control', REVALIDATE_CACHE)
        .header('content-disposition', `inline; filename="mirage-${doc}.pdf"`)
        .type('application/pdf');
      if (answeredNotModified(request, reply, file.etag)) return reply;
      return reply.send(file.bytes);
    },
  );
}
