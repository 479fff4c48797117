import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterRedeem,
  formatSerialKey,
  normalizeSerialKey,
  PLAN,
  SERIAL_KEY_ALPHABET,
  serialKeyBatchProblem,
  serialKeyCheckCharacter,
  serialKeyFromBytes,
} from '../../src/index.ts';

const bytes = fc.uint8Array({ minLength: 15, maxLength: 15 });
const NOW = new Date('2026-11-27T10:00:00Z');
const DAY = 24 * 60 * 60_000;

describe('serial key codes', () => {
  it('are 16 characters of the alphabet, and read back as themselves', () => {
    fc.assert(
      fc.property(bytes, (random) => {
        const key = serialKeyFromBytes(random);
        expect(key).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
        expect(normalizeSerialKey(key)).toBe(key);
      }),
    );
  });

  it('ignore case, dashes and spaces, and read O as 0 and I, L as 1', () => {
    const key = serialKeyFromBytes(new Uint8Array(15).fill(1)); // 1111 1111 1111 111?
    expect(key.startsWith('111111111111111')).toBe(true);
    expect(normalizeSerialKey(formatSerialKey(key).toLowerCase())).toBe(key);
    expect(normalizeSerialKey(` ${key.slice(0, 8)} ${key.slice(8)} `)).toBe(key);
    expect(normalizeSerialKey('I'.repeat(5) + 'l'.repeat(5) + '1'.repeat(5) + key[15])).toBe(key);
    const zeros = serialKeyFromBytes(new Uint8Array(15));
    expect(normalizeSerialKey('O'.repeat(15) + zeros[15])).toBe(zeros);
    expect(formatSerialKey(key)).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
  });

  it('refuse any single mistyped character', () => {
    fc.assert(
      fc.property(bytes, fc.nat(15), fc.nat(31), (random, position, shift) => {
        const key = serialKeyFromBytes(random);
        const original = SERIAL_KEY_ALPHABET.indexOf(key[position]!);
        const other = SERIAL_KEY_ALPHABET[(original + 1 + (shift % 31)) % 32]!;
        const typo = key.slice(0, position) + other + key.slice(position + 1);
        expect(normalizeSerialKey(typo)).toBeNull();
      }),
    );
  });

  it('refuse two swapped neighbours (all but the 0/Z pair, a limit of Luhn mod 32)', () => {
    fc.assert(
      fc.property(bytes, fc.nat(14), (random, position) => {
        const key = serialKeyFromBytes(random);
        const [a, b] = [key[position]!, key[position + 1]!];
        fc.pre(a !== b && !(a + b === '0Z' || a + b === 'Z0'));
        const swapped = key.slice(0, position) + b + a + key.slice(position + 2);
        expect(normalizeSerialKey(swapped)).toBeNull();
      }),
    );
  });

  it('refuse wrong lengths, foreign characters and absurd input', () => {
    const key = serialKeyFromBytes(new Uint8Array(15).fill(7));
    expect(normalizeSerialKey(key.slice(0, 15))).toBeNull();
    expect(normalizeSerialKey(`${key}0`)).toBeNull();
    expect(normalizeSerialKey(`${key.slice(0, 15)}U`)).toBeNull();
    expect(normalizeSerialKey(`${key.slice(0, 14)}\u0000${key[15]}`)).toBeNull();
    expect(normalizeSerialKey('-'.repeat(10_000))).toBeNull();
    expect(normalizeSerialKey('')).toBeNull();
  });

  it('compute the check character so that the body plus it validates', () => {
    expect(serialKeyCheckCharacter('000000000000000')).toBe('0');
    const body = 'ABCDEFGHJKMNPQR';
    expect(normalizeSerialKey(body + serialKeyCheckCharacter(body))).toBe(
      body + serialKeyCheckCharacter(body),
    );
  });

  it('need 15 random bytes', () => {
    expect(() => serialKeyFromBytes(new Uint8Array(14))).toThrow(RangeError);
  });
});

describe('a batch of keys', () => {
  it('needs a reseller name, tickets or Pro days within bounds, and a count', () => {
    expect(serialKeyBatchProblem({ tickets: 500, proDays: 0 }, 10, 'g2a')).toBeNull();
    expect(serialKeyBatchProblem({ tickets: 0, proDays: 30 }, 1, 'key-shop')).toBeNull();
    expect(serialKeyBatchProblem({ tickets: 0, proDays: 0 }, 1, 'g2a')).toMatch(/tickets or Pro days/);
    expect(serialKeyBatchProblem({ tickets: -1, proDays: 0 }, 1, 'g2a')).toMatch(/tickets/);
    expect(serialKeyBatchProblem({ tickets: 100_001, proDays: 0 }, 1, 'g2a')).toMatch(/tickets/);
    expect(serialKeyBatchProblem({ tickets: 1.5, proDays: 0 }, 1, 'g2a')).toMatch(/tickets/);
    expect(serialKeyBatchProblem({ tickets: 1, proDays: 3651 }, 1, 'g2a')).toMatch(/Pro days/);
    expect(serialKeyBatchProblem({ tickets: 1, proDays: 0 }, 0, 'g2a')).toMatch(/count/);
    expect(serialKeyBatchProblem({ tickets: 1, proDays: 0 }, 100_001, 'g2a')).toMatch(/count/);
    expect(serialKeyBatchProblem({ tickets: 1, proDays: 0 }, 1, 'G2A')).toMatch(/reseller/);
    expect(serialKeyBatchProblem({ tickets: 1, proDays: 0 }, 1, 'a')).toMatch(/reseller/);
    expect(serialKeyBatchProblem({ tickets: 1, proDays: 0 }, 1, '../x')).toMatch(/reseller/);
  });
});

describe('redeeming a key', () => {
  const free = { plan: PLAN.free, pro_expire: null };
  const pro = { plan: PLAN.pro, pro_expire: new Date(NOW.getTime() + 10 * DAY) };
  const basic = { plan: PLAN.basic, pro_expire: new Date(NOW.getTime() + 10 * DAY) };

  it('leaves the plan alone for a tickets-only key, whatever the plan', () => {
    for (const account of [free, pro, basic]) {
      expect(afterRedeem(account, { tickets: 100, proDays: 0 }, false, NOW)).toEqual({ account });
    }
  });

  it('makes a Free account Pro for the days from now, without asking', () => {
    expect(afterRedeem(free, { tickets: 0, proDays: 30 }, false, NOW)).toEqual({
      account: { plan: PLAN.pro, pro_expire: new Date(NOW.getTime() + 30 * DAY) },
    });
    const lapsed = { plan: PLAN.pro, pro_expire: new Date(NOW.getTime() - DAY) };
    expect(afterRedeem(lapsed, { tickets: 0, proDays: 7 }, false, NOW)).toEqual({
      account: { plan: PLAN.pro, pro_expire: new Date(NOW.getTime() + 7 * DAY) },
    });
  });

  it('asks first while Pro runs (already_pro), then extends the expiry', () => {
    expect(afterRedeem(pro, { tickets: 5, proDays: 30 }, false, NOW)).toEqual({ conflict: 'already_pro' });
    expect(afterRedeem(pro, { tickets: 5, proDays: 30 }, true, NOW)).toEqual({
      account: { plan: PLAN.pro, pro_expire: new Date(NOW.getTime() + 40 * DAY) },
    });
  });

  it('asks first while Basic runs (upgrade_from_basic), then converts the Basic days left', () => {
    expect(afterRedeem(basic, { tickets: 0, proDays: 30 }, false, NOW)).toEqual({
      conflict: 'upgrade_from_basic',
    });
    const result = afterRedeem(basic, { tickets: 0, proDays: 30 }, true, NOW);
    if (!('account' in result)) throw new Error('expected an account');
    expect(result.account.plan).toBe(PLAN.pro);
    // 10 Basic days at 11.99/24.99 of a Pro day: about 4.8 days on top of the key's 30.
    const extra = result.account.pro_expire!.getTime() - NOW.getTime() - 30 * DAY;
    expect(extra / DAY).toBeCloseTo((10 * 1199) / 2499, 2);
  });

  it('never replaces a plan granted without expiry', () => {
    const forever = { plan: PLAN.pro, pro_expire: null };
    expect(afterRedeem(forever, { tickets: 0, proDays: 30 }, true, NOW)).toEqual({ account: forever });
    const basicForever = { plan: PLAN.basic, pro_expire: null };
    expect(afterRedeem(basicForever, { tickets: 0, proDays: 30 }, false, NOW)).toEqual({
      conflict: 'upgrade_from_basic',
    });
    expect(afterRedeem(basicForever, { tickets: 0, proDays: 30 }, true, NOW)).toEqual({
      account: basicForever,
    });
  });
});
