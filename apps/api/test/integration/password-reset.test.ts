import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../src/mail/mailer.ts';
import { Client, codeOf, createTestApp, newAccount, recordingMailer, type TestContext } from '../harness.ts';

const { mailer, sent } = recordingMailer();

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ deps: { mailer } });
});
afterAll(async () => {
  await t.close();
});

async function requestReset(email: string, ip?: string) {
  const before = sent.length;
  const result = await new Client(t.app, ip).post('/api/user/send_reset_pwd', { email });
  await t.services.outbox.drain();
  // Only the reset mail (a new account's verification mail goes out in the same drain).
  const mail = sent.slice(before).find((each) => each.text.includes('/account/reset?token='));
  return { result, mail };
}

function tokenOf(mail: Mail): string {
  const match = /\/account\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

describe('password reset', () => {
  it('answers the same whether or not the address exists, and mails only real accounts', async () => {
    const account = newAccount();
    await new Client(t.app).post('/api/user/create', account);
    const known = await requestReset(account.email.toUpperCase());
    const unknown = await requestReset('nobody-at-all@example.com');
    expect(known.result.status).toBe(200);
    expect(unknown.result.status).toBe(200);
    expect(known.result.body).toEqual(unknown.result.body);
    expect(known.mail?.to).toBe(account.email);
    expect(known.mail?.text).toContain('http://localhost:8080/account/reset?token=');
    expect(unknown.mail).toBeUndefined();
  });

  it('sets a new password from a single-use token and signs out every session', async () => {
    const account = newAccount();
    const session = new Client(t.app);
    await session.post('/api/user/create', account);
    const { mail } = await requestReset(account.email, '192.0.2.50');
    const token = tokenOf(mail!);
    const done = await new Client(t.app).post('/api/user/reset_pwd', { token, pwd: 'brand-new-pass' });
    expect(done.status).toBe(200);
    expect(codeOf((await session.get('/api/user/me')).body)).toBe('token_invalid');
    const login = await new Client(t.app).post('/api/user/login', {
      username: account.username,
      pwd: 'brand-new-pass',
    });
    expect(login.status).toBe(200);
    const again = await new Client(t.app).post('/api/user/reset_pwd', { token, pwd: 'another-pass-2' });
    expect(again.status).toBe(400);
    expect(codeOf(again.body)).toBe('reset_token_invalid');
  });

  it('refuses an expired token, an unknown token and a bad new password', async () => {
    const account = newAccount();
    await new Client(t.app).post('/api/user/create', account);
    const { mail } = await requestReset(account.email, '192.0.2.51');
    const token = tokenOf(mail!);
    const short = await new Client(t.app).post('/api/user/reset_pwd', { token, pwd: 'short' });
    expect(codeOf(short.body)).toBe('bad_length_pwd');
    const unknown = await new Client(t.app).post('/api/user/reset_pwd', {
      token: 'x'.repeat(43),
      pwd: 'long-enough-1',
    });
    expect(codeOf(unknown.body)).toBe('reset_token_invalid');
    t.clock.offsetMs = 60 * 60 * 1000 + 1000;
    try {
      const late = await new Client(t.app).post('/api/user/reset_pwd', { token, pwd: 'long-enough-1' });
      expect(codeOf(late.body)).toBe('reset_token_invalid');
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('validates the email and writes the mail in the account language', async () => {
    const bad = await new Client(t.app).post('/api/user/send_reset_pwd', { email: 'nope' });
    expect(codeOf(bad.body)).toBe('bad_format_email');
    const missing = await new Client(t.app).post('/api/user/send_reset_pwd', {});
    expect(codeOf(missing.body)).toBe('required_email');
    const englishAccount = newAccount();
    await new Client(t.app).post('/api/user/create', englishAccount);
    const germanAccount = newAccount();
    const german = new Client(t.app);
    await german.post('/api/user/create', germanAccount);
    await german.post('/api/user/update', { user: { lang: 'de' } });
    const english = await requestReset(englishAccount.email, '192.0.2.52');
    const { mail } = await requestReset(germanAccount.email, '192.0.2.53');
    expect(english.mail?.subject).toBeTruthy();
    expect(mail?.subject).toBeTruthy();
    expect(mail?.subject).not.toBe(english.mail?.subject);
    expect(mail?.text).toContain(germanAccount.username);
  });
});
