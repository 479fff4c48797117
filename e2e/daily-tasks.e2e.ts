import { beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, me, until, waitForPath } from './support/app.ts';
import { PHONE, screenshot } from './support/browser.ts';
import { watchProblems } from './support/firstScreen.ts';
import { newAccount } from './support/gallery.ts';
import { noticeText } from './support/image.ts';
import {
  awayFromUtcMidnight,
  axeViolationsIn,
  editableServerForFile,
  rewindDailyQuest,
} from './support/player.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * The daily quest on /daily-tasks (docs/product/player.md): Visit records the opening and opens the
 * community (chat or forum, kept in a cookie) in a new tab without a handle on this page; a countdown from
 * the server's seconds_left follows. The minute on the server's clock is skipped by moving the opening
 * back in its database (support/player.ts), never slept through: the page then completes the quest by
 * itself, once: +10 tickets. A second visit shows it done, with a link to /tickets.
 * Guests never see it. Screenshots: desktop-daily-waiting.png, phone-daily-done.png.
 */
// The operator's community (COMMUNITY_*_URL): the quest draws the chat or the forum; the footer and the
// avatar menu link all four.
const COMMUNITY_ENV = {
  COMMUNITY_CHAT_URL: 'https://chat.mirage.example/',
  COMMUNITY_FORUM_URL: 'https://forum.mirage.example/',
  COMMUNITY_MICROBLOG_URL: 'https://micro.mirage.example/@mirage',
  COMMUNITY_VIDEO_URL: 'https://video.mirage.example/@mirage',
};
const server = editableServerForFile(COMMUNITY_ENV);
const account = newAccount('quest');
const returning = newAccount('back');
let userId = 0;
let returningId = 0;
const COMMUNITY = /^https:\/\/(chat|forum)\.mirage\.example\/$/;

beforeAll(async () => {
  // Both quests below are opened, moved back 61 s and completed within one UTC day.
  await awayFromUtcMidnight(4);
  userId = await createAccount(server.url, account);
  returningId = await createAccount(server.url, returning);
}, 600_000);

const tickets = async (page: Parameters<typeof me>[0]) => (await me(page, server.url))?.generation_token;

describe('the daily quest in Chromium', () => {
  const browser = browserPerTest(server, {
    account: () => account,
    cookiesAnswered: true,
    noPageErrors: true,
  });
  const quest = () => browser.page.getByTestId('daily-quest');

  it('opens the community, counts down, and once the minute has passed completes itself: +10 tickets, once', async () => {
    const { page, context } = browser.browser;
    const problems = watchProblems(page);
    // The community is another site: answered here, so that the test needs no network.
    await context.route(COMMUNITY, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Community</title><p>Welcome</p>' }),
    );
    await page.goto(`${server.url}/daily-tasks`);
    await expect.poll(() => quest().getAttribute('data-state')).toBe('open');
    const before = await tickets(page);
    // The footer links the whole community, each in a new tab.
    const footer = page.getByTestId('footer-community').getByRole('link');
    expect(
      await footer.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href)),
    ).toEqual(Object.values(COMMUNITY_ENV));
    expect(await footer.first().getAttribute('target')).toBe('_blank');
    expect(await axeViolationsIn(page, ['[data-testid="daily-quest"]'])).toEqual([]);

    const visit = page.getByTestId('daily-visit');
    const place = await visit.getAttribute('data-place');
    expect(await visit.getAttribute('rel')).toContain('noopener');
    const [community] = await Promise.all([context.waitForEvent('page'), visit.click()]);
    await community.waitForLoadState();
    expect(community.url()).toMatch(COMMUNITY);
    expect(community.url()).toContain(`${place}.`);
    expect(await community.evaluate(() => window.opener === null)).toBe(true);
    await community.close();
    expect(await cookieValue(page, server.url, 'daily_quest_community')).toBe(place);

    const countdown = page.getByTestId('daily-countdown');
    await countdown.waitFor();
    const seconds = Number(await countdown.getAttribute('data-seconds'));
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await countdown.innerText()).toMatch(/complete the quest in \d+ s/);
    await screenshot(page, 'desktop-daily-waiting');
    // Coming back while waiting resumes the server's countdown; nothing is paid early.
    await page.reload();
    await countdown.waitFor();
    expect(Number(await countdown.getAttribute('data-seconds'))).toBeLessThanOrEqual(seconds);
    expect(await tickets(page)).toBe(before);
    expect(problems).toEqual([]);

    // The minute passes on the server's clock.
    await page.goto('about:blank');
    await server.edit((db) => rewindDailyQuest(db, userId, 61));

    await page.goto(`${server.url}/daily-tasks`);
    // The restarted server's first page under a loaded CI machine is slow: a minute, and on a miss the
    // page's and the server's states, so that a failure says which side stopped.
    await page
      .getByTestId('daily-done')
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        const shown = await quest().getAttribute('data-state');
        const served = await (await page.request.get(`${server.url}/api/action/daily_quest`)).text();
        throw new Error(`the quest shows ${shown}, the server says ${served}`, { cause: error });
      });
    await expect.poll(() => noticeText(page)).toContain('+10 tickets');
    expect(await tickets(page)).toBe(Number(before) + 10);
    const tracker = page.getByTestId('ticket-count');
    if ((await tracker.count()) > 0)
      await expect.poll(() => tracker.innerText()).toBe(String(Number(before) + 10));

    // Paid once: completing again is refused, and reloading pays nothing more.
    const again = await page.request.post(`${server.url}/api/action/daily_quest`, {
      headers: { origin: server.url },
    });
    expect(again.status()).toBe(409);
    await page.reload();
    await page.getByTestId('daily-done').waitFor();
    expect(await tickets(page)).toBe(Number(before) + 10);
    expect(problems).toEqual([]);
  }, 180_000);
});

describe('a quest already done today', () => {
  const browser = browserPerTest(server, {
    account: () => returning,
    viewport: PHONE,
    isMobile: true,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  it('shows it done, with a link to /tickets, and no Visit', async () => {
    const { page } = browser;
    // Today's quest done through the API: opened, the minute passed on the server's clock, completed.
    const api = (path: string) =>
      page.request.post(`${server.url}${path}`, { headers: { origin: server.url } });
    expect((await api('/api/action/daily_quest/open')).ok()).toBe(true);
    await server.edit((db) => rewindDailyQuest(db, returningId, 61));
    expect((await api('/api/action/daily_quest')).ok()).toBe(true);
    // The first quest unlocks an achievement, whose coins the shell offers over every page until they are
    // claimed: claimed here (once the server has projected it), so that nothing covers the quest.
    await until(
      'the achievement of the first quest',
      async () =>
        (await (await page.request.get(`${server.url}/api/notifications?page=0&size=10`)).json()) as {
          items: { type: string }[];
        },
      (answer) => answer.items.some((item) => item.type === 'achievement'),
    );
    const claimed = await page.request.put(`${server.url}/api/notifications/consume/all/achievement`, {
      data: {},
      headers: { origin: server.url },
    });
    expect(claimed.ok()).toBe(true);

    const problems = watchProblems(page);
    await page.goto(`${server.url}/daily-tasks`);
    const done = page.getByTestId('daily-done');
    await done.waitFor();
    expect(await done.innerText()).toContain('Done! Come back tomorrow.');
    expect(await page.getByTestId('daily-visit').count()).toBe(0);
    expect(await page.getByTestId('daily-tickets-link').getAttribute('href')).toBe('/tickets');
    expect(await axeViolationsIn(page, ['[data-testid="daily-quest"]'])).toEqual([]);
    await screenshot(page, 'phone-daily-done');
    await page.getByTestId('daily-tickets-link').click();
    await waitForPath(page, '/tickets');
    expect(problems).toEqual([]);
  });
});

describe('the daily quest for a guest', () => {
  const browser = browserPerTest(server, { cookiesAnswered: true });

  it('is not for guests: the route guard sends them to the gallery', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/daily-tasks`);
    await waitForPath(page, '/explore');
  });
});
