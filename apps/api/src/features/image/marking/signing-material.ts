import { X509Certificate, createPrivateKey, webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signingAlgorithmOf, type SigningMaterial } from './content-credentials.ts';

/**
 * Where the C2PA signing material comes from (docs/architecture/provenance.md):
 * - C2PA_CERT (the PEM chain, end-entity certificate first) and C2PA_KEY (its PKCS#8 PEM key): the
 *   operator's, required in production;
 * - otherwise a development root and signer made at first start under DATA_DIR/c2pa and kept there. They are
 *   named as such ("development, not trusted") and no reader trusts them unless told to, so a laptop's
 *   files read as signed by an unknown signer, never as the operator's.
 */
export interface LoadedSigningMaterial {
  material: SigningMaterial;
  /** The development root, for tests and `npm run` tools to trust; null with the operator's material. */
  developmentRoot: string | null;
}

export class SigningMaterialError extends Error {}

/** The end-entity certificate of a chain, checked against its key (a mismatch would sign nothing valid). */
function checkMaterial(material: SigningMaterial, source: string): void {
  const first = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(material.chain)?.[0];
  if (!first) throw new SigningMaterialError(`${source}: no certificate in the chain`);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(first);
  } catch {
    throw new SigningMaterialError(`${source}: the first certificate of the chain cannot be read`);
  }
  let key;
  try {
    key = createPrivateKey(material.key);
    signingAlgorithmOf(material.key);
  } catch (error) {
    throw new SigningMaterialError(`${source}: the key cannot sign (${(error as Error).message})`);
  }
  if (!certificate.checkPrivateKey(key))
    throw new SigningMaterialError(`${source}: the key is not the first certificate's`);
}

const DEV_FILES = {
  root: 'development-root.pem',
  chain: 'development-chain.pem',
  key: 'development-key.pem',
};

/** The operator's material, or the development one (made on first use). */
export async function loadSigningMaterial(config: {
  C2PA_CERT?: string | undefined;
  C2PA_KEY?: string | undefined;
  DATA_DIR: string;
}): Promise<LoadedSigningMaterial> {
  if (config.C2PA_CERT && config.C2PA_KEY) {
    const material = {
      chain: readFileSync(config.C2PA_CERT, 'utf8'),
      key: readFileSync(config.C2PA_KEY, 'utf8'),
    };
    checkMaterial(material, 'C2PA_CERT/C2PA_KEY');
    return { material, developmentRoot: null };
  }
  const folder = path.join(config.DATA_DIR, 'c2pa');
  const file = (name: string) => path.join(folder, name);
  if (!existsSync(file(DEV_FILES.key))) {
    const made = await makeDevelopmentMaterial();
    mkdirSync(folder, { recursive: true });
    writeFileSync(file(DEV_FILES.root), made.root);
    writeFileSync(file(DEV_FILES.chain), made.chain);
    // Written last: its presence says the set is complete.
    writeFileSync(file(DEV_FILES.key), made.key, { mode: 0o600 });
  }
  const material = {
    chain: readFileSync(file(DEV_FILES.chain), 'utf8'),
    key: readFileSync(file(DEV_FILES.key), 'utf8'),
  };
  checkMaterial(material, file(DEV_FILES.chain));
  return { material, developmentRoot: readFileSync(file(DEV_FILES.root), 'utf8') };
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * A development root CA and an end-entity signer under it, with the profile C2PA requires of a signer
 * (research/c2pa-on-node.md: CA:FALSE, keyUsage critical digitalSignature, an extended key usage, subject
 * and authority key identifiers; a signer without them is refused). ECDSA P-256. @peculiar/x509 needs a
 * Reflect metadata polyfill, so it is loaded here only, where no operator material is configured.
 */
export async function makeDevelopmentMaterial(
  now = new Date(),
): Promise<{ root: string; chain: string; key: string }> {
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  // Node's Web Crypto, as the library's Crypto type (the DOM's, in the projects that compile with it).
  const nodeCrypto: unknown = webcrypto;
  x509.cryptoProvider.set(nodeCrypto as Parameters<typeof x509.cryptoProvider.set>[1]);
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  const rootKeys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Mirage development root (not trusted), O=Mirage development',
    notBefore,
    notAfter: new Date(now.getTime() + 10 * YEAR_MS),
    signingAlgorithm: algorithm,
    keys: rootKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const signerKeys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=Mirage development signer (not trusted), O=Mirage development',
    issuer: root.subject,
    notBefore,
    notAfter: new Date(now.getTime() + 5 * YEAR_MS),
    signingAlgorithm: algorithm,
    publicKey: signerKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection], false),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(root),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', signerKeys.privateKey));
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END PRIVATE KEY-----\n`;
  const rootPem = `${root.toString('pem')}\n`;
  return { root: rootPem, chain: `${signer.toString('pem')}\n${rootPem}`, key };
}
