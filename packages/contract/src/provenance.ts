import { PROVENANCE_EVIDENCE, PROVENANCE_UPLOAD_MAX_BYTES, SAME_PICTURE_MAX_DISTANCE } from '@mirage/domain';
import { z } from 'zod';
import { fileBytes, operation } from './define.ts';

/** The upload: one file part, `image`. */
const provenanceForm = z
  .object({
    image: fileBytes.describe(
      `The image to check, a file part: PNG, JPEG, WebP, GIF, AVIF or TIFF, at most ` +
        `${PROVENANCE_UPLOAD_MAX_BYTES / 1024 / 1024} MB. Its bytes decide, not its declared type`,
    ),
  })
  .describe('multipart/form-data with the file part `image`; other parts are ignored, at most one file');

const provenanceAnswer = z
  .object({
    made_here: z.boolean().describe('Whether this service made the image'),
    evidence: z
      .enum(PROVENANCE_EVIDENCE)
      .nullable()
      .describe(
        'How it knows: content_credentials (its C2PA manifest is signed by this service), metadata (its ' +
          'XMP names an image of this service, and the picture matches it) or similarity (the picture ' +
          `matches an image made here within ${SAME_PICTURE_MAX_DISTANCE} of 64 perceptual-hash bits: a ` +
          'copy whose marks were stripped); null when not made here',
      ),
    visibility: z
      .enum(['public', 'private', 'removed'])
      .nullable()
      .describe(
        'public: the image is on the site (see `image`); private: made here, but only its owner sees it; ' +
          'removed: its signature names an image that no longer exists here; null when not made here',
      ),
    image: z
      .object({
        uuid: z.string(),
        page_url: z.string().describe("The image's page"),
        thumbnail_src: z.string().describe('Its thumbnail (WebP)'),
      })
      .nullable()
      .describe('The public image it is; null for any other answer'),
  })
  .meta({ id: 'ProvenanceAnswer' })
  .describe('What the check found');

export const checkProvenance = operation('checkProvenance', {
  tag: 'images',
  summary: 'Check whether this service made an image',
  description:
    'Anybody (no account needed) uploads an image and learns whether this service made it: from its ' +
    'Content Credentials, else its metadata, else its perceptual hash, so that a screenshot or a ' +
    're-encoded or slightly cropped copy is recognised too. A public image is linked; a private one only ' +
    'says "made here, private". Rate-limited per address (429 spam_protection with data.retry_after).',
  handlerBody: { mediaType: 'multipart/form-data', schema: provenanceForm },
  responses: { 200: provenanceAnswer },
  errors: ['invalid_image', 'spam_protection'],
});

export const provenanceOperations = { checkProvenance };
