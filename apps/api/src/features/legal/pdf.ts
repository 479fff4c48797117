import type { LegalBlock, LegalDocument } from '@mirage/domain/legal';
import PDFDocument from 'pdfkit';

/**
 * Lays out one legal document (docs/product/legal.md), its placeholders already filled, as an A4 PDF:
 * the title, the date it last changed, the paragraphs, headings and bulleted lists of its sections, and on
 * every page a footer with the document's title, the site and "Page n of m". Text wraps at word boundaries
 * (pdfkit's line breaking); a heading never ends a page alone.
 *
 * The PDF's 14 standard fonts need no font file but only cover Windows-1252 (Western European); the texts
 * are English, and a character of an operator's name outside that set is written in its closest form
 * (accents dropped) or as "?" rather than as a wrong glyph (`toWinAnsi`).
 */

const MARGIN = 56;
const FOOTER_HEIGHT = 36;
const BODY_SIZE = 10.5;
const TEXT = '#1a1a1a';
const MUTED = '#5c5c66';

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The characters Windows-1252 has beyond Latin-1, which the standard fonts draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function drawable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** A text the standard fonts can draw: each character kept, stripped of its accents, or "?". */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    if (drawable(char) || char === '\n') {
      out += char;
      continue;
    }
    // "ő" is "o" and a combining accent, which is dropped; "Ł" or "東" have no such form.
    const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += base !== '' && [...base].every(drawable) ? base : '?';
  }
  return out;
}

/** "2026-11-27" → "27 November 2026" (the date is a calendar date: no time zone applies). */
function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Renders the document; resolves with the PDF's bytes. */
export function renderLegalPdf(document: LegalDocument, site: string, operator: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    // Pages are kept until the end so that each footer can say how many there are.
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: toWinAnsi(document.title),
      Author: toWinAnsi(operator),
      Subject: toWinAnsi(`${document.title} of Mirage (${site})`),
      Creator: 'Mirage',
      // The document's own date, so the same text and settings give the same bytes (and ETag).
      CreationDate: new Date(`${document.updated}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.fillColor(TEXT).font(BOLD).fontSize(22).text(toWinAnsi(document.title), { width });
  doc.moveDown(0.3);
  doc
    .fillColor(MUTED)
    .font(REGULAR)
    .fontSize(9.5)
    .text(`Last updated: ${longDate(document.updated)}`, { width });
  doc.moveDown(1.2);

  const paragraph = (text: string) => {
    doc.fillColor(TEXT).font(REGULAR).fontSize(BODY_SIZE);
    doc.text(toWinAnsi(text), MARGIN, doc.y, { width, lineGap: 2.5, align: 'left' });
    doc.moveDown(0.6);
  };
  const list = (items: readonly string[]) => {
    const indent = 16;
    for (const item of items) {
      doc.fillColor(TEXT).font(REGULAR).fontSize(BODY_SIZE);
      const text = toWinAnsi(item);
      // An item that does not fit starts on the next page with its bullet.
      if (doc.y + doc.heightOfString(text, { width: width - indent, lineGap: 2.5 }) > bottom()) doc.addPage();
      const top = doc.y;
      doc.circle(MARGIN + 5, top + BODY_SIZE * 0.45, 1.6).fill(TEXT);
      doc.fillColor(TEXT).text(text, MARGIN + indent, top, { width: width - indent, lineGap: 2.5 });
      doc.moveDown(0.35);
    }
    doc.x = MARGIN;
    doc.moveDown(0.3);
  };
  const block = (content: LegalBlock) => (typeof content === 'string' ? paragraph(content) : list(content));

  for (const content of document.intro) block(content);
  for (const section of document.sections) {
    doc.font(BOLD).fontSize(13);
    const heading = toWinAnsi(section.heading);
    // A heading keeps at least three lines of its text with it.
    const needed = doc.heightOfString(heading, { width }) + BODY_SIZE * 5;
    if (doc.y + needed > bottom()) doc.addPage();
    else doc.moveDown(0.4);
    doc.fillColor(TEXT).text(heading, MARGIN, doc.y, { width });
    doc.moveDown(0.4);
    for (const content of section.body) block(content);
  }

  const footer = toWinAnsi(`${document.title} · ${site}`);
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Writing below the bottom margin would open a new page: the footer lives inside a zero margin.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 10;
    doc
      .moveTo(MARGIN, y - 8)
      .lineTo(doc.page.width - MARGIN, y - 8)
      .lineWidth(0.5)
      .stroke('#cccccc');
    doc.fillColor(MUTED).font(REGULAR).fontSize(8.5);
    doc.text(footer, MARGIN, y, { width: width * 0.75, lineBreak: false });
    doc.text(`Page ${index + 1} of ${count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
