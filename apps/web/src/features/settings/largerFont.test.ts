import { describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../../testing/fakeBrowser.ts';
import { applyLargerFont, isLargerFont, setLargerFont } from './largerFont.ts';

function fakeRoot() {
  const attributes = new Map<string, string>();
  return {
    style: { fontSize: '' },
    attributes,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    removeAttribute: (name: string) => void attributes.delete(name),
  };
}

describe('the larger-font preference', () => {
  it('is off without its cookie and on with it', () => {
    installFakeBrowser();
    expect(isLargerFont()).toBe(false);
    installFakeBrowser({ cookies: { larger_font: '1' } });
    expect(isLargerFont()).toBe(true);
  });

  it('scales the root font size by 1.125 and marks the root for the body, and undoes it', () => {
    const root = fakeRoot();
    applyLargerFont(true, root);
    expect(root.style.fontSize).toBe('112.5%');
    expect(root.attributes.has('data-larger-font')).toBe(true);
    applyLargerFont(false, root);
    expect(root.style.fontSize).toBe('');
    expect(root.attributes.has('data-larger-font')).toBe(false);
  });

  it('is remembered for one day and forgotten when switched off', () => {
    const browser = installFakeBrowser();
    const root = fakeRoot();
    setLargerFont(true, root);
    expect(browser.jar.writes.at(-1)).toContain('larger_font=1; Max-Age=86400;');
    expect(isLargerFont()).toBe(true);
    expect(root.style.fontSize).toBe('112.5%');
    setLargerFont(false, root);
    expect(browser.jar.has('larger_font')).toBe(false);
    expect(root.style.fontSize).toBe('');
  });
});
