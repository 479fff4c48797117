import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { translation } from './support/app.ts';
import { PHONE, screenshot } from './support/browser.ts';
import { safeSampleUuid } from './support/gallery.ts';
import { browserPerTest, serverForFile } from './support/suite.ts';

/**
 * The provenance check's page (/provenance, issue 18 §2) in Chromium, as a guest: a picture the service
 * made (a guest sample, painted and signed at start) is recognised from its Content Credentials and linked
 * to its page; the same picture stripped and re-encoded is recognised by its picture; a file that is no
 * image is refused before it is sent; an unrelated picture is not recognised, on a phone in Japanese.
 * Screenshots: desktop-provenance.png, desktop-provenance-result.png, phone-provenance-ja.png,
 * phone-provenance-ja-result.png.
 */
const suite = serverForFile();
let sampleUuid = '';
let samplePng: Buffer;

beforeAll(async () => {
  sampleUuid = await safeSampleUuid(suite.url);
  const response = await fetch(`${suite.url}/images/${sampleUuid}.png`);
  expect(response.status).toBe(200);
  samplePng = Buffer.from(await response.arrayBuffer());
});

const en = (key: string) => translation('en', 'pages', `provenance.${key}`);
const ja = (key: string) => translation('ja', 'pages', `provenance.${key}`);

describe('the provenance check in Chromium', () => {
  const browser = browserPerTest(suite, { cookiesAnswered: true, noPageErrors: true });

  it('recognises an image made here, then a stripped copy of it, and refuses a file that is not an image', async () => {
    const { page } = browser;
    await page.goto(`${suite.url}/explore`);
    // The footer leads to it, on every page.
    await page.locator('footer a[href="/provenance"]').click();
    await page.getByTestId('provenance-page').waitFor();
    expect(await page.getByTestId('provenance-page').locator('h1').innerText()).toBe(en('heading'));
    await screenshot(page, 'desktop-provenance');

    const input = page.getByTestId('provenance-input');
    await input.setInputFiles({ name: 'found-online.png', mimeType: 'image/png', buffer: samplePng });
    const result = page.getByTestId('provenance-result');
    await result.waitFor();
    expect(await result.getAttribute('data-made')).toBe('true');
    expect(await result.locator('h2').innerText()).toBe(en('result.public_title'));
    expect(await page.getByTestId('provenance-evidence').innerText()).toBe(
      en('evidence.content_credentials'),
    );
    expect(await page.getByTestId('provenance-image').getAttribute('href')).toBe(`/image/${sampleUuid}`);
    await screenshot(page, 'desktop-provenance-result');

    // A copy without its marks, as a re-post makes it.
    await page.getByTestId('provenance-again').click();
    const copy = await sharp(samplePng).jpeg({ quality: 75 }).toBuffer();
    await input.setInputFiles({ name: 'copy.jpg', mimeType: 'image/jpeg', buffer: copy });
    await expect
      .poll(() => page.getByTestId('provenance-evidence').innerText())
      .toBe(en('evidence.similarity'));
    // Its page opens from the answer.
    await page.getByTestId('provenance-image').click();
    await page.getByTestId('image-viewer').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/image/${sampleUuid}`);

    await page.goto(`${suite.url}/provenance`);
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/provenance/check')) sent++;
    });
    await page.getByTestId('provenance-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('a lighthouse at dusk'),
    });
    expect(await page.getByTestId('provenance-error').innerText()).toBe(en('not_image'));
    expect(sent).toBe(0);
  });

  it('on a phone in Japanese: an unrelated picture is not recognised', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await page.goto(`${suite.url}/provenance?lang=ja`);
    await page.getByTestId('provenance-page').waitFor();
    expect(await page.getByTestId('provenance-page').locator('h1').innerText()).toBe(ja('heading'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-provenance-ja');

    // Stripes no engine of the service painted.
    const width = 480;
    const height = 640;
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const value = (Math.floor(x / 40) + Math.floor(y / 90)) % 2 === 0 ? 230 : 30;
        raw.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
    const unrelated = await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    await page
      .getByTestId('provenance-input')
      .setInputFiles({ name: 'stripes.png', mimeType: 'image/png', buffer: unrelated });
    const result = page.getByTestId('provenance-result');
    await result.waitFor();
    expect(await result.getAttribute('data-made')).toBe('false');
    expect(await result.locator('h2').innerText()).toBe(ja('result.none_title'));
    expect(await page.getByTestId('provenance-image').count()).toBe(0);
    await screenshot(page, 'phone-provenance-ja-result');
  });
});
