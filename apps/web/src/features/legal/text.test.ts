import { CONTACT_NOT_SET } from '@mirage/domain/legal';
import { describe, expect, it } from 'vitest';
import { formatLegalDate, legalValues, textRuns } from './text.ts';

const operator = {
  name: 'Lighthouse Media Ltd',
  address: '12 Harbour Road, Cork',
  contact_email: 'legal@example.test',
};
const values = legalValues(operator, 'https://mirage.example/');

describe('the legal page text', () => {
  it("fills the operator from the site information and the site's address from the page's origin", () => {
    expect(values).toEqual({
      operator_name: 'Lighthouse Media Ltd',
      operator_address: '12 Harbour Road, Cork',
      contact_email: 'legal@example.test',
      site_url: 'https://mirage.example',
    });
  });

  it('makes the contact mail a mail link and merges the rest into text', () => {
    expect(textRuns('{{operator_name}}, {{operator_address}}. Email: {{contact_email}}.', values)).toEqual([
      { text: 'Lighthouse Media Ltd, 12 Harbour Road, Cork. Email: ' },
      { text: 'legal@example.test', mailto: 'mailto:legal@example.test' },
      { text: '.' },
    ]);
    expect(textRuns('Visit {{site_url}}/image/…', values)).toEqual([
      { text: 'Visit https://mirage.example/image/…' },
    ]);
  });

  it('writes no link when no contact mail is published, but says so', () => {
    const runs = textRuns('Write to {{contact_email}}.', { ...values, contact_email: null });
    expect(runs).toEqual([{ text: `Write to ${CONTACT_NOT_SET}.` }]);
  });

  it('formats the date of the last change in the interface language, as a calendar date', () => {
    expect(formatLegalDate('2026-11-27', 'en')).toBe('November 27, 2026');
    expect(formatLegalDate('2026-11-27', 'fr')).toBe('27 novembre 2026');
    expect(formatLegalDate('2026-11-27', 'zh')).toBe('2026年11月27日');
  });
});
