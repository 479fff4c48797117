/**
 * The larger-font preference (docs/product/accounts.md#settings-page): a cookie that lasts a day
 * (docs/product/limits.md: larger font 1 day) and, while set, scales the root font size by
 * LARGER_FONT_SCALE, so that everything sized in rem grows with it. boot.ts applies it before the app's
 * first render; the settings page's switch changes it at once.
 */
import { COOKIE, COOKIE_DAYS, LARGER_FONT_SCALE } from '@mirage/domain';
import { deleteCookie, getCookie, setCookie } from '../cookie/index.ts';

const ATTRIBUTE = 'data-larger-font';

/** The root element as far as this module needs it (tests pass a stand-in). */
interface Root {
  style: { fontSize: string };
  setAttribute: (name: string, value: string) => void;
  removeAttribute: (name: string) => void;
}

export function isLargerFont(): boolean {
  return getCookie(COOKIE.largerFont) === '1';
}

/** Scales the root font size (the body follows it: ui/global.css) or puts it back. */
export function applyLargerFont(on: boolean = isLargerFont(), root: Root = document.documentElement): void {
  if (on) {
    root.style.fontSize = `${LARGER_FONT_SCALE * 100}%`;
    root.setAttribute(ATTRIBUTE, '');
  } else {
    root.style.fontSize = '';
    root.removeAttribute(ATTRIBUTE);
  }
}

/** The switch: remembered for a day, applied now. */
export function setLargerFont(on: boolean, root?: Root): void {
  if (on) setCookie(COOKIE.largerFont, '1', COOKIE_DAYS.largerFont);
  else deleteCookie(COOKIE.largerFont);
  applyLargerFont(on, root);
}
