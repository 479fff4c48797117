import { randomUUID } from 'node:crypto';
import { gameEventDefinition } from '@mirage/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGameEventRepository } from '../apps/api/src/features/game-event/index.ts';
import { until } from './support/app.ts';
import { PHONE, screenshot } from './support/browser.ts';
import { watchProblems } from './support/firstScreen.ts';
import { newAccount, waitForSamples } from './support/gallery.ts';
import { noticeText, onImage } from './support/image.ts';
import { axeViolationsIn, editableServerForFile } from './support/player.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * A game event in Chromium (docs/product/player.md#events): the announcement for players and visitors,
 * closed once for good; the hunt in the image viewer paying a hidden image's coins once; the event's card
 * on /daily-tasks. The event is the operator's, written into the server's database (support/player.ts).
 * Screenshots: desktop-event-announcement.png, phone-event-announcement.png, desktop-event-found.png.
 */
const server = editableServerForFile({ GUEST_SAMPLES: 'true' });
const account = newAccount('hunt');
const EVENT_UUID = randomUUID();
let hidden: string[] = [];

beforeAll(async () => {
  await createAccount(server.url, account);
  await waitForSamples(server.url);
  const search = await fetch(`${server.url}/api/gallery/search?page=0&size=24`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: '{}',
  });
  const { items } = (await search.json()) as { items: { uuid: string; nsfw: boolean }[] };
  hidden = items
    .filter((item) => !item.nsfw)
    .map((item) => item.uuid)
    .slice(0, 2);
  expect(hidden).toHaveLength(2);
  const event = gameEventDefinition.parse({
    uuid: EVENT_UUID,
    title: { en: 'Lantern hunt', fr: 'Chasse aux lanternes' },
    description: {
      en: 'Lanterns are hidden in the gallery.',
      fr: 'Des lanternes sont cachées dans la galerie.',
    },
    starts_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString(),
    reward_tokens: 25,
    images: hidden,
  });
  await server.edit((db) => createGameEventRepository(db).load([event]));
}, 180_000);

const announcement = (page: Parameters<typeof noticeText>[0]) => page.getByTestId('event-announcement');

async function coins(page: Parameters<typeof noticeText>[0]): Promise<number> {
  const answer = await page.request.get(`${server.url}/api/player/me`);
  return ((await answer.json()) as { reward_tokens: number }).reward_tokens;
}

describe('a game event for a player', () => {
  const browser = browserPerTest(server, {
    account: () => account,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  it('announces the event, pays a hidden image once in the viewer, and shows progress on /daily-tasks', async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    await page.goto(`${server.url}/explore`);
    await announcement(page).waitFor();
    const card = await announcement(page).innerText();
    expect(card).toContain('Lantern hunt');
    expect(card).toContain('Hidden images: 2 · 25 coins each');
    expect(card).toContain('Found 0 of 2');
    expect(await axeViolationsIn(page, ['[data-testid="event-announcement"]'])).toEqual([]);
    await screenshot(page, 'desktop-event-announcement');

    await page.goto(`${server.url}/image/${hidden[0]}`);
    await onImage(page, hidden[0]!);
    await until(
      'the find notice',
      () => noticeText(page),
      (text) => text.includes('You found a hidden image! +25 coins'),
    );
    expect(await noticeText(page)).toContain('1 of 2 found');
    await screenshot(page, 'desktop-event-found');
    expect(await coins(page)).toBe(25);

    // Opened again (a new page load): nothing more is paid, nothing is said.
    await page.reload();
    await onImage(page, hidden[0]!);
    const event = (await (await page.request.get(`${server.url}/api/event`)).json()) as {
      event: { found: string[] };
    };
    expect(event.event.found).toEqual([hidden[0]]);
    expect(await coins(page)).toBe(25);

    await page.goto(`${server.url}/daily-tasks`);
    // No community configured on this server: the quest sends players to the public gallery.
    expect(await page.getByTestId('daily-visit').getAttribute('href')).toBe('/explore');
    expect(await page.getByTestId('footer-community').count()).toBe(0);
    const progress = page.getByTestId('event-card').getByTestId('event-progress');
    expect(await progress.innerText()).toContain('Found 1 of 2');
    expect(problems).toEqual([]);
  });

  it('closes the announcement for good', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/explore`);
    await announcement(page).waitFor();
    await announcement(page).getByRole('button', { name: 'Close' }).first().click();
    await announcement(page).waitFor({ state: 'detached' });
    await until(
      'the announcement consumed',
      async () =>
        (
          (await (await page.request.get(`${server.url}/api/event`)).json()) as {
            event: { consumed: boolean };
          }
        ).event.consumed,
      (consumed) => consumed,
    );
    await page.reload();
    await page.getByTestId('event-announcement-settled').waitFor({ state: 'attached' });
    expect(await announcement(page).count()).toBe(0);
  });
});

describe('a game event for a visitor on a phone', () => {
  const browser = browserPerTest(server, { viewport: PHONE, isMobile: true, cookiesAnswered: true });

  it('shows the event in the visitor’s language, above the bottom menu, until closed in this browser', async () => {
    const { page } = browser;
    await page.context().addCookies([{ name: 'language', value: 'fr', url: server.url }]);
    await page.goto(`${server.url}/explore`);
    await announcement(page).waitFor();
    const card = await announcement(page).innerText();
    expect(card).toContain('Chasse aux lanternes');
    expect(card).toContain('Images cachées : 2 · 25 pièces chacune');
    expect(card).not.toContain('0 of 2');
    const box = (await announcement(page).boundingBox())!;
    const bar = (await page.getByTestId('mobile-bottom-bar').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    await screenshot(page, 'phone-event-announcement');
    await announcement(page).getByRole('button', { name: 'Fermer' }).first().click();
    await page.reload();
    await page.getByTestId('event-announcement-settled').waitFor({ state: 'attached' });
    expect(await announcement(page).count()).toBe(0);
  });
});
