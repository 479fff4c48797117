/** The provenance check's public face (issue 18 §2; docs/architecture/provenance.md#provenance-check). */
export { createProvenance } from './create.ts';
export type { ProvenanceCheck } from './service.ts';
export type { ProvenanceRepository } from './repository.ts';
export { registerProvenanceRoutes } from './routes.ts';
export { backfillPerceptualHashes } from './backfill.ts';
