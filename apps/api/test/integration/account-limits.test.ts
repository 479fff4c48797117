import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mail } from '../../src/mail/mailer.ts';
import {
  Client,
  codeOf,
  createTestApp,
  newAccount,
  recordingMailer,
  startOfNextHour,
  type TestContext,
} from '../harness.ts';

/**
 * Abuse limits on accounts (issue 9 §7, findings M3 and L2): nobody can lock an owner out of login or
 * password reset, successful logins cost nothing, and a stolen session cannot brute-force the password.
 * Each test uses its own loopback addresses, so that the per-address buckets of one test stay out of
 * the others, and starts at the beginning of an hour on the server's clock, so that no fixed window
 * (10 minutes, 1 hour) ends in the middle of a test.
 */
const { mailer, sent } = recordingMailer();

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ deps: { mailer } });
});
afterAll(async () => {
  await t.close();
});
const HOUR_MS = 60 * 60_000;
beforeEach(() => {
  startOfNextHour(t);
});

async function signUp(ip?: string) {
  const account = newAccount();
  const client = new Client(t.app, ip);
  expect((await client.post('/api/user/create', account)).status).toBe(201);
  return { account, client };
}

function login(ip: string, username: string, pwd: string) {
  return new Client(t.app, ip).post('/api/user/login', { username, pwd });
}

describe('login limits', () => {
  it("lets the owner in from another address after an attacker's 10 wrong passwords", async () => {
    const { account } = await signUp();
    const attacker = '127.0.0.2';
    for (let i = 0; i < 10; i++) {
      expect(codeOf((await login(attacker, account.username, `wrong-guess-${i}`)).body)).toBe(
        'incorrect_password',
      );
    }
    const eleventh = await login(attacker, account.username, account.pwd);
    expect(eleventh.status).toBe(429);
    expect(codeOf(eleventh.body)).toBe('spam_protection');
    // The standard Retry-After header says when to try again, as the answer's data does.
    const retryAfter = (eleventh.body.detail as { data: { retry_after: number } }).data.retry_after;
    expect(retryAfter).toBeGreaterThan(0);
    expect(eleventh.response.headers['retry-after']).toBe(String(retryAfter));
    const owner = await login('127.0.0.3', account.username, account.pwd);
    expect(owner.status).toBe(200);
  });

  it('counts the username and the email of one account in one bucket', async () => {
    const { account } = await signUp();
    const attacker = '127.0.1.2';
    for (let i = 0; i < 5; i++) {
      expect((await login(attacker, account.username, `wrong-guess-${i}`)).status).toBe(401);
      expect((await login(attacker, ` ${account.email.toUpperCase()}`, `wrong-guess-${i}`)).status).toBe(401);
    }
    const byEmail = await login(attacker, account.email, 'wrong-guess-x');
    expect(byEmail.status).toBe(429);
    expect(codeOf(byEmail.body)).toBe('spam_protection');
  });

  it('does not count successful logins', async () => {
    const { account } = await signUp();
    const home = '127.0.2.2';
    for (let i = 0; i < 15; i++) expect((await login(home, account.username, account.pwd)).status).toBe(200);
    const typo = await login(home, account.email, 'a-typo-here');
    expect(typo.status).toBe(401);
    expect(codeOf(typo.body)).toBe('incorrect_password');
  });

  it('answers an unknown account exactly like a known one, the limit included', async () => {
    const { account } = await signUp();
    const codesFor = async (ip: string, username: string) => {
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 11; i++) codes.push(codeOf((await login(ip, username, `wrong-guess-${i}`)).body));
      return codes;
    };
    const known = await codesFor('127.0.3.2', account.username);
    const unknown = await codesFor('127.0.3.3', `nobody${account.username.slice(4)}`);
    expect(unknown).toEqual(known);
    expect(known).toEqual([...Array<string>(10).fill('incorrect_password'), 'spam_protection']);
  });
});

describe('password reset limits', () => {
  async function requestReset(ip: string, email: string) {
    const before = sent.length;
    const result = await new Client(t.app, ip).post('/api/user/send_reset_pwd', { email });
    await t.services.outbox.drain();
    // Only reset mails (a new account's verification mail goes out in the first drain).
    return {
      result,
      mails: sent.slice(before).filter((mail) => mail.text.includes('/account/reset?token=')),
    };
  }

  it("answers ok but stops mailing after 3 requests for one account, and the owner's link still works", async () => {
    const { account } = await signUp();
    const answers: { status: number; body: unknown; mailed: boolean }[] = [];
    let lastMail: Mail | undefined;
    for (let i = 0; i < 5; i++) {
      const { result, mails } = await requestReset(`127.0.5.${i + 2}`, account.email);
      answers.push({ status: result.status, body: result.body, mailed: mails.length > 0 });
      lastMail = mails[0] ?? lastMail;
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.every((answer) => JSON.stringify(answer.body) === '{"ok":true}')).toBe(true);
    expect(answers.map((answer) => answer.mailed)).toEqual([true, true, true, false, false]);

    // The owner, from yet another address, uses the link already in the inbox.
    const token = /token=([A-Za-z0-9_-]+)/.exec(lastMail!.text)![1]!;
    const reset = await new Client(t.app, '127.0.5.20').post('/api/user/reset_pwd', {
      token,
      pwd: 'harbour-fog-lantern-3',
    });
    expect(reset.status).toBe(200);
    expect((await login('127.0.5.20', account.username, 'harbour-fog-lantern-3')).status).toBe(200);

    // The next hour mails again.
    t.clock.offsetMs += HOUR_MS;
    expect((await requestReset('127.0.5.21', account.email)).mails).toHaveLength(1);
  });

  it('answers 429 to an address that asks too often, whatever the accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const { result } = await requestReset('127.0.6.2', `nobody-${i}@example.com`);
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('current password checks in /api/user/update', () => {
  it('are limited per account: a stolen session cannot brute-force the password', async () => {
    const { account, client } = await signUp();
    const statuses: number[] = [];
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 40; i++) {
      const result = await client.post('/api/user/update', {
        pwd: 'harbour-fog-lantern-3',
        current_pwd: `wrong-guess-${i}`,
      });
      statuses.push(result.status);
      codes.push(codeOf(result.body));
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(codes.slice(0, 10).every((code) => code === 'incorrect_password')).toBe(true);
    expect(statuses.slice(10)).toEqual(Array<number>(30).fill(429));
    expect(codes.slice(10).every((code) => code === 'spam_protection')).toBe(true);

    // Another session of the same account is limited too (the limit is the account's).
    const otherSession = new Client(t.app);
    await otherSession.post('/api/user/login', { username: account.username, pwd: account.pwd });
    const elsewhere = await otherSession.post('/api/user/update', {
      pwd: 'harbour-fog-lantern-3',
      current_pwd: account.pwd,
    });
    expect(elsewhere.status).toBe(429);

    t.clock.offsetMs += 10 * 60_000;
    const right = await client.post('/api/user/update', {
      pwd: 'harbour-fog-lantern-3',
      current_pwd: account.pwd,
    });
    expect(right.status).toBe(200);
  });

  it('do not count a right current password', async () => {
    const { account, client } = await signUp();
    let current = account.pwd;
    for (let i = 0; i < 12; i++) {
      const next = `harbour-fog-lantern-${i}`;
      const result = await client.post('/api/user/update', { pwd: next, current_pwd: current });
      expect(result.status).toBe(200);
      current = next;
    }
  });
});
