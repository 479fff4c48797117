/**
 * Reseller serial keys (docs/product/commerce.md#serial-keys; decisions "Serial keys", "Redeem
 * conflicts"): codes a key reseller sells, each worth tickets and/or Pro days, redeemed once.
 */
import { effectivePlan } from '../generation/plans.ts';
import { PLAN } from '../plan.ts';
import { convertedMs, type Subscription } from './subscription.ts';

/** Crockford's base32: digits and letters without I, L, O and U (they read as 1, 1, 0 and a curse). */
export const SERIAL_KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 15 random characters (75 bits) and a check character, shown as 4 groups of 4. */
export const SERIAL_KEY_LENGTH = 16;
/** The redeem card enables its button from this many characters typed (spec §5, §9). */
export const SERIAL_KEY_MIN_INPUT = 12;
/** A reseller's short name, the first segment of `/api/{reseller}/redeem/{key}`. */
export const RESELLER_NAME = /^[a-z0-9][a-z0-9-]{1,23}$/;
/** What one key may carry, so a typo in the operator's command cannot mint a fortune. */
export const SERIAL_KEY_MAX_TICKETS = 100_000;
export const SERIAL_KEY_MAX_PRO_DAYS = 3_650;
export const SERIAL_KEY_MAX_BATCH = 100_000;

const DAY_MS = 24 * 60 * 60_000;
const BASE = SERIAL_KEY_ALPHABET.length;

/**
 * The check character of a key body: Luhn mod 32 over the alphabet. It catches every single mistyped
 * character and every swap of two neighbours but 0↔Z, which is what people do when they copy a key by hand.
 * (Crockford's own check symbol is mod 37 and needs five extra symbols; the decision keeps one alphabet.)
 */
export function serialKeyCheckCharacter(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let index = body.length - 1; index >= 0; index -= 1) {
    const addend = factor * SERIAL_KEY_ALPHABET.indexOf(body[index]!);
    sum += Math.floor(addend / BASE) + (addend % BASE);
    factor = factor === 2 ? 1 : 2;
  }
  return SERIAL_KEY_ALPHABET[(BASE - (sum % BASE)) % BASE]!;
}

/**
 * A key as typed or pasted → its canonical 16 characters, or null when it cannot be a key (wrong
 * length, a character outside the alphabet, a wrong check character). Case, dashes and spaces do not
 * matter, and O, I and L are read as 0, 1 and 1 as Crockford's decoding says.
 */
export function normalizeSerialKey(input: string): string | null {
  if (input.length > 64) return null;
  const key = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (key.length !== SERIAL_KEY_LENGTH) return null;
  for (const character of key) if (!SERIAL_KEY_ALPHABET.includes(character)) return null;
  const body = key.slice(0, -1);
  return serialKeyCheckCharacter(body) === key.slice(-1) ? key : null;
}

/** XXXX-XXXX-XXXX-XXXX, the form printed for resellers. */
export function formatSerialKey(key: string): string {
  return key.match(/.{1,4}/g)!.join('-');
}

/** A new key from 15 random bytes (each taken mod 32: 256 is a multiple of 32, so no bias). */
export function serialKeyFromBytes(bytes: Uint8Array): string {
  if (bytes.length < SERIAL_KEY_LENGTH - 1) throw new RangeError('15 random bytes are needed');
  let body = '';
  for (let index = 0; index < SERIAL_KEY_LENGTH - 1; index += 1) {
    body += SERIAL_KEY_ALPHABET[bytes[index]! % BASE];
  }
  return body + serialKeyCheckCharacter(body);
}

/** What a key is worth. */
export interface SerialKeyValue {
  tickets: number;
  proDays: number;
}

/** Why a batch cannot be minted; null when it can. */
export function serialKeyBatchProblem(value: SerialKeyValue, count: number, reseller: string): string | null {
  if (!RESELLER_NAME.test(reseller)) return 'the reseller is 2-24 lowercase letters, digits or dashes';
  const whole = (n: number, max: number) => Number.isSafeInteger(n) && n >= 0 && n <= max;
  if (!whole(value.tickets, SERIAL_KEY_MAX_TICKETS)) return `tickets must be 0-${SERIAL_KEY_MAX_TICKETS}`;
  if (!whole(value.proDays, SERIAL_KEY_MAX_PRO_DAYS)) return `Pro days must be 0-${SERIAL_KEY_MAX_PRO_DAYS}`;
  if (value.tickets === 0 && value.proDays === 0) return 'a key must carry tickets or Pro days';
  if (!whole(count, SERIAL_KEY_MAX_BATCH) || count === 0) return `count must be 1-${SERIAL_KEY_MAX_BATCH}`;
  return null;
}

/** The two conflicts that open the redeem-conflicts modal; the client may then confirm. */
export type RedeemConflict = 'already_pro' | 'upgrade_from_basic';

/**
 * What redeeming a key does to the account's plan (decisions "Redeem conflicts"). Tickets are always
 * credited when the redeem applies; this decides the Pro days:
 * - none in the key: the plan is untouched;
 * - Free: Pro for the key's days from now;
 * - Pro already: `already_pro` unless confirmed, then the days extend the current expiry;
 * - Basic: `upgrade_from_basic` unless confirmed, then Pro starts now for the key's days plus the Basic
 *   days left converted at the price ratio (as a paid upgrade does).
 * A plan the account holds without expiry (an operator's grant) is never shortened or replaced.
 */
export function afterRedeem(
  account: Subscription,
  value: SerialKeyValue,
  confirmed: boolean,
  now: Date,
): { conflict: RedeemConflict } | { account: Subscription } {
  if (value.proDays === 0) return { account };
  const days = value.proDays * DAY_MS;
  const running = effectivePlan(account, now);
  if (running === PLAN.free) {
    return { account: { plan: PLAN.pro, pro_expire: new Date(now.getTime() + days) } };
  }
  if (!confirmed) return { conflict: running === PLAN.pro ? 'already_pro' : 'upgrade_from_basic' };
  const expiry = account.pro_expire;
  if (expiry === null) return { account };
  if (running === PLAN.pro)
    return { account: { plan: PLAN.pro, pro_expire: new Date(expiry.getTime() + days) } };
  const basicLeft = Math.max(0, expiry.getTime() - now.getTime());
  const converted = convertedMs(basicLeft, PLAN.basic, PLAN.pro);
  return { account: { plan: PLAN.pro, pro_expire: new Date(now.getTime() + days + converted) } };
}
