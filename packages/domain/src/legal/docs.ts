/** The four legal documents, their addresses and their shape (docs/product/legal.md). */

export const LEGAL_DOCS = ['privacy', 'terms', 'dmca', 'adult'] as const;
export type LegalDoc = (typeof LEGAL_DOCS)[number];

export function isLegalDoc(value: string | undefined): value is LegalDoc {
  return (LEGAL_DOCS as readonly (string | undefined)[]).includes(value);
}

/** The web page of a document. */
export const legalPagePath = (doc: LegalDoc) => `/legal/${doc}`;
/** The PDF of a document, served by the API from the same source. */
export const legalPdfPath = (doc: LegalDoc) => `/legal/${doc}.pdf`;

/** A paragraph (its text) or a bulleted list (its items). */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  /** The section's anchor on the web page (`/legal/privacy#retention`). */
  id: string;
  heading: string;
  body: readonly LegalBlock[];
}

export interface LegalDocument {
  doc: LegalDoc;
  title: string;
  /** When the text last changed, as an ISO date (YYYY-MM-DD). */
  updated: string;
  /** Paragraphs before the first section. */
  intro: readonly LegalBlock[];
  sections: readonly LegalSection[];
}
