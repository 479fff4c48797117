import { describe, expect, it } from 'vitest';
import { CURRENCY_KEY, defaultCurrency, formatMoney, readCurrency, writeCurrency } from './money.ts';

class MemoryStore {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('the default currency', () => {
  it.each([
    [['fr-FR', 'fr'], 'eur'],
    [['de'], 'eur'],
    [['de-AT', 'en'], 'eur'],
    [['es-ES'], 'eur'],
    [['it-IT'], 'eur'],
    [['en-US', 'fr'], 'usd'],
    [['en-GB'], 'usd'],
    [['ru-RU'], 'usd'],
    [['zh-CN'], 'usd'],
    [['ja'], 'usd'],
    [[], 'usd'],
  ] as const)('%j → %s', (languages, currency) => {
    expect(defaultCurrency(languages)).toBe(currency);
  });
});

describe('the remembered currency', () => {
  it('is the language default until one is chosen, then the choice', () => {
    const store = new MemoryStore();
    expect(readCurrency(['de-DE'], store)).toBe('eur');
    writeCurrency('usd', store);
    expect(store.items.get(CURRENCY_KEY)).toBe('usd');
    expect(readCurrency(['de-DE'], store)).toBe('usd');
  });

  it('ignores a stored value that is no currency of the shop', () => {
    const store = new MemoryStore();
    store.setItem(CURRENCY_KEY, 'gbp');
    expect(readCurrency(['it'], store)).toBe('eur');
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readCurrency(['en'], broken)).toBe('usd');
    expect(() => writeCurrency('eur', broken)).not.toThrow();
  });
});

describe('prices', () => {
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('writes cents in the currency as the language does', () => {
    expect(formatMoney(899, 'usd', 'en')).toBe('$8.99');
    expect(plain(formatMoney(899, 'eur', 'fr'))).toBe('8,99 €');
    expect(plain(formatMoney(8299, 'eur', 'de'))).toBe('82,99 €');
    expect(formatMoney(2499, 'eur', 'en')).toBe('€24.99');
  });

  it('drops the cents of a whole amount', () => {
    expect(formatMoney(0, 'usd', 'en')).toBe('$0');
    expect(formatMoney(1200, 'usd', 'en')).toBe('$12');
  });

  it('falls back to the figure and the code for an unknown currency', () => {
    expect(formatMoney(150, 'x', 'en')).toBe('1.50 X');
  });
});
