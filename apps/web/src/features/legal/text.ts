import { placeholderValue, splitPlaceholders, type LegalValues } from '@mirage/domain/legal';

/** Who runs the service, as GET /api/config/site gives it. */
export interface Operator {
  name: string;
  address: string;
  contact_email: string | null;
}

/**
 * The values of the documents' placeholders on this site: the operator of the configuration, and this
 * page's own origin as the site's address (the address people actually use).
 */
export function legalValues(operator: Operator, origin: string): LegalValues {
  return {
    operator_name: operator.name,
    operator_address: operator.address,
    contact_email: operator.contact_email,
    site_url: origin.replace(/\/+$/, ''),
  };
}

/** A run of a document's text as the page shows it: plain text, or the contact mail as a mail link. */
export type TextRun = { text: string } | { text: string; mailto: string };

/**
 * A text of a document with its placeholders filled, cut into runs: the contact mail becomes a link (when
 * one is published), everything else is text. Neighbouring text runs are merged.
 */
export function textRuns(text: string, values: LegalValues): TextRun[] {
  const runs: TextRun[] = [];
  for (const part of splitPlaceholders(text)) {
    if ('placeholder' in part && part.placeholder === 'contact_email' && values.contact_email) {
      runs.push({ text: values.contact_email, mailto: `mailto:${values.contact_email}` });
      continue;
    }
    const value = 'text' in part ? part.text : placeholderValue(part.placeholder, values);
    const last = runs.at(-1);
    if (last && !('mailto' in last)) last.text += value;
    else runs.push({ text: value });
  }
  return runs;
}

/** "2026-11-27" in the interface language ("27 novembre 2026", "2026年11月27日"): a calendar date, in UTC. */
export function formatLegalDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}
