import type { BalanceField, InsufficientFundsCode } from '../generation/pricing.ts';

/**
 * What a ledger account holds. Currencies are rows of this table, not columns: adding one is a line
 * here (and, if the API shows it on the user, a cache column), never a new ledger table.
 */
export const CURRENCY = {
  /** Bought or granted; pays any generation. */
  tickets: 'tickets',
  /** The premium plans' daily allowance, set to the plan's value each UTC day. */
  energy: 'energy',
  /** Earned (referrals, rewards) and redeemed later; no API field yet. */
  rewardTokens: 'reward_tokens',
} as const;
export type Currency = (typeof CURRENCY)[keyof typeof CURRENCY];

export interface CurrencyRule {
  /**
   * The name the API (and the `app_user` cache column) gives this balance, or null when the user view
   * does not show it. The ledger account is the truth; the column is a copy kept in the same transaction.
   */
  balanceField: BalanceField | null;
  /** The refusal when a movement would take the balance below zero: the product's existing codes. */
  overdraftCode: InsufficientFundsCode;
}

export const CURRENCY_RULES: Readonly<Record<Currency, CurrencyRule>> = {
  tickets: { balanceField: 'generation_token', overdraftCode: 'user_insufficient_funds' },
  energy: { balanceField: 'daily_token', overdraftCode: 'insufficient_token_count' },
  reward_tokens: { balanceField: null, overdraftCode: 'user_insufficient_funds' },
};

export const CURRENCIES: readonly Currency[] = Object.values(CURRENCY);

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCY_RULES, value);
}

/** The currency behind an API balance name (`generation_token` → tickets, `daily_token` → energy). */
export function currencyOfBalance(balance: BalanceField): Currency {
  const found = CURRENCIES.find((currency) => CURRENCY_RULES[currency].balanceField === balance);
  if (!found) throw new Error(`no currency for balance ${balance}`);
  return found;
}

/** The API balance name of a currency, or null when the user view does not show it. */
export function balanceOfCurrency(currency: Currency): BalanceField | null {
  return CURRENCY_RULES[currency].balanceField;
}

/** Currencies mirrored on the user row, with their column names. */
export const CACHED_CURRENCIES: readonly { currency: Currency; balanceField: BalanceField }[] =
  CURRENCIES.flatMap((currency) => {
    const balanceField = CURRENCY_RULES[currency].balanceField;
    return balanceField ? [{ currency, balanceField }] : [];
  });

/** The code that refuses an overdraft of these currencies (the first one named decides). */
export function overdraftCode(currencies: readonly Currency[]): InsufficientFundsCode {
  const first = currencies[0];
  return first ? CURRENCY_RULES[first].overdraftCode : 'user_insufficient_funds';
}
