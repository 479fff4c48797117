import { COOKIE } from '@mirage/domain';
import { getCookie, setCookie } from './cookie.ts';

/**
 * The cookie banner's answer (the `cookie_consent` cookie, docs/product/routes.md#cookies-and-local-storage):
 * 'all', 'essential', or undefined while unanswered. Whatever waits for consent (analytics,
 * docs/product/routes.md#analytics) subscribes here, so that an answer given in this tab counts at once.
 */
export type Consent = 'all' | 'essential';

/** Consent lasts a year; "essential" means only the cookies the service cannot work without. */
const CONSENT_DAYS = 365;

const listeners = new Set<() => void>();

export function getConsent(): Consent | undefined {
  const value = getCookie(COOKIE.cookieConsent);
  return value === 'all' || value === 'essential' ? value : undefined;
}

export function setConsent(value: Consent): void {
  setCookie(COOKIE.cookieConsent, value, CONSENT_DAYS);
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` after each answer given in this tab; returns the unsubscribe (useSyncExternalStore's shape). */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
