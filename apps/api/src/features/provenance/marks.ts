import { X509Certificate } from 'node:crypto';
import { Reader } from '@contentauth/c2pa-node';
import { imageUuidOfFileTitle } from '@mirage/domain';
import type { SigningMaterial } from '../image/index.ts';

/**
 * Reading the marks an uploaded file may carry (issue 18 §2), the ones this service writes
 * (features/image/marking): the C2PA manifest and the XMP. Neither is taken on trust:
 * - the manifest counts only when its signature validates as `Trusted` against the top certificate of
 *   the service's own chain AND its signer is the service's own certificate (same common name and
 *   serial): a public CA's chain would otherwise vouch for anybody it ever certified;
 * - the XMP is plain text anybody can write: it only names a candidate, which the caller checks against
 *   the picture itself.
 */

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export interface OwnSigner {
  /** The chain's last certificate (the root, or the topmost the operator gave): the trust anchor. */
  anchor: string;
  commonName: string;
  /** The end-entity certificate's serial, in decimal (as C2PA readers print it). */
  serial: string;
}

/** The service's own signer, from its signing material (chain: end-entity certificate first). */
export function ownSignerOf(material: SigningMaterial): OwnSigner {
  const certificates = material.chain.match(PEM_CERTIFICATE) ?? [];
  if (certificates.length === 0) throw new Error('the signing chain has no certificate');
  const signer = new X509Certificate(certificates[0]!);
  const commonName = /(?:^|\n)CN=([^\n]*)/.exec(signer.subject)?.[1] ?? '';
  return {
    anchor: `${certificates.at(-1)!}\n`,
    commonName,
    serial: BigInt(`0x${signer.serialNumber}`).toString(10),
  };
}

const C2PA_TYPES: Record<string, string> = { png: 'image/png', webp: 'image/webp', jpeg: 'image/jpeg' };

interface ManifestStore {
  active_manifest?: string;
  validation_state?: string;
  manifests?: Record<
    string,
    { title?: string; signature_info?: { common_name?: string; cert_serial_number?: string } }
  >;
}

/**
 * The uuid of the image this service signed `file` as, when its active C2PA manifest is the service's own
 * and intact; null otherwise (no manifest, another signer, a broken signature, a format C2PA cannot read).
 */
export async function signedImageUuid(
  file: Buffer,
  format: string,
  signer: OwnSigner,
): Promise<string | null> {
  const mimeType = C2PA_TYPES[format];
  if (!mimeType) return null;
  // snake_case: the settings' camelCase spellings are silently ignored (research/c2pa-on-node.md).
  const settings = { trust: { trust_anchors: signer.anchor }, verify: { verify_trust: true } };
  let store: ManifestStore;
  try {
    const reader = await Reader.fromAsset({ buffer: file, mimeType }, settings);
    if (!reader) return null;
    store = reader.json() as ManifestStore;
  } catch {
    return null; // a damaged or unreadable manifest proves nothing
  }
  if (store.validation_state !== 'Trusted' || !store.active_manifest) return null;
  const manifest = store.manifests?.[store.active_manifest];
  const info = manifest?.signature_info;
  if (info?.common_name !== signer.commonName || info.cert_serial_number !== signer.serial) return null;
  return imageUuidOfFileTitle(manifest?.title ?? '');
}

/** The XMP's web statement (xmpRights:WebStatement, as attribute or element), if the packet has one. */
export function xmpWebStatement(xmp: Buffer | undefined): string | null {
  if (!xmp) return null;
  const text = xmp.toString('utf8');
  const match =
    /xmpRights:WebStatement\s*=\s*"([^"]*)"/.exec(text) ??
    /<xmpRights:WebStatement>([^<]*)<\/xmpRights:WebStatement>/.exec(text);
  if (!match) return null;
  return match[1]!
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(
      /&(amp|lt|gt|quot|apos);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!,
    );
}
