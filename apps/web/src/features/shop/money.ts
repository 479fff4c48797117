/**
 * Money in the shop (docs/product/commerce.md): the currency a visitor pays in, remembered in this browser,
 * and prices as the visitor's language writes them. Prices are integer cents (GET /api/shop); the same figure
 * is charged in USD or EUR (packages/domain commerce/catalogue.ts).
 */
import { isMoneyCurrency, type MoneyCurrency } from '@mirage/domain';
import { browserStorage } from '../../ui/browserStorage.ts';

export const CURRENCY_KEY = 'mirage:shop-currency';

/** Languages whose speakers mostly pay in euros: their browsers start on EUR, every other one on USD. */
const EURO_LANGUAGES = ['fr', 'de', 'es', 'it'];

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The currency a browser starts on, from its first preferred language ("de-AT" → EUR, "en-GB" → USD). */
export function defaultCurrency(languages: readonly string[]): MoneyCurrency {
  const language = languages[0]?.toLowerCase().split(/[-_]/)[0] ?? '';
  return EURO_LANGUAGES.includes(language) ? 'eur' : 'usd';
}

/** The currency chosen earlier in this browser, else the language's default. */
export function readCurrency(
  languages: readonly string[],
  store: Store | undefined = browserStorage(),
): MoneyCurrency {
  try {
    const stored = store?.getItem(CURRENCY_KEY);
    if (isMoneyCurrency(stored)) return stored;
  } catch {
    // Unreadable storage: the default.
  }
  return defaultCurrency(languages);
}

export function writeCurrency(currency: MoneyCurrency, store: Store | undefined = browserStorage()): void {
  try {
    store?.setItem(CURRENCY_KEY, currency);
  } catch {
    // Quota or privacy settings: the choice then lasts until the page is left.
  }
}

/**
 * "$8.99", "8,99 €", "US$8.99": an amount in cents as `locale` writes it in `currency`; a whole amount
 * without its cents ("$0").
 */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  const whole = cents % 100 === 0;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(cents / 100);
  } catch {
    // An unknown currency or locale: the plain figure and the code.
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}
