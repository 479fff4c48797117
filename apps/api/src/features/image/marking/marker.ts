import { createContentCredentials, type Provenance, type SigningMaterial } from './content-credentials.ts';
import { withPngXmp, xmpPacket } from './xmp.ts';

/** The service as image files name it: the XMP's creator tool and the C2PA software agent. */
export const SERVICE_NAME = 'Mirage';

/** The XMP packet of image `uuid` on the site `publicUrl`: its page, the service as creator tool. */
export function imageXmp(publicUrl: string, uuid: string): string {
  return xmpPacket(`${publicUrl}/image/${uuid}`, SERVICE_NAME);
}

/** What an image-processing thread needs to mark files: the site's address and the signing material. */
export interface MarkingConfig {
  /** PUBLIC_URL: the XMP names each image's page there. */
  publicUrl: string;
  material: SigningMaterial;
}

/**
 * Marks the files of one image as AI-generated (docs/architecture/provenance.md): every file gets the
 * XMP; the full-size PNG and WebP also get the signed C2PA manifest, last.
 */
export function createMarker(config: MarkingConfig) {
  const credentials = createContentCredentials(config.material, { name: SERVICE_NAME });
  const xmp = (uuid: string) => imageXmp(config.publicUrl, uuid);
  return {
    /** The XMP packet of image `uuid`, for sharp's withXmp on the files it encodes. */
    xmp,
    /** A full-size PNG: its metadata chunks replaced by the XMP, then signed. */
    png(png: Buffer, uuid: string, name: string, provenance: Provenance): Promise<Buffer> {
      return credentials.sign(withPngXmp(png, xmp(uuid)), 'image/png', name, provenance);
    },
    /** A full-size WebP encoded with the XMP already: signed. */
    webp(webp: Buffer, name: string, provenance: Provenance): Promise<Buffer> {
      return credentials.sign(webp, 'image/webp', name, provenance);
    },
  };
}
export type Marker = ReturnType<typeof createMarker>;
