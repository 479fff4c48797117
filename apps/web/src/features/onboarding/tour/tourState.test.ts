import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../../../testing/fakeBrowser.ts';
import { endTour, isTourActive, queueTour, resetTourStateForTests, startTour } from './tourState.ts';

/** A new page load: the module forgets, the cookie and storage stay. */
const reload = () => resetTourStateForTests();

describe('the product tour state', () => {
  beforeEach(() => reload());

  it('starts after the account setup and survives a reload until it ends', () => {
    installFakeBrowser();
    expect(isTourActive()).toBe(false);
    queueTour();
    expect(isTourActive()).toBe(true);
    reload();
    expect(isTourActive()).toBe(true);
  });

  it('ends with the tour cookie for one day, so a reload does not show it', () => {
    const browser = installFakeBrowser();
    queueTour();
    endTour();
    expect(isTourActive()).toBe(false);
    expect(browser.jar.writes.at(-1)).toContain('tour=1; Max-Age=86400;');
    reload();
    expect(isTourActive()).toBe(false);
  });

  it('does not start on its own within the day after a dismissal', () => {
    installFakeBrowser({ cookies: { tour: '1' } });
    queueTour();
    expect(isTourActive()).toBe(false);
  });

  it('starts when asked for even after a dismissal', () => {
    const browser = installFakeBrowser({ cookies: { tour: '1' } });
    startTour();
    expect(isTourActive()).toBe(true);
    expect(browser.jar.has('tour')).toBe(false);
    reload();
    expect(isTourActive()).toBe(true);
  });
});
