import { beforeAll, describe, expect, it } from 'vitest';
import { settle } from './support/app.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { axeViolations, pageReady } from './support/firstScreen.ts';
import { newAccount, safeSampleUuid } from './support/gallery.ts';
import { browserPerTest, createAccount, serverForFile } from './support/suite.ts';

/**
 * axe-core (its default rules: WCAG 2.x A and AA, and best practices) on every page a visitor or a member
 * opens first, on a desktop and on a phone: no violation at all (issue 20: accessibility stays at 100 and
 * axe at zero). The cookie banner is part of a guest's first screen, so it is checked too.
 */
const suite = serverForFile();
const account = newAccount('axe');
let sampleUuid = '';

beforeAll(async () => {
  sampleUuid = await safeSampleUuid(suite.url);
  await createAccount(suite.url, account);
});

/** Each page, and what shows it is there (waited for, with no loading placeholder left). */
const GUEST_PAGES = [
  ['/', '#landing-title'],
  ['/explore', '[data-testid="gallery-card"]'],
  ['/create', '[data-testid^="style-option-"] img'],
  ['/account/signin', '[data-testid="field-username"]'],
  ['/account/signup', '[data-testid="field-email"]'],
  ['/image/:uuid', '[data-testid="viewer-image"]'],
  ['/no-such-page', '[data-testid="not-found"]'],
  ['/leaderboard', '[data-testid="leaderboard-select"]'],
] as const;

const MEMBER_PAGES = [
  ['/explore', '[data-testid="gallery-card"]'],
  ['/create', '[data-testid^="style-option-"] img'],
  ['/image/:uuid', '[data-testid="viewer-image"]'],
  ['/collection', '[data-testid="collection-empty"]'],
  ['/creations', '[data-testid="creations-empty"]'],
  ['/settings', '[data-testid="hidden-tags"]'],
  ['/leaderboard', '[data-testid="leaderboard-select"]'],
  ['/daily-tasks', '[data-testid="daily-visit"]'],
] as const;

for (const [form, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  for (const signedIn of [false, true]) {
    describe(`axe, ${form}, ${signedIn ? 'signed in' : 'guest'}`, () => {
      const browser = browserPerTest(suite, {
        viewport,
        isMobile: viewport === PHONE,
        account: signedIn ? () => account : undefined,
      });
      for (const [path, ready] of signedIn ? MEMBER_PAGES : GUEST_PAGES) {
        it(`${path}: no violation`, async () => {
          const { page } = browser;
          await page.goto(`${suite.url}${path.replace(':uuid', sampleUuid)}`);
          await pageReady(page, ready);
          await settle(page);
          const violations = await axeViolations(page);
          expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
        });
      }
    });
  }
}
