/** The provenance check's page (issue 18 §2; docs/architecture/provenance.md#provenance-check). */
export { ProvenanceCheck } from './ProvenanceCheck.tsx';
