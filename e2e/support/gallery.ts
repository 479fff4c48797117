import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { acceptCookies, me, until, waitForPath } from './app.ts';

/** Helpers of the gallery specs: the samples, an account with images, and the search API. */

export interface Account {
  username: string;
  email: string;
  pwd: string;
}

/** A fresh account's credentials; `prefix` keeps the username short and readable. */
export function newAccount(prefix: string): Account {
  const stamp = `${Date.now() % 100000}${Math.floor(Math.random() * 90 + 10)}`;
  return { username: `${prefix}${stamp}`, email: `${prefix}${stamp}@example.com`, pwd: 'lighthouse-dusk-3' };
}

/** The id of a free anime style that generates (the generator's default choice in the specs). */
export async function freeAnimeStyle(baseUrl: string): Promise<{ id: number; lib: string }> {
  const styles = (await (await fetch(`${baseUrl}/api/config/styles`)).json()) as {
    id: number;
    lib: string;
    render: string;
    is_free: boolean;
    txt2img: boolean;
  }[];
  const free = styles.find((style) => style.is_free && style.txt2img && style.render === 'hentai');
  if (!free) throw new Error('the catalogue has no free anime style');
  return free;
}

/** Waits until the server has painted its 24 guest samples (in the background after start). */
export async function waitForSamples(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/gallery/search`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) throw new Error(`gallery search: ${response.status} ${await response.text()}`);
    if (((await response.json()) as { items: unknown[] }).items.length >= 24) return;
    if (Date.now() > deadline) throw new Error('the guest samples were not painted within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The uuid of the first curated sample that is not NSFW (a guest sees its full picture), once painted. */
export async function safeSampleUuid(baseUrl: string): Promise<string> {
  await waitForSamples(baseUrl);
  const response = await fetch(`${baseUrl}/api/gallery/search?page=0&size=24`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: '{}',
  });
  const { items } = (await response.json()) as { items: { uuid: string; nsfw: boolean }[] };
  return items.find((item) => !item.nsfw)!.uuid;
}

/** Signs up through the form and lands on /create; the new user's id. */
export async function signUp(page: Page, baseUrl: string, account: Account): Promise<number> {
  await page.goto(`${baseUrl}/account/signup?rel=create`);
  await page.getByTestId('field-username').fill(account.username);
  await page.getByTestId('field-email').fill(account.email);
  await page.getByTestId('field-password').fill(account.pwd);
  await page.getByTestId('submit').click();
  await waitForPath(page, '/create');
  await page.getByTestId('generator').waitFor();
  const id = Number((await me(page, baseUrl))?.id);
  expect(id).toBeGreaterThan(0);
  return id;
}

/**
 * Generates one image on /create (a style chosen) and waits until its task is done. Usable in a
 * `beforeAll` (waits with `until`, not `expect.poll`).
 */
export async function generate(page: Page, prompt: string): Promise<void> {
  const before = await page.getByTestId('task-card').count();
  await page.getByTestId('prompt').fill(prompt);
  const create = page.getByTestId('create-button');
  await until(
    'Create enabled',
    () => create.isEnabled(),
    (enabled) => enabled,
    30_000,
  );
  await create.click();
  const cards = page.getByTestId('task-card');
  await until(
    'task cards',
    () => cards.count(),
    (count) => count === before + 1,
  );
  const state = () => cards.first().getAttribute('data-state');
  await until('the new task done (state 9)', state, (value) => value === '9', 60_000);
}

/** Neutral prompts of two images; only the first has the tags "a lighthouse at dusk" and "harbour". */
export const LIGHTHOUSE = 'a lighthouse at dusk, harbour';
export const FOREST = 'a forest path, fog';

export interface TwoImages {
  userId: number;
  lighthouse: SearchCard;
  forest: SearchCard;
}

/** Signs up on /create, answers the cookie banner, and generates LIGHTHOUSE then FOREST in `styleId`. */
export async function signUpWithTwoImages(
  page: Page,
  baseUrl: string,
  account: Account,
  styleId: number,
): Promise<TwoImages> {
  const userId = await signUp(page, baseUrl, account);
  await acceptCookies(page);
  await page.getByTestId(`style-option-${styleId}`).click();
  await generate(page, LIGHTHOUSE);
  await generate(page, FOREST);
  const mine = await searchGallery(page, baseUrl, `page=0&size=12&author_id=${userId}`, { shuffle: null });
  expect(mine.items).toHaveLength(2);
  return { userId, forest: mine.items[0]!, lighthouse: mine.items[1]! };
}

/** The id of the tag named exactly `name`, through the search panel's autocomplete call. */
export async function tagId(baseUrl: string, name: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/gallery/search/tags?search=${encodeURIComponent(name)}`);
  const { tags } = (await response.json()) as { tags: { id: number; name: string }[] };
  const tag = tags.find((candidate) => candidate.name === name);
  if (!tag) throw new Error(`no tag named ${name}`);
  return tag.id;
}

/** Signs in through the API (the page's cookies), e.g. for a second browser. */
export async function logIn(page: Page, baseUrl: string, account: Account): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/user/login`, {
    data: { username: account.username, pwd: account.pwd },
    headers: { origin: baseUrl },
  });
  expect(response.ok()).toBe(true);
}

export interface SearchCard {
  uuid: string;
  format: string;
  style_id: number;
}

/** POST /api/gallery/search with the page's session. */
export async function searchGallery(page: Page, baseUrl: string, params: string, body: object = {}) {
  const response = await page.request.post(`${baseUrl}/api/gallery/search?${params}`, {
    data: body,
    headers: { origin: baseUrl },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { items: SearchCard[]; total: number };
}

/** The visible kept-alive page (a hidden board keeps its test ids in the DOM). */
export const shownPage = (page: Page) => page.locator('[data-testid="kept-page"]:not([hidden])');

/** The uuids of the cards on the visible board, in order. */
export const boardUuids = (page: Page) =>
  shownPage(page)
    .getByTestId('gallery-card')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-uuid') ?? ''));

/** Picks the first suggestion whose text starts with `name` in a tag combobox. */
export async function pickTag(page: Page, input: string, list: string, typed: string, name: string) {
  const box = page.getByTestId(input);
  await box.click();
  await box.pressSequentially(typed, { delay: 30 });
  const option = page
    .getByTestId(list)
    .getByTestId('search-option')
    .filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d`) });
  await option.first().click();
}

/** Closes every notice (toast), e.g. before a screenshot of what lies under them. */
export async function dismissNotices(page: Page): Promise<void> {
  const close = page.getByTestId('notice').getByRole('button');
  while ((await close.count()) > 0) await close.first().click();
}
