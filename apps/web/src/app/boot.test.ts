import { APP_VERSION } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../testing/fakeBrowser.ts';
import { checkVersion } from './boot.ts';

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
