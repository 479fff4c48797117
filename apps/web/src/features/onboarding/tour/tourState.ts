/**
 * Whether the product tour is running (docs/product/accounts.md#product-tour). Two marks:
 * - the `tour` cookie (1 day): the user finished or closed it, so it does not start on its own;
 * - a local-storage mark while it is under way, so a reload in the middle shows it again.
 * A small store the shell's onboarding host subscribes to.
 */
import { COOKIE, COOKIE_DAYS } from '@mirage/domain';
import { useSyncExternalStore } from 'react';
import { deleteCookie, getCookie, setCookie } from '../../cookie/index.ts';

const PENDING_KEY = 'mirage:tour-pending';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const isDismissed = () => getCookie(COOKIE.tour) !== undefined;
const isPending = () => storage()?.getItem(PENDING_KEY) === '1';

let active: boolean | undefined;
const listeners = new Set<() => void>();

function set(next: boolean) {
  active = next;
  try {
    if (next) storage()?.setItem(PENDING_KEY, '1');
    else storage()?.removeItem(PENDING_KEY);
  } catch {
    // Storage refused: the tour still runs in this page, it just does not survive a reload.
  }
  for (const listener of listeners) listener();
}

/** The tour is running: it was started here, or was under way when the page (re)loaded and not dismissed. */
export function isTourActive(): boolean {
  active ??= isPending() && !isDismissed();
  return active;
}

/** Starts the tour on its own (after the account setup), unless the user dismissed it within the day. */
export function queueTour(): void {
  if (!isDismissed() && !isTourActive()) set(true);
}

/** Starts the tour because the user asked for it ("Take the tour"): an earlier dismissal does not hold. */
export function startTour(): void {
  deleteCookie(COOKIE.tour);
  set(true);
}

/** Done or closed: the tour ends and stays away for a day (docs/product/limits.md: tour cookie 1 day). */
export function endTour(): void {
  setCookie(COOKIE.tour, '1', COOKIE_DAYS.tour);
  set(false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTourActive(): boolean {
  return useSyncExternalStore(subscribe, isTourActive);
}

/** Tests: forget what this module remembered (the cookie and storage are the test's). */
export function resetTourStateForTests(): void {
  active = undefined;
}
