import { describe, expect, it } from 'vitest';
import {
  balanceOfCurrency,
  CACHED_CURRENCIES,
  CURRENCIES,
  currencyOfBalance,
  dayRef,
  debitedCurrencies,
  isCurrency,
  isLedgerReason,
  LEDGER_REASON,
  overdraftCode,
  postingProblem,
  type LedgerMovement,
} from '../../src/index.ts';

const debit = (overrides: Partial<LedgerMovement> = {}): LedgerMovement => ({
  userId: 7,
  currency: 'tickets',
  delta: -2,
  reason: 'task_debit',
  ref: { type: 'task', id: 'a1b2' },
  ...overrides,
});

describe('currencies', () => {
  it('maps the API balance names to currencies and back', () => {
    expect(currencyOfBalance('generation_token')).toBe('tickets');
    expect(currencyOfBalance('daily_token')).toBe('energy');
    expect(balanceOfCurrency('tickets')).toBe('generation_token');
    expect(balanceOfCurrency('energy')).toBe('daily_token');
    expect(balanceOfCurrency('reward_tokens')).toBeNull();
    expect(CACHED_CURRENCIES).toEqual([
      { currency: 'tickets', balanceField: 'generation_token' },
      { currency: 'energy', balanceField: 'daily_token' },
    ]);
  });

  it('knows its currencies and nothing else', () => {
    expect(CURRENCIES).toEqual(['tickets', 'energy', 'reward_tokens']);
    expect(isCurrency('energy')).toBe(true);
    for (const value of ['generation_token', 'toString', '', 'TICKETS', 3, null]) {
      expect(isCurrency(value)).toBe(false);
    }
  });

  it('refuses an overdraft with the code of the balance that ran short', () => {
    expect(overdraftCode(['tickets'])).toBe('user_insufficient_funds');
    expect(overdraftCode(['energy', 'tickets'])).toBe('insufficient_token_count');
    expect(overdraftCode(['reward_tokens'])).toBe('user_insufficient_funds');
    expect(overdraftCode([])).toBe('user_insufficient_funds');
  });
});

describe('reasons', () => {
  it('are the names the ledger has always written, plus the ones commerce will need', () => {
    expect(LEDGER_REASON.task_debit).toBe('task_debit');
    for (const reason of ['welcome_grant', 'task_refund', 'energy_reset', 'energy_lapsed', 'purchase']) {
      expect(isLedgerReason(reason)).toBe(true);
    }
    for (const value of ['test_debit', 'hasOwnProperty', '', undefined])
      expect(isLedgerReason(value)).toBe(false);
  });
});

describe('postingProblem', () => {
  it('accepts a well-formed posting', () => {
    expect(postingProblem([debit()], 'debit:a1b2')).toBeNull();
    const ref = { type: 'referral' as const, id: '9' };
    const referral: LedgerMovement[] = [
      { userId: 3, currency: 'reward_tokens', delta: 5, reason: 'referral_reward', ref },
      { userId: 9, currency: 'tickets', delta: 5, reason: 'referral_reward', ref },
    ];
    expect(postingProblem(referral, 'referral:9')).toBeNull();
    // energy_reset may go down (more left over than the plan gives).
    expect(
      postingProblem(
        [
          debit({
            currency: 'energy',
            reason: 'energy_reset',
            ref: dayRef(new Date('2026-11-26T13:00:00Z')),
          }),
        ],
        'k',
      ),
    ).toBeNull();
  });

  it.each<[string, LedgerMovement[], string, string]>([
    ['no legs', [], 'k', 'no_movements'],
    [
      'too many legs',
      Array.from({ length: 17 }, (_, i) => debit({ userId: i + 1 })),
      'k',
      'too_many_movements',
    ],
    ['an empty key', [debit()], '', 'bad_key'],
    ['a key over 200 characters', [debit()], 'k'.repeat(201), 'bad_key'],
    ['user 0', [debit({ userId: 0 })], 'k', 'bad_user'],
    ['a fractional user', [debit({ userId: 1.5 })], 'k', 'bad_user'],
    ['an unknown currency', [debit({ currency: 'coins' as never })], 'k', 'bad_currency'],
    ['a zero delta', [debit({ delta: 0 })], 'k', 'bad_delta'],
    ['a fractional delta', [debit({ delta: -1.5 })], 'k', 'bad_delta'],
    ['a delta beyond 32 bits', [debit({ delta: -2_147_483_648 })], 'k', 'bad_delta'],
    ['an unknown reason', [debit({ reason: 'gift' as never })], 'k', 'bad_reason'],
    ['a debit that credits', [debit({ delta: 2 })], 'k', 'wrong_sign'],
    ['a refund that debits', [debit({ reason: 'task_refund' })], 'k', 'wrong_sign'],
    ['a debit without its task', [debit({ ref: { type: 'user', id: '7' } })], 'k', 'wrong_ref'],
    ['an empty reference', [debit({ ref: { type: 'task', id: '' } })], 'k', 'wrong_ref'],
    ['one account twice', [debit(), debit({ delta: -1 })], 'k', 'repeated_account'],
  ])('refuses %s', (_name, movements, key, problem) => {
    expect(postingProblem(movements, key)).toBe(problem);
  });

  it('names the debited currencies once each, in leg order', () => {
    const legs = [
      debit({ currency: 'energy' }),
      debit({ userId: 8, reason: 'task_refund', delta: 2 }),
      debit({ userId: 9 }),
      debit({ userId: 10, currency: 'energy' }),
    ];
    expect(debitedCurrencies(legs)).toEqual(['energy', 'tickets']);
  });

  it('names a UTC day as YYYY-MM-DD', () => {
    expect(dayRef(new Date('2026-11-26T23:59:59Z'))).toEqual({ type: 'day', id: '2026-11-26' });
  });
});
