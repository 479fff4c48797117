import { createPrivateKey } from 'node:crypto';
import { Builder, LocalSigner, type SigningAlg } from '@contentauth/c2pa-node';
import { TRAINED_ALGORITHMIC_MEDIA } from './xmp.ts';

/**
 * The C2PA manifest (Content Credentials) embedded in the full-size PNG and WebP of every image: who made
 * it (the service, as software agent), how (`c2pa.created` from trained algorithmic media; a tweak adds
 * `c2pa.edited`, an upscale `c2pa.resized`, each with its source image as the parent ingredient), signed
 * with the operator's certificate (./signing-credentials.ts). Written with the C2PA project's own Node
 * binding (@contentauth/c2pa-node, research/c2pa-on-node.md). Signing is the last step of a file: any
 * re-encoding after it drops the manifest.
 */

/** The operator's signing material: the PEM chain (end-entity certificate first) and its PKCS#8 key. */
export interface SigningMaterial {
  chain: string;
  key: string;
}

/** How an image came to be: made from a prompt, or from another image of the service. */
export type Provenance =
  { action: 'created' } | { action: 'edited' | 'resized'; source: { png: Buffer; title: string } };

/** The C2PA signing algorithm of a key: ES256/384/512 by its curve, PS256 for RSA, Ed25519. */
export function signingAlgorithmOf(keyPem: string): SigningAlg {
  const key = createPrivateKey(keyPem);
  if (key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss') return 'ps256';
  if (key.asymmetricKeyType === 'ed25519') return 'ed25519';
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (curve === 'prime256v1') return 'es256';
  if (curve === 'secp384r1') return 'es384';
  if (curve === 'secp521r1') return 'es512';
  throw new Error(`C2PA cannot sign with this key (${key.asymmetricKeyType ?? '?'} ${curve ?? ''})`);
}

// No thumbnail inside the manifest: the service's own files are the pictures (and it costs ~40 ms a file).
const SETTINGS = { builder: { thumbnail: { enabled: false } } };

export function createContentCredentials(material: SigningMaterial, generator: { name: string }) {
  const signer = LocalSigner.newSigner(
    Buffer.from(material.chain),
    Buffer.from(material.key),
    signingAlgorithmOf(material.key),
  );
  const agent = { name: generator.name };

  function actionsOf(provenance: Provenance) {
    if (provenance.action === 'created') {
      return [{ action: 'c2pa.created', digitalSourceType: TRAINED_ALGORITHMIC_MEDIA, softwareAgent: agent }];
    }
    return [
      { action: 'c2pa.opened', parameters: { ingredientIds: ['source'] } },
      {
        action: `c2pa.${provenance.action}`,
        softwareAgent: agent,
        // A tweak redraws part or all of the picture: its new pixels are generated too.
        ...(provenance.action === 'edited' ? { digitalSourceType: TRAINED_ALGORITHMIC_MEDIA } : {}),
      },
    ];
  }

  return {
    /** `file` (PNG or WebP bytes, already carrying their XMP) with the signed manifest embedded. */
    async sign(file: Buffer, mimeType: 'image/png' | 'image/webp', title: string, provenance: Provenance) {
      const builder = Builder.withJson(
        {
          claim_generator_info: [agent],
          title,
          format: mimeType,
          assertions: [{ label: 'c2pa.actions', data: { actions: actionsOf(provenance) } }],
        },
        SETTINGS,
      );
      if (provenance.action !== 'created') {
        await builder.addIngredient(
          JSON.stringify({
            title: provenance.source.title,
            format: 'image/png',
            instance_id: 'source',
            relationship: 'parentOf',
            label: 'source',
          }),
          { buffer: provenance.source.png, mimeType: 'image/png' },
        );
      }
      const output: { buffer: Buffer | null } = { buffer: null };
      builder.sign(signer, { buffer: file, mimeType }, output);
      if (!output.buffer) throw new Error('C2PA signing gave no file');
      return output.buffer;
    },
  };
}
export type ContentCredentials = ReturnType<typeof createContentCredentials>;
