/**
 * Route guards of docs/product/routes.md#guards, run before every navigation (root loader). The rules
 * themselves live in
 * @mirage/domain (guardRedirect); this file adds the browser parts: cookies and the referral parameter.
 */
import { COOKIE, COOKIE_DAYS, GALLERY_PATH, guardRedirect, isBotUserAgent } from '@mirage/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { setCookie } from '../features/cookie/cookie.ts';
import { isSignedIn } from '../features/session/session.ts';

const REFERRAL_PARAMS = ['referral', 'ref'] as const;
const REFERRAL_MAX_LENGTH = 64;
/** The login page sends a signed-in user to the gallery (docs/product/accounts.md#sign-in, Login page). */
const SIGNED_OUT_ONLY_PATHS = ['/account/signin', '/account/signup'];

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function guardLoader({ request }: LoaderFunctionArgs): Response | null {
  const url = new URL(request.url);
  const pathname = normalisePath(url.pathname);
  if (pathname === '/oauth' || isBotUserAgent(navigator.userAgent)) return null;
  const signedIn = isSignedIn();

  // A referral parameter leaves the address; a visitor's code is kept for 1 day.
  const referral = REFERRAL_PARAMS.map((name) => url.searchParams.get(name)).find((value) => value !== null);
  if (referral !== undefined) {
    const code = referral?.trim().slice(0, REFERRAL_MAX_LENGTH);
    if (!signedIn && code) setCookie(COOKIE.referralCode, code, COOKIE_DAYS.referral);
    for (const name of REFERRAL_PARAMS) url.searchParams.delete(name);
    const target = guardRedirect({ pathname, signedIn, isBot: false }) ?? `${url.pathname}${url.search}`;
    return redirect(target);
  }

  const target =
    guardRedirect({ pathname, signedIn, isBot: false }) ??
    (signedIn && SIGNED_OUT_ONLY_PATHS.includes(pathname) ? GALLERY_PATH : null);
  return target ? redirect(target) : null;
}
