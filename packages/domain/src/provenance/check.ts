/**
 * The provenance check (issue 18 §2; docs/architecture/provenance.md#provenance-check): anybody uploads an
 * image and learns whether this service made it. What it answers, and the rules it follows, shared by the
 * API and the page /provenance.
 */

/** The largest upload the check reads (a phone's screenshot or photo of a screen fits). */
export const PROVENANCE_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** The largest picture it decodes (width × height): a 40-megapixel camera file, not a decompression bomb. */
export const PROVENANCE_MAX_PIXELS = 40_000_000;

/**
 * How the check knew, strongest first:
 * - `content_credentials`: the file's C2PA manifest is signed by this service's own certificate;
 * - `metadata`: its XMP names one of this service's images, and the picture is close to that image's;
 * - `similarity`: no mark survived (a screenshot, a re-encoded or cropped copy), but its perceptual hash is
 *   within SAME_PICTURE_MAX_DISTANCE of an image made here.
 */
export const PROVENANCE_EVIDENCE = ['content_credentials', 'metadata', 'similarity'] as const;
export type ProvenanceEvidence = (typeof PROVENANCE_EVIDENCE)[number];

/**
 * What the check may say about the image it found: a public one is linked to its page; a private, held or
 * hidden one is only "made here, private" (its page, owner and prompt stay the owner's); `removed` when the
 * file's signature names an image that no longer exists here.
 */
export type ProvenanceVisibility = 'public' | 'private' | 'removed';

/**
 * The largest distance at which an image named by the upload's own metadata is taken as the same picture:
 * twice the blind search's, since the metadata already points at one image (a forged mark on another
 * picture is still far from it: unrelated images are ~32 bits apart).
 */
export const NAMED_PICTURE_MAX_DISTANCE = 20;

/** The uuid an image's page address names (`{PUBLIC_URL}/image/{uuid}`), when `url` is one on `origin`. */
export function imageUuidOfPageUrl(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  const match = /^\/image\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    parsed.pathname,
  );
  return match ? match[1]! : null;
}

/** The uuid a signed file's title names (`{uuid}.png`, `{uuid}-upscaled.webp`: post-processing's names). */
export function imageUuidOfFileTitle(title: string): string | null {
  const match =
    /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-upscaled)?\.(png|webp)$/.exec(title);
  return match ? match[1]! : null;
}
