import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { translation, waitForPath } from './support/app.ts';
import { PHONE, screenshot } from './support/browser.ts';
import { newAccount, safeSampleUuid } from './support/gallery.ts';
import { axeViolationsIn, editableServerForFile } from './support/player.ts';
import { apiSession, grantRole } from './support/staff.ts';
import { browserPerTest, createAccount } from './support/suite.ts';

/**
 * The moderation console at /mod in Chromium (docs/product/moderation-console.md): the operator grants a
 * role with the compiled CLI (`npm run user:role`) into the stopped server's database; the moderator
 * upholds a report another user made (the image is hidden, the report leaves the open queue), bans the
 * reporter from the account's file with a written reason, and finds both in the audit log. A signed-in
 * user without a role is told the console is not for them; a visitor is sent away like from any page that
 * needs an account. At phone width the audit table stacks into cards. Screenshots: desktop-mod-reports,
 * desktop-mod-user, phone-mod-audit.
 */
const server = editableServerForFile({ GUEST_SAMPLES: 'true' });
const moderator = newAccount('kept');
const reporter = newAccount('lark');
const plain = newAccount('anon');
const admin = newAccount('oaks');
const BAN_REASON = 'test reason: reports without grounds';

/** Reports an image as `account` through the API (PUT /api/action/report/4: copyright). */
async function report(baseUrl: string, account: typeof reporter, uuid: string): Promise<void> {
  const answer = await fetch(`${baseUrl}/api/action/report/4`, {
    method: 'PUT',
    headers: {
      origin: baseUrl,
      'content-type': 'application/json',
      cookie: await apiSession(baseUrl, account),
    },
    body: JSON.stringify({ uuid }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/** An English string of the console's namespace, as the app shows it. */
const en = (key: string) => translation('en', 'mod', key);

beforeAll(async () => {
  await createAccount(server.url, moderator);
  await createAccount(server.url, reporter);
  await createAccount(server.url, plain);
  await createAccount(server.url, admin);
  // The samples are painted in the background after start: wait for them before stopping the server.
  const uuid = await safeSampleUuid(server.url);
  await report(server.url, reporter, uuid);
  await server.whileStopped((dataDir) => {
    grantRole(dataDir, moderator.username, 'moderator');
    grantRole(dataDir, admin.username, 'admin');
  });
}, 240_000);

const reportCards = (page: Page) => page.getByTestId('mod-report').filter({ hasText: reporter.username });

describe('the moderation console', () => {
  const browser = browserPerTest(server, {
    account: () => moderator,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  it('upholds a report, bans the reporter with a reason, and shows both in the audit log', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/mod`);
    await page.getByTestId('mod-console').waitFor();
    expect(await page.getByTestId('mod-tab-reports').getAttribute('aria-selected')).toBe('true');
    // A moderator has no balances area, so no adjustment either (checked on the file below).
    await reportCards(page).first().waitFor();
    await screenshot(page, 'desktop-mod-reports');
    expect(await axeViolationsIn(page, ['[data-testid="mod-console"]'])).toEqual([]);
    const card = reportCards(page).first();
    expect(await card.innerText()).toContain('Copyright');
    await card.getByTestId('mod-report-note').fill('test note: copies a protected work');
    await card.getByTestId('mod-approve-hide').click();
    await expect.poll(() => reportCards(page).count(), { timeout: 15_000 }).toBe(0);
    // Decided: it is under "approved", with the image hidden.
    await page.getByTestId('mod-filter-approved').click();
    await reportCards(page).first().waitFor();
    expect(await reportCards(page).first().innerText()).toContain(en('reports.hidden'));

    await page.getByTestId('mod-tab-users').click();
    await page.getByTestId('mod-user-search').fill(reporter.username);
    await page.getByTestId('mod-user-search-submit').click();
    await page.locator(`[data-testid="mod-user-result"][data-username="${reporter.username}"]`).click();
    const file = page.getByTestId('mod-user-file');
    await file.getByTestId('mod-action-ban').waitFor();
    expect(await file.getByTestId('mod-action-adjust').count()).toBe(0);
    await file.getByTestId('mod-action-ban').click();
    const dialog = page.getByTestId('mod-dialog');
    await dialog.waitFor();
    // A reason is required: an empty one is refused in the dialog, which stays open.
    await dialog.getByTestId('mod-dialog-submit').click();
    await dialog.getByText(en('note.too_short')).waitFor();
    await dialog.getByTestId('mod-note').fill(BAN_REASON);
    await dialog.getByTestId('mod-dialog-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => file.getByTestId('mod-user-status').innerText(), { timeout: 15_000 })
      .toBe(en('users.status.banned'));
    expect(await file.getByTestId('mod-action-unban').count()).toBe(1);
    await screenshot(page, 'desktop-mod-user');
    expect(await axeViolationsIn(page, ['[data-testid="mod-console"]'])).toEqual([]);

    await page.getByTestId('mod-tab-audit').click();
    const rows = page.getByTestId('mod-audit-row');
    await rows.first().waitFor();
    // Newest first: the ban, then the upheld report.
    expect(await rows.nth(0).getAttribute('data-action')).toBe('user_banned');
    expect(await rows.nth(0).innerText()).toContain(BAN_REASON);
    expect(await rows.nth(1).getAttribute('data-action')).toBe('report_approved');
    expect(await rows.nth(0).innerText()).toContain(moderator.username);

    // The banned reporter can no longer sign in.
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ username: reporter.username, pwd: reporter.pwd }),
    });
    expect(login.status).not.toBe(200);
  });

  it('moves between tabs with the arrow keys', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/mod`);
    await page.getByTestId('mod-tab-reports').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('mod-tab-images').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'mod-tab-images',
    );
    // Nothing is held on this server (its image check is off): the tab says so.
    await page.getByText(en('images.empty')).waitFor();
    await page.keyboard.press('End');
    await expect.poll(() => page.getByTestId('mod-tab-audit').getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('audit');
  });
});

describe('the moderation console for an admin', () => {
  const browser = browserPerTest(server, {
    account: () => admin,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  it('adds a rule in the Rules tab, changes its words, and finds both in the audit log', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/mod?tab=rules`);
    // The child-safety layer is code, never a rule: the tab says so, and built-in rules have no edit.
    await page.getByTestId('mod-rules-child-safety').waitFor();
    await page.getByTestId('mod-rule').first().waitFor();
    const builtIn = page.getByTestId('mod-rule').filter({ hasText: en('rules.built_in_hint') });
    expect(await builtIn.count()).toBeGreaterThan(0);
    expect(await builtIn.getByTestId('mod-rule-edit').count()).toBe(0);

    await page.getByTestId('mod-rule-add').click();
    const dialog = page.getByTestId('mod-rule-dialog');
    await dialog.waitFor();
    // Nothing written: the words are required, and the field says so.
    await dialog.getByTestId('mod-rule-save').click();
    await dialog.getByText(en('rules.problem.required')).waitFor();
    await dialog.getByTestId('mod-rule-words').fill('teapot');
    await dialog.getByTestId('mod-rule-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const added = page.getByTestId('mod-rule').filter({ hasText: 'teapot' });
    await added.waitFor();

    await added.getByTestId('mod-rule-edit').click();
    await dialog.waitFor();
    await dialog.getByTestId('mod-rule-words').fill('teapot\nkettle');
    await dialog.getByTestId('mod-rule-note').fill('test note: kettles too');
    await dialog.getByTestId('mod-rule-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => added.getByTestId('mod-rule-words').innerText(), { timeout: 15_000 })
      .toContain('teapot, kettle');
    expect(await axeViolationsIn(page, ['[data-testid="mod-console"]'])).toEqual([]);

    await page.getByTestId('mod-tab-audit').click();
    const rows = page.getByTestId('mod-audit-row');
    await rows.first().waitFor();
    expect(await rows.nth(0).getAttribute('data-action')).toBe('rule_updated');
    expect(await rows.nth(0).innerText()).toContain('test note: kettles too');
    expect(await rows.nth(1).getAttribute('data-action')).toBe('rule_created');
  });
});

describe('the moderation console on a phone', () => {
  const browser = browserPerTest(server, {
    account: () => moderator,
    cookiesAnswered: true,
    viewport: PHONE,
    isMobile: true,
  });

  it('stacks the audit table into cards without scrolling sideways', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/mod?tab=audit`);
    const row = page.getByTestId('mod-audit-row').first();
    await row.waitFor();
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The tabs scroll sideways in their own row, with the selected (last) tab scrolled into view.
    const selectedInView = await page.getByRole('tablist').evaluate((list) => {
      const tab = list.querySelector('[aria-selected="true"]')!.getBoundingClientRect();
      const row = list.getBoundingClientRect();
      return tab.left >= row.left - 1 && tab.right <= row.right + 1;
    });
    expect(selectedInView).toBe(true);
    await screenshot(page, 'phone-mod-audit');
  });
});

describe('the moderation console for others', () => {
  const signedIn = browserPerTest(server, { account: () => plain, cookiesAnswered: true });

  it('tells a user without a role that it is not available', async () => {
    const { page } = signedIn;
    await page.goto(`${server.url}/mod`);
    const notice = page.getByTestId('mod-not-available');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(en('not_available.text'));
    expect(await page.getByTestId('mod-console').count()).toBe(0);
  });
});

describe('the moderation console for a visitor', () => {
  const guest = browserPerTest(server, { cookiesAnswered: true });

  it('sends a visitor away like any page that needs an account', async () => {
    const { page } = guest;
    await page.goto(`${server.url}/mod`);
    await waitForPath(page, '/explore');
  });
});

describe('the game events tab for an admin', () => {
  const browser = browserPerTest(server, {
    account: () => admin,
    cookiesAnswered: true,
    noPageErrors: true,
  });

  /**
   * A public gallery image for the event to mark. Not safeSampleUuid: it waits for all 24 samples, and the
   * moderator's test above hid one of them.
   */
  async function publicImageUuid(): Promise<string> {
    const response = await fetch(`${server.url}/api/gallery/search`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: '{}',
    });
    const { items } = (await response.json()) as { items: { uuid: string; nsfw: boolean }[] };
    return items.find((item) => !item.nsfw)!.uuid;
  }

  /** A `datetime-local` value `days` from now, in the browser's (local) time. */
  const localInput = (days: number) => {
    const date = new Date(Date.now() + days * 24 * 60 * 60_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:00`;
  };

  it('schedules an event with the form, after naming what is missing', async () => {
    const { page } = browser;
    const image = await publicImageUuid();
    await page.goto(`${server.url}/mod?tab=events`);
    const form = page.getByTestId('mod-event-form');
    await form.waitFor({ timeout: 15_000 });
    // Nothing written: the form names the missing title before anything is sent.
    await form.getByTestId('mod-event-submit').click();
    await form.getByText(en('events.problem.required')).first().waitFor({ timeout: 15_000 });
    await form.getByTestId('mod-event-title').fill('Lighthouse hunt');
    await form.getByTestId('mod-event-description').fill('Lighthouses are hidden in the gallery.');
    await form.getByTestId('mod-event-starts').fill(localInput(30));
    await form.getByTestId('mod-event-ends').fill(localInput(37));
    await form.getByTestId('mod-event-reward').fill('20');
    await form.getByTestId('mod-event-images').fill(image);
    // A French title in the folded "Translations"; the other languages fall back to English.
    await form.getByTestId('mod-event-translations').locator('summary').click();
    await form.getByTestId('mod-event-title-fr').fill('Chasse aux phares');
    await form.getByTestId('mod-event-submit').click();
    const row = page.getByTestId('mod-event-row').filter({ hasText: 'Lighthouse hunt' });
    await row.waitFor({ timeout: 15_000 });
    const stored = await page.evaluate(async () => {
      const answer = await fetch('/api/mod/events');
      return ((await answer.json()) as { items: { title: Record<string, string> }[] }).items;
    });
    expect(stored.find((item) => item.title.en === 'Lighthouse hunt')?.title).toEqual({
      en: 'Lighthouse hunt',
      fr: 'Chasse aux phares',
    });
    expect(await row.getAttribute('data-state')).toBe('upcoming');
    expect(await row.innerText()).toContain(en('events.state.upcoming'));
    expect(await axeViolationsIn(page, ['[data-testid="mod-console"]'])).toEqual([]);

    await page.getByTestId('mod-tab-audit').click();
    const entry = page.getByTestId('mod-audit-row').filter({ hasText: 'Lighthouse hunt' });
    await entry.first().waitFor({ timeout: 15_000 });
    expect(await entry.first().getAttribute('data-action')).toBe('game_event_created');

    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/mod?tab=events`);
    await row.waitFor({ timeout: 15_000 });
    // At phone width the events table stacks into cards: nothing scrolls sideways.
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-mod-events');
  });
});
