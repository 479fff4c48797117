import type { LegalDoc, LegalDocument } from './docs.ts';

// Literal import paths, one per document, so that a bundler emits one chunk per document.
const LOADERS: Record<LegalDoc, () => Promise<{ default: LegalDocument }>> = {
  privacy: () => import('./privacy.ts'),
  terms: () => import('./terms.ts'),
  dmca: () => import('./dmca.ts'),
  adult: () => import('./adult.ts'),
};

/** One document, as written (placeholders unfilled). */
export async function loadLegalDocument(doc: LegalDoc): Promise<LegalDocument> {
  return (await LOADERS[doc]()).default;
}
