import {
  NAMED_PICTURE_MAX_DISTANCE,
  PROVENANCE_MAX_PIXELS,
  SAME_PICTURE_MAX_DISTANCE,
  hammingDistance,
  hashOfStored,
  imageUuidOfPageUrl,
  isPublished,
  perceptualHash,
  storedHash,
  type ProvenanceEvidence,
  type ProvenanceVisibility,
} from '@mirage/domain';
import sharp from 'sharp';
import { AppError } from '../../errors.ts';
import { imageFileAddress } from '../image/index.ts';
import { signedImageUuid, xmpWebStatement, type OwnSigner } from './marks.ts';
import type { ProvenanceImage, ProvenanceRepository } from './repository.ts';

/** The answer of POST /api/provenance/check (packages/contract provenance.ts). */
export interface ProvenanceAnswer {
  made_here: boolean;
  evidence: ProvenanceEvidence | null;
  visibility: ProvenanceVisibility | null;
  /** The public image's page and thumbnail; null for any other. */
  image: { uuid: string; page_url: string; thumbnail_src: string } | null;
}

const NOT_MADE_HERE: ProvenanceAnswer = { made_here: false, evidence: null, visibility: null, image: null };

/** Side the upload is shrunk to before hashing: the 32×32 grid averages the same, at a fraction of the work. */
const HASH_INPUT_SIDE = 512;

export interface ProvenanceDeps {
  images: ProvenanceRepository;
  signer: OwnSigner;
  /** PUBLIC_URL's origin: the XMP of the service's files names their pages there. */
  publicOrigin: string;
  filesPublicUrl: string | undefined;
}

/**
 * The provenance check (issue 18 §2; docs/architecture/provenance.md#provenance-check): whether this
 * service made an uploaded image, from the strongest evidence the file still carries: its Content
 * Credentials, else its XMP (confirmed by the picture), else the picture's perceptual hash alone, so that a
 * screenshot, a re-encoded or a slightly cropped copy is recognised too. It says only what anybody may
 * know: a public image's page, or "made here, private" (never an owner, a prompt or a private page).
 */
export function createProvenanceCheck(deps: ProvenanceDeps) {
  function answer(evidence: ProvenanceEvidence, image: ProvenanceImage | undefined): ProvenanceAnswer {
    if (!image) return { made_here: true, evidence, visibility: 'removed', image: null };
    if (!isPublished(image)) return { made_here: true, evidence, visibility: 'private', image: null };
    return {
      made_here: true,
      evidence,
      visibility: 'public',
      image: {
        uuid: image.uuid,
        page_url: `${deps.publicOrigin}/image/${image.uuid}`,
        thumbnail_src: imageFileAddress(deps.filesPublicUrl, `${image.uuid}-min.webp`),
      },
    };
  }

  /**
   * The upload's perceptual hashes: as it is, and with a uniform frame trimmed (a screenshot's border).
   * Decoded once, upright by its EXIF orientation and at most twice the hash's input side (a JPEG then
   * decodes at a fraction of its size), and both hashes start from those pixels.
   */
  async function hashesOf(file: Buffer): Promise<bigint[]> {
    const side = 2 * HASH_INPUT_SIDE;
    const decoded = await sharp(file, { limitInputPixels: PROVENANCE_MAX_PIXELS })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hash = async (trim: boolean) => {
      let pipeline = sharp(decoded.data, { raw: decoded.info });
      if (trim) pipeline = pipeline.trim({ threshold: 20 });
      const { data, info } = await pipeline
        .resize({ width: HASH_INPUT_SIDE, height: HASH_INPUT_SIDE, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return perceptualHash(data, info.width, info.height, info.channels);
    };
    const plain = await hash(false);
    // trim refuses a picture that is all one colour: then there is no frame to take off.
    const trimmed = await hash(true).catch(() => plain);
    return trimmed === plain ? [plain] : [plain, trimmed];
  }

  return {
    async check(file: Buffer): Promise<ProvenanceAnswer> {
      let metadata;
      try {
        metadata = await sharp(file, { limitInputPixels: PROVENANCE_MAX_PIXELS }).metadata();
      } catch {
        throw new AppError('invalid_image');
      }
      const format = metadata.format ?? '';
      const signed = await signedImageUuid(file, format, deps.signer);
      if (signed) return answer('content_credentials', await deps.images.byUuid(signed));

      let hashes: bigint[];
      try {
        hashes = await hashesOf(file);
      } catch {
        throw new AppError('invalid_image'); // a header that reads, pixels that do not (cut short, a bomb)
      }
      const named = imageUuidOfPageUrl(xmpWebStatement(metadata.xmp) ?? '', deps.publicOrigin);
      if (named) {
        const image = await deps.images.byUuid(named);
        const stored = image?.perceptual_hash;
        if (
          stored &&
          Math.min(...hashes.map((hash) => hammingDistance(hash, hashOfStored(stored)))) <=
            NAMED_PICTURE_MAX_DISTANCE
        ) {
          return answer('metadata', image);
        }
      }
      let best: (ProvenanceImage & { distance: number }) | undefined;
      for (const hash of hashes) {
        const found = await deps.images.nearest(String(storedHash(hash)), SAME_PICTURE_MAX_DISTANCE);
        if (found && (!best || found.distance < best.distance)) best = found;
      }
      return best ? answer('similarity', best) : NOT_MADE_HERE;
    },
  };
}
export type ProvenanceCheck = ReturnType<typeof createProvenanceCheck>;
