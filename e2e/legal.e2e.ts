import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LEGAL_DOCS, loadLegalDocument, type LegalDoc } from '@mirage/domain/legal';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForPath } from './support/app.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { axeViolationsIn } from './support/player.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * The legal documents (docs/product/legal.md) against the real server: the footer links each page and the
 * PDFs of the privacy policy, the terms and the DMCA policy, and the contact mail; each page shows its
 * document in English with the configured operator filled in, the translated chrome around it, and a PDF
 * that the API makes from the same source. Screenshots of /legal/terms (1280×800 and 390×844, English and
 * Chinese) go to LEGAL_SHOTS_DIR when it is set, for a person to look at.
 */
const OPERATOR = {
  OPERATOR_NAME: 'Lighthouse Media Ltd',
  OPERATOR_ADDRESS: '12 Harbour Road, Cork, Ireland',
  CONTACT_EMAIL: 'legal@lighthouse.example',
};
const server = serverForFile({ env: OPERATOR });

/** Each document's name in the footer and the side list (English interface). */
const NAMES: Record<LegalDoc, string> = {
  privacy: 'Privacy policy',
  terms: 'Terms of service',
  dmca: 'Notice and takedown (DMCA)',
  adult: '18+ statement',
};

const footer = (page: Page) => page.getByTestId('footer-legal');
const documentTitle = (page: Page) => page.getByTestId('legal-document').getByRole('heading', { level: 1 });

/** What a fetch from the page itself gets for a PDF address: status, media type and first bytes. */
async function fetchInPage(page: Page, href: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      head: String.fromCharCode(...bytes.slice(0, 5)),
      size: bytes.length,
    };
  }, href);
}

describe('the legal pages', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true, noPageErrors: true });

  it('are linked from the footer, each with its title, the operator and a PDF that downloads', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/explore`);
    await footer(page).waitFor();
    // The contact link comes with the site's answer: the list is complete once it is there.
    await page.getByTestId('footer-contact').waitFor();
    expect(await footer(page).getByRole('link').allTextContents()).toEqual([
      'Privacy policy',
      'PDF (Privacy policy)',
      'Terms of service',
      'PDF (Terms of service)',
      'Notice and takedown (DMCA)',
      'PDF (Notice and takedown (DMCA))',
      '18+ statement',
      'Contact us',
    ]);
    expect(await page.getByTestId('footer-contact').getAttribute('href')).toBe(
      `mailto:${OPERATOR.CONTACT_EMAIL}`,
    );
    // Its name starts with what is seen, then names the document (WCAG 2.5.3, axe's label-content-name-mismatch).
    expect(
      await footer(page)
        .getByRole('link', { name: 'PDF (Terms of service)', exact: true })
        .getAttribute('href'),
    ).toBe('/legal/terms.pdf');

    for (const doc of LEGAL_DOCS) {
      const source = await loadLegalDocument(doc);
      const link = footer(page).getByRole('link', { name: NAMES[doc], exact: true });
      await link.click();
      await waitForPath(page, `/legal/${doc}`);
      await expect.poll(() => documentTitle(page).innerText()).toBe(source.title);
      const text = await page.getByTestId('legal-document').innerText();
      expect(text).toContain(OPERATOR.OPERATOR_NAME);
      expect(text).not.toContain('{{');
      expect(await page.title()).toBe(`${NAMES[doc]} · Mirage`);
      // The side list marks the document shown.
      expect(await page.getByTestId('legal-nav').locator('[aria-current="page"]').innerText()).toBe(
        NAMES[doc],
      );
      // The page's PDF link gives a PDF (fetched by the page itself, as a click would).
      const href = (await page.getByTestId('legal-pdf').getAttribute('href')) ?? '';
      expect(href).toBe(`/legal/${doc}.pdf`);
      const pdf = await fetchInPage(page, href);
      expect(pdf).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
      expect(pdf.size).toBeGreaterThan(2000);
    }
    // The footer's PDF links reach the same files.
    for (const doc of ['privacy', 'terms', 'dmca'] as const) {
      const href = (await page.getByTestId(`footer-pdf-${doc}`).getAttribute('href')) ?? '';
      expect(await fetchInPage(page, href)).toMatchObject({
        status: 200,
        type: 'application/pdf',
        head: '%PDF-',
      });
    }
  });

  it('leave the contact link out of the footer while no contact mail is published', async () => {
    const { page } = browser;
    // The site information as a server without CONTACT_EMAIL answers it.
    await page.route('**/api/config/site', (route) =>
      route.fulfill({
        json: {
          operator: { name: 'Mirage', address: 'Somewhere', contact_email: null },
          team: [],
          testimonials: [],
        },
      }),
    );
    await page.goto(`${server.url}/legal/privacy`);
    await documentTitle(page).waitFor();
    expect(await footer(page).getByRole('link').count()).toBe(7);
    expect(await page.getByTestId('footer-contact').count()).toBe(0);
    expect(await page.getByTestId('legal-document').innerText()).toContain(
      '[contact address not yet published by the operator]',
    );
  });

  it('fill the contact mail in as a mail link, with the address, and pass the accessibility check', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/legal/dmca#counter-notice`);
    await documentTitle(page).waitFor();
    const document = page.getByTestId('legal-document');
    expect(await document.getAttribute('lang')).toBe('en');
    expect(await document.locator(`a[href="mailto:${OPERATOR.CONTACT_EMAIL}"]`).count()).toBeGreaterThan(1);
    expect(await document.innerText()).toContain(OPERATOR.OPERATOR_ADDRESS);
    // English readers are not told that the text is in English.
    expect(await page.getByTestId('legal-binding').count()).toBe(0);
    // The anchor's section is brought into view.
    await expect
      .poll(() => page.locator('#counter-notice').evaluate((node) => node.getBoundingClientRect().top))
      .toBeLessThan(300);
    expect(await axeViolationsIn(page, ['main'])).toEqual([]);
  });

  it('send an unknown document to the not-found page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/legal/cookies`);
    await waitForPath(page, '/404');
    await page.getByTestId('not-found').waitFor();
    expect((await page.request.get(`${server.url}/legal/cookies.pdf`)).status()).toBe(404);
  });

  it("are linked from the shop's FAQ where it speaks of the terms of service", async () => {
    const { page } = browser;
    await page.goto(`${server.url}/tickets#copyright`);
    const answer = page.locator('#copyright');
    await answer.getByRole('link', { name: 'Terms of service (PDF)' }).waitFor();
    expect(await answer.innerText()).toContain('under the terms of service');
    const href =
      (await answer.getByRole('link', { name: 'Terms of service (PDF)' }).getAttribute('href')) ?? '';
    expect(href).toBe('/legal/terms.pdf');
    expect(await fetchInPage(page, href)).toMatchObject({
      status: 200,
      type: 'application/pdf',
      head: '%PDF-',
    });
  });

  it('carry the RTA label that parental-control filters read', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/legal/adult`);
    await documentTitle(page).waitFor();
    expect(await page.locator('meta[name="rating"]').getAttribute('content')).toBe(
      'RTA-5042-1996-1400-1577-RTA',
    );
  });
});

describe('the legal pages in another language', () => {
  const browser = browserPerTest(server, {
    cookiesAnswered: true,
    noPageErrors: true,
    prepare: (page) => page.context().addCookies([{ name: 'language', value: 'zh', url: server.url }]),
  });

  it('keep the English text, and say in the interface language that English is binding', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/legal/terms`);
    await documentTitle(page).waitFor();
    expect(await documentTitle(page).innerText()).toBe('Terms of Service');
    expect(await page.getByTestId('legal-binding').innerText()).toBe('本文件以英文提供，以英文版本为准。');
    expect(await page.getByTestId('legal-pdf').innerText()).toBe('下载 PDF');
    expect(await page.getByTestId('legal-nav').locator('[aria-current="page"]').innerText()).toBe('服务条款');
    expect(await footer(page).getByRole('heading').innerText()).toBe('法律信息');
  });
});

describe('the legal pages on a phone', () => {
  const browser = browserPerTest(server, { viewport: PHONE, isMobile: true, cookiesAnswered: true });

  it('show the current document in the row of documents, even the last one', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/legal/adult`);
    await documentTitle(page).waitFor();
    const current = page.getByTestId('legal-nav').locator('[aria-current="page"]');
    await expect.poll(async () => (await current.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    const box = await current.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  });
});

// Screenshots for a person to look at, outside the repository (LEGAL_SHOTS_DIR=/tmp/legal-shots).
const SHOTS = process.env.LEGAL_SHOTS_DIR;
describe.skipIf(!SHOTS)('screenshots of /legal/terms', () => {
  for (const [lang, viewport, name] of [
    ['en', DESKTOP, 'desktop'],
    ['en', PHONE, 'phone'],
    ['zh', DESKTOP, 'desktop'],
    ['zh', PHONE, 'phone'],
  ] as const) {
    describe(`${lang} ${name}`, () => {
      const browser = browserPerTest(server, {
        viewport,
        isMobile: viewport === PHONE,
        cookiesAnswered: true,
        prepare: (page) => page.context().addCookies([{ name: 'language', value: lang, url: server.url }]),
      });
      it('is saved', async () => {
        const { page } = browser;
        mkdirSync(SHOTS!, { recursive: true });
        await page.goto(`${server.url}/legal/terms`);
        await documentTitle(page).waitFor();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(SHOTS!, `terms-${lang}-${name}.png`) });
        await page.locator('footer').screenshot({ path: path.join(SHOTS!, `footer-${lang}-${name}.png`) });
      });
    });
  }
});
