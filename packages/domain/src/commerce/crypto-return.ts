/**
 * The crypto status page (spec §2 "Promo pages and footer": /crypto-payment/{success|cancel}; "if the
 * referrer is not the crypto payment provider it redirects to /explore"). The page only tells the buyer
 * where the payment stands; nothing is granted by visiting it, so the check keeps strangers and stale
 * bookmarks off a page that would mislead them, not money.
 */
export const CRYPTO_RETURN_STATUSES = ['success', 'cancel'] as const;
export type CryptoReturnStatus = (typeof CRYPTO_RETURN_STATUSES)[number];

export function isCryptoReturnStatus(value: unknown): value is CryptoReturnStatus {
  return typeof value === 'string' && (CRYPTO_RETURN_STATUSES as readonly string[]).includes(value);
}

/** The crypto provider's sites (NOWPayments' invoice pages), over https. */
export const CRYPTO_PROVIDER_HOSTS = ['nowpayments.io'] as const;

/** Whether `referrer` (document.referrer) is a page of the crypto provider or one of its subdomains. */
export function cameFromCryptoProvider(referrer: string): boolean {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return CRYPTO_PROVIDER_HOSTS.some((site) => host === site || host.endsWith(`.${site}`));
}
