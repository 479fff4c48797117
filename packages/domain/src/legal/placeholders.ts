/**
 * The operator's values in the documents' texts: `{{operator_name}}` and the like, filled in by the web page
 * and the PDF alike (docs/product/legal.md#placeholders).
 */
import type { LegalBlock, LegalDocument } from './docs.ts';

/**
 * The values a document's text names as `{{placeholder}}`: who runs the service (OPERATOR_NAME,
 * OPERATOR_ADDRESS, CONTACT_EMAIL) and where (the site's public address).
 */
export const LEGAL_PLACEHOLDERS = ['operator_name', 'operator_address', 'contact_email', 'site_url'] as const;
export type LegalPlaceholder = (typeof LEGAL_PLACEHOLDERS)[number];

export interface LegalValues {
  operator_name: string;
  operator_address: string;
  /** null: the operator has published no contact mail yet (CONTACT_EMAIL unset). */
  contact_email: string | null;
  /** The site's origin without a trailing slash ("https://mirage.example"). */
  site_url: string;
}

/**
 * What {{contact_email}} reads as while no address is configured: plainly a gap, never an address that
 * looks real (a notice sent to a made-up address would be lost).
 */
export const CONTACT_NOT_SET = '[contact address not yet published by the operator]';

/** A run of a text: literal text, or a placeholder to fill (the web renders the mail as a link). */
export type LegalTextPart = { text: string } | { placeholder: LegalPlaceholder };

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** Splits a text at its placeholders; an unknown placeholder is a mistake in the source and throws. */
export function splitPlaceholders(text: string): LegalTextPart[] {
  const parts: LegalTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!(LEGAL_PLACEHOLDERS as readonly string[]).includes(name))
      throw new Error(`Unknown placeholder {{${name}}} in a legal document`);
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ placeholder: name as LegalPlaceholder });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The text a placeholder stands for. */
export function placeholderValue(name: LegalPlaceholder, values: LegalValues): string {
  return values[name] ?? CONTACT_NOT_SET;
}

/** A text with every placeholder filled in. */
export function fillPlaceholders(text: string, values: LegalValues): string {
  return splitPlaceholders(text)
    .map((part) => ('text' in part ? part.text : placeholderValue(part.placeholder, values)))
    .join('');
}

/** A whole document with every placeholder filled in (the PDF's input). */
export function fillDocument(document: LegalDocument, values: LegalValues): LegalDocument {
  const fill = (block: LegalBlock): LegalBlock =>
    typeof block === 'string'
      ? fillPlaceholders(block, values)
      : block.map((item) => fillPlaceholders(item, values));
  return {
    ...document,
    title: fillPlaceholders(document.title, values),
    intro: document.intro.map(fill),
    sections: document.sections.map((section) => ({
      ...section,
      heading: fillPlaceholders(section.heading, values),
      body: section.body.map(fill),
    })),
  };
}
