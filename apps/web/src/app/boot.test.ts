import { APP_VERSION } from '@mirage/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../testing/fakeBrowser.ts';
import { BOOT_ORDER, bootSteps, checkVersion, runBoot, type BootSteps } from './boot.ts';

describe('checkVersion', () => {
  it('on a new version clears local storage and the selected styles, and remembers the version', () => {
    const browser = installFakeBrowser({ cookies: { version: '0.9', selected_styles: '1,2', auth: 'true' } });
    browser.localStorage.setItem('draft', 'x');
    checkVersion();
    expect(browser.localStorage.length).toBe(0);
    expect(browser.jar.has('selected_styles')).toBe(false);
    expect(browser.jar.has('auth')).toBe(true);
    expect(browser.jar.cookie).toContain(`version=${APP_VERSION}`);
  });

  it('leaves everything alone on the same version', () => {
    const browser = installFakeBrowser({ cookies: { version: APP_VERSION, selected_styles: '1,2' } });
    browser.localStorage.setItem('draft', 'x');
    checkVersion();
    expect(browser.localStorage.getItem('draft')).toBe('x');
    expect(browser.jar.has('selected_styles')).toBe(true);
    expect(browser.jar.writes).toEqual([]);
  });
});

describe('the startup order', () => {
  it('is the spec’s: locale, version check, graphic styles, user refresh, another step, modifiers', () => {
    expect(BOOT_ORDER).toEqual(['locale', 'version', 'styles', 'user', 'preferences', 'modifiers']);
  });

  it('starts every step in that order without waiting for the slow ones, then waits for all', async () => {
    const started: string[] = [];
    let finishLocale: () => void = () => undefined;
    const steps = Object.fromEntries(
      BOOT_ORDER.map((name) => [
        name,
        () => {
          started.push(name);
          if (name === 'locale') return new Promise<void>((resolve) => (finishLocale = resolve));
        },
      ]),
    ) as BootSteps;
    let done = false;
    const booting = runBoot(steps).then(() => (done = true));
    expect(started).toEqual([...BOOT_ORDER]);
    await Promise.resolve();
    expect(done).toBe(false);
    finishLocale();
    await booting;
    expect(done).toBe(true);
  });

  it('hands each name its own step', () => {
    installFakeBrowser({ cookies: { version: APP_VERSION } });
    const steps = bootSteps(new QueryClient());
    expect(Object.keys(steps).sort()).toEqual([...BOOT_ORDER].sort());
  });
});
