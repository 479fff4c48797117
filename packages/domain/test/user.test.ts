import { describe, expect, it } from 'vitest';
import { createUserBody, hasDailyTickets, isPremium, loginBody, updateUserBody } from '../src/index.ts';

function firstCode(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('sign-up validation', () => {
  const valid = { username: 'lighthouse', email: 'keeper@example.com', pwd: 'dusk-at-sea' };
  it.each([
    [{ username: undefined }, 'required_username'],
    [{ username: '  ' }, 'required_username'],
    [{ username: 'ab' }, 'bad_length_username'],
    [{ username: 'a'.repeat(13) }, 'bad_length_username'],
    [{ username: 'no spaces' }, 'bad_format_username'],
    [{ username: 'emoji😀x' }, 'bad_format_username'],
    [{ email: undefined }, 'required_email'],
    [{ email: 'plainaddress' }, 'bad_format_email'],
    [{ email: `${'a'.repeat(88)}@example.com` }, 'bad_length_email'],
    [{ pwd: undefined }, 'required_pwd'],
    [{ pwd: '1234567' }, 'bad_length_pwd'],
    [{ pwd: 'x'.repeat(33) }, 'bad_length_pwd'],
  ])('%j -> %s', (override, code) => {
    expect(firstCode(createUserBody.safeParse({ ...valid, ...override }))).toBe(code);
  });

  it('accepts the limits and normalises the email to lower case', () => {
    const parsed = createUserBody.parse({ username: 'abc', email: ' Keeper@Example.COM ', pwd: '12345678' });
    expect(parsed.email).toBe('keeper@example.com');
    expect(
      createUserBody.safeParse({ ...valid, username: 'a'.repeat(12), pwd: 'p'.repeat(32) }).success,
    ).toBe(true);
    expect(createUserBody.safeParse({ ...valid, email: `${'a'.repeat(87)}@example.com` }).success).toBe(true);
  });

  it('login needs both fields; update validates each part', () => {
    expect(firstCode(loginBody.safeParse({ pwd: 'x' }))).toBe('required_username');
    expect(firstCode(loginBody.safeParse({ username: 'x' }))).toBe('required_pwd');
    expect(firstCode(updateUserBody.safeParse({ user: { username: 'x' } }))).toBe('bad_length_username');
    expect(firstCode(updateUserBody.safeParse({ pwd: 'short' }))).toBe('bad_length_pwd');
    expect(updateUserBody.safeParse({ user: { lang: 'ja', keep_updated: true } }).success).toBe(true);
  });
});

describe('premium', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('is premium with plan >= 1 or an unexpired pro_expire', () => {
    expect(isPremium({ plan: 0, pro_expire: null }, now)).toBe(false);
    expect(isPremium({ plan: 1, pro_expire: null }, now)).toBe(true);
    expect(isPremium({ plan: 0, pro_expire: '2026-11-22T00:00:00Z' }, now)).toBe(true);
    expect(isPremium({ plan: 0, pro_expire: '2026-11-21T11:59:59Z' }, now)).toBe(false);
  });
  it('has daily tickets when premium and daily_token > 0', () => {
    expect(hasDailyTickets({ plan: 2, pro_expire: null, daily_token: 5 }, now)).toBe(true);
    expect(hasDailyTickets({ plan: 2, pro_expire: null, daily_token: 0 }, now)).toBe(false);
    expect(hasDailyTickets({ plan: 0, pro_expire: null, daily_token: 5 }, now)).toBe(false);
  });
});
