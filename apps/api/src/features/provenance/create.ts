import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import type { SigningMaterial } from '../image/index.ts';
import { ownSignerOf } from './marks.ts';
import { createProvenanceRepository } from './repository.ts';
import { createProvenanceCheck } from './service.ts';

/** The check and its repository (the background backfill uses it too), as the app's services hold them. */
export function createProvenance(
  db: DB,
  config: Pick<Config, 'PUBLIC_URL' | 'FILES_PUBLIC_URL'>,
  material: SigningMaterial,
) {
  const provenanceImages = createProvenanceRepository(db);
  const provenance = createProvenanceCheck({
    images: provenanceImages,
    signer: ownSignerOf(material),
    publicOrigin: new URL(config.PUBLIC_URL).origin,
    filesPublicUrl: config.FILES_PUBLIC_URL,
  });
  return { provenance, provenanceImages };
}
