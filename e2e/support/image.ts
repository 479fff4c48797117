import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { rawKeysIn, until, waitForPath } from './app.ts';
import { generate, searchGallery } from './gallery.ts';
import { englishKeys } from './locales.ts';

/** Helpers of the image viewer spec: making images on /create, opening and walking the viewer. */

const IMAGE_KEYS = englishKeys('image');

/** Raw keys on screen: the shared list, plus the viewer's own namespace. */
export const untranslated = (text: string) => [
  ...rawKeysIn(text),
  ...IMAGE_KEYS.filter((key) => key.includes('.') && text.includes(key)),
];

export const viewer = (page: Page) => page.getByTestId('image-viewer');

/** The notices on screen (the shell's live region). */
export const noticeText = (page: Page) => page.getByTestId('notice').innerText();

/**
 * Generates one image on /create (a style chosen), waits until it is done; its uuid from the task card.
 * Usable in a `beforeAll` (waits with `until`, not `expect.poll`).
 */
export async function createImage(page: Page, prompt: string): Promise<string> {
  await generate(page, prompt);
  const create = page.getByTestId('create-button');
  await until(
    'Create enabled again',
    () => create.isEnabled(),
    (enabled) => enabled,
  );
  const href = await page.getByTestId('task-view').first().getAttribute('href');
  const uuid = /^\/image\/([0-9a-f-]{36})$/.exec(href ?? '')?.[1];
  if (!uuid) throw new Error(`no viewer link on the task card: ${href}`);
  return uuid;
}

/** The viewer shows this image (its address changed and it has rendered). */
export async function onImage(page: Page, uuid: string): Promise<void> {
  await waitForPath(page, `/image/${uuid}`);
  await viewer(page).waitFor();
  await expect.poll(() => viewer(page).getAttribute('data-uuid')).toBe(uuid);
}

/** Opens an image from the generator's results. */
export async function openFromResults(page: Page, uuid: string): Promise<void> {
  await page.locator(`[data-testid="task-view"][href="/image/${uuid}"]`).click();
  await onImage(page, uuid);
}

/** The newest public gallery, as the viewer walks it when opened without a board (uuids in order). */
export async function newestBoard(page: Page, baseUrl: string): Promise<string[]> {
  const board = await searchGallery(page, baseUrl, 'page=0&size=48&author_id=0&favorite=false&offset=0');
  return board.items.map((item) => item.uuid);
}

/** Waits until the first `<img>` matching `selector` is in the page and its picture has loaded. */
export async function pictureLoaded(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const image = document.querySelector<HTMLImageElement>(css);
    return image !== null && image.complete && image.naturalWidth > 0;
  }, selector);
}

/** The full WebP has loaded in the viewer. */
export async function imageLoaded(page: Page): Promise<void> {
  const image = page.getByTestId('viewer-image');
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
}

/** Whether the viewer's AI-generated label is the topmost element at its own centre (nothing covers it). */
export function labelUncovered(page: Page): Promise<boolean> {
  return page.getByTestId('viewer-ai-label').evaluate((label) => {
    const box = label.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return box.width > 0 && top !== null && label.contains(top);
  });
}
