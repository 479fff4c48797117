import { inflateSync } from 'node:zlib';
import { LEGAL_DOCS, loadLegalDocument } from '@mirage/domain/legal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWinAnsi } from '../../src/features/legal/pdf.ts';
import { createTestApp, type TestContext } from '../harness.ts';

/**
 * GET /legal/<doc>.pdf (docs/product/legal.md): each legal document as a PDF made from the shared source,
 * with the operator's name, address and contact mail of the running configuration.
 */
const OPERATOR = {
  OPERATOR_NAME: 'Lighthouse Media Ltd',
  OPERATOR_ADDRESS: '12 Harbour Road, Cork, Ireland',
  CONTACT_EMAIL: 'legal@lighthouse.example',
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: OPERATOR });
});
afterAll(async () => {
  await t.close();
});

/**
 * The text a PDF shows, page by page: its content streams inflated, and the strings of their text
 * operators (pdfkit writes them as hex, split where kerning applies) decoded. Lines join with spaces.
 */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/\/FlateDecode[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a content stream (fonts and images are not compressed this way by pdfkit)
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join(' ').replace(/\s+/g, ' ');
}

/** The document information's Title (pdfkit writes it as an uncompressed indirect object). */
function infoTitle(bytes: Buffer): string | undefined {
  const raw = bytes.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(raw)?.[1];
  const literal = ref ? new RegExp(`\\n${ref} 0 obj\\n\\((.*)\\)\\nendobj`).exec(raw)?.[1] : undefined;
  // A literal string escapes its parentheses and backslashes.
  return literal?.replace(/\\([()\\])/g, '$1');
}

describe('the legal PDFs', () => {
  for (const doc of LEGAL_DOCS) {
    it(`/legal/${doc}.pdf is a PDF of the document with the operator's name and the title`, async () => {
      const response = await t.app.inject({ method: 'GET', url: `/legal/${doc}.pdf` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`inline; filename="mirage-${doc}.pdf"`);
      expect(response.headers.etag).toMatch(/^W\/".+"$/);
      const bytes = response.rawPayload;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const source = await loadLegalDocument(doc);
      const text = pdfText(bytes);
      expect(text).toContain(source.title);
      expect(text).toContain(OPERATOR.OPERATOR_NAME);
      expect(text).toContain(OPERATOR.CONTACT_EMAIL);
      expect(text).not.toContain('{{');
      // Every section's heading is there, and every page says where it stands.
      for (const section of source.sections) expect(text).toContain(toWinAnsi(section.heading));
      expect(text).toMatch(/Page 1 of \d+/);
      expect(infoTitle(bytes)).toBe(source.title);
    });
  }

  it('fills the address in, and the site the configuration names', async () => {
    const text = pdfText((await t.app.inject({ method: 'GET', url: '/legal/privacy.pdf' })).rawPayload);
    expect(text).toContain('12 Harbour Road, Cork, Ireland');
    expect(text).toContain('http://localhost:8080');
  });

  it('answers the same bytes again, 304 for a current ETag, and the headers alone for HEAD', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/legal/terms.pdf' });
    const again = await t.app.inject({ method: 'GET', url: '/legal/terms.pdf' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = first.headers.etag as string;
    const cached = await t.app.inject({
      method: 'GET',
      url: '/legal/terms.pdf',
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url: '/legal/terms.pdf' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 for a document that does not exist', async () => {
    for (const url of ['/legal/cookies.pdf', '/legal/.pdf', '/legal/terms.PDF', '/legal/privacy.pdf/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        detail: { code: 'not_found', data: expect.anything() as unknown },
      });
    }
  });
});

describe('the legal PDFs without a published contact mail or address', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare.close();
  });

  it('say plainly that they are not published yet, never a made-up address', async () => {
    const text = pdfText((await bare.app.inject({ method: 'GET', url: '/legal/dmca.pdf' })).rawPayload);
    expect(text).toContain('[contact address not yet published by the operator]');
    expect(text).toContain('Postal address not yet published by the operator');
  });
});

describe('toWinAnsi', () => {
  it('keeps what the standard fonts draw, drops accents they lack, and marks the rest', () => {
    expect(toWinAnsi('Société Générale — “Ltd” €5')).toBe('Société Générale — “Ltd” €5');
    expect(toWinAnsi('Dőry Kft.')).toBe('Dory Kft.');
    expect(toWinAnsi('Łódź 東京')).toBe('?ódz ??');
  });
});
