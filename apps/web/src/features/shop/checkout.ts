/** The checkout's pure rules: whether to ask how to pay, and where the provider's answer leads. */
import type { Answer } from '@mirage/contract';

export type ProviderId = Answer<'getShop'>['providers'][number];

/** The buyer picks a method only when the shop offers more than one (on a laptop: the sandbox alone). */
export function needsMethodChoice(providers: readonly ProviderId[]): boolean {
  return providers.length > 1;
}

/**
 * Where a checkout's address leads: a real provider's page (absolute, left with a full navigation) or the
 * sandbox's page of this app (a path, opened by the router).
 */
export function checkoutTarget(
  redirectUrl: string,
): { kind: 'route'; path: string } | { kind: 'external'; url: string } {
  if (redirectUrl.startsWith('/') && !redirectUrl.startsWith('//'))
    return { kind: 'route', path: redirectUrl };
  return { kind: 'external', url: redirectUrl };
}

/**
 * A crypto payment is explained before the buyer leaves (spec §2 "crypto confirmation" modal): it is paid
 * on the provider's page in a coin, arrives after confirmations, and never renews.
 */
export function needsCryptoConfirmation(provider: ProviderId): boolean {
  return provider === 'nowpayments';
}
