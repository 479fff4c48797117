import { LEGAL_DOCS } from '@mirage/domain/legal';
import { z } from 'zod';
import { fileBytes, operation } from './define.ts';
import { notModifiedAnswer } from './images.ts';

/**
 * The legal documents as PDFs (docs/product/legal.md). The name is not an enum of the schema: a document
 * that does not exist is a 404 `not_found`, like any other missing file, not a 400.
 */
export const getLegalPdf = operation('getLegalPdf', {
  tag: 'service',
  summary: 'Download a legal document as a PDF',
  description:
    `The privacy policy, the terms of service, the notice and takedown policy or the 18+ statement ` +
    `(\`${LEGAL_DOCS.join('`, `')}\`) as a PDF, made from the same source as the web page /legal/{doc}, ` +
    "with the operator's name, address and contact mail of the configuration. An ETag of its bytes: 304 " +
    'without a body when If-None-Match names it; HEAD gives the same headers.',
  params: z.object({
    doc: z.string().describe(`The document: ${LEGAL_DOCS.join(', ')}`),
  }),
  responses: {
    200: {
      description: 'The PDF',
      content: { 'application/pdf': { schema: fileBytes } },
    },
    304: notModifiedAnswer,
  },
  errors: ['not_found'],
});

export const legalOperations = { getLegalPdf };
