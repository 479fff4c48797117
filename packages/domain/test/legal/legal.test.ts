import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_NOT_SET,
  fillDocument,
  fillPlaceholders,
  isLegalDoc,
  LEGAL_DOCS,
  legalPdfPath,
  loadLegalDocument,
  splitPlaceholders,
  type LegalBlock,
  type LegalValues,
} from '../../src/legal/index.ts';

const VALUES: LegalValues = {
  operator_name: 'Example Media Ltd',
  operator_address: '1 Harbour Street, Dublin',
  contact_email: 'legal@example.test',
  site_url: 'https://mirage.example',
};

/** Every text of a document: title, paragraphs, list items and headings. */
function texts(blocks: readonly LegalBlock[]): string[] {
  return blocks.flatMap((block) => (typeof block === 'string' ? [block] : [...block]));
}

describe('placeholders', () => {
  it('splits a text into literal runs and placeholders', () => {
    expect(splitPlaceholders('Write to {{contact_email}} or visit {{ site_url }}.')).toEqual([
      { text: 'Write to ' },
      { placeholder: 'contact_email' },
      { text: ' or visit ' },
      { placeholder: 'site_url' },
      { text: '.' },
    ]);
    expect(splitPlaceholders('{{operator_name}}')).toEqual([{ placeholder: 'operator_name' }]);
    expect(splitPlaceholders('no placeholder')).toEqual([{ text: 'no placeholder' }]);
  });

  it('refuses a placeholder it does not know (a typo in the source must not reach a page)', () => {
    expect(() => splitPlaceholders('Hello {{operator}}')).toThrow('{{operator}}');
  });

  it('fills every placeholder, and says plainly when no contact mail is published', () => {
    expect(fillPlaceholders('{{operator_name}}, {{operator_address}}: {{contact_email}}', VALUES)).toBe(
      'Example Media Ltd, 1 Harbour Street, Dublin: legal@example.test',
    );
    expect(fillPlaceholders('Mail {{contact_email}}.', { ...VALUES, contact_email: null })).toBe(
      `Mail ${CONTACT_NOT_SET}.`,
    );
  });

  it('fills a whole document, lists included, without changing its shape', async () => {
    const source = await loadLegalDocument('privacy');
    const filled = fillDocument(source, VALUES);
    expect(filled.sections.map((section) => section.id)).toEqual(
      source.sections.map((section) => section.id),
    );
    const all = [filled.title, ...texts(filled.intro), ...filled.sections.flatMap((s) => texts(s.body))];
    expect(all.some((text) => text.includes('{{'))).toBe(false);
    expect(all.join(' ')).toContain('Example Media Ltd');
    // Lists stay lists.
    expect(filled.sections.some((section) => section.body.some((block) => Array.isArray(block)))).toBe(true);
  });
});

describe('the documents', () => {
  it('names the four documents and their addresses', () => {
    expect(LEGAL_DOCS).toEqual(['privacy', 'terms', 'dmca', 'adult']);
    expect(isLegalDoc('terms')).toBe(true);
    expect(isLegalDoc('cookies')).toBe(false);
    expect(isLegalDoc(undefined)).toBe(false);
    expect(legalPdfPath('dmca')).toBe('/legal/dmca.pdf');
  });

  for (const doc of LEGAL_DOCS) {
    it(`${doc}: is well formed and uses only known placeholders`, async () => {
      const document = await loadLegalDocument(doc);
      expect(document.doc).toBe(doc);
      expect(document.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(document.sections.length).toBeGreaterThan(3);
      const ids = document.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/);
      const all = [document.title, ...texts(document.intro)];
      for (const section of document.sections) all.push(section.heading, ...texts(section.body));
      for (const text of all) {
        expect(text.trim()).not.toBe('');
        // Throws on an unknown placeholder; a stray brace means a mistyped one.
        const literal = splitPlaceholders(text).flatMap((part) => ('text' in part ? [part.text] : []));
        expect(literal.join('')).not.toMatch(/[{}]/);
      }
      // Every document says who runs the service and how to reach them.
      expect(all.join(' ')).toContain('{{operator_name}}');
      expect(all.join(' ')).toContain('{{contact_email}}');
    });
  }

  it('states the rules the product enforces: adults only and no minors', async () => {
    const terms = JSON.stringify(await loadLegalDocument('terms'));
    expect(terms).toContain('at least 18 years old');
    expect(terms).toMatch(/minor/);
    const adult = JSON.stringify(await loadLegalDocument('adult'));
    expect(adult).toContain('fictional');
    expect(adult).toContain('RTA');
  });
});

describe('bundling', () => {
  const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

  /** The files reachable from `entry` through relative imports, static or dynamic. */
  function reachable(entry: string, seen = new Set<string>()): Set<string> {
    if (seen.has(entry)) return seen;
    seen.add(entry);
    const text = readFileSync(entry, 'utf8');
    const found = [...text.matchAll(/(?:from\s*|import\(\s*)['"](\.[^'"]+)['"]/g)].map((match) => match[1]!);
    for (const specifier of found) reachable(resolve(dirname(entry), specifier), seen);
    return seen;
  }

  it("keeps the texts and their helpers out of the package's main entry, which every page loads", () => {
    // The main entry may name the documents (route meta: legal/docs.ts), nothing more of them.
    const fromIndex = [...reachable(join(SRC, 'index.ts'))].filter((file) =>
      file.startsWith(join(SRC, 'legal')),
    );
    expect(fromIndex.filter((file) => file !== join(SRC, 'legal', 'docs.ts'))).toEqual([]);
  });

  it('keeps the names and addresses (what the footer needs) apart from the texts', () => {
    const fromDocs = [...reachable(join(SRC, 'legal', 'docs.ts'))];
    expect(fromDocs).toEqual([join(SRC, 'legal', 'docs.ts')]);
  });
});
