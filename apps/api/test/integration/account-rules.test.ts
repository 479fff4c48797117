import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, codeOf, createTestApp, newAccount, recordingMailer, type TestContext } from '../harness.ts';

/**
 * Account hygiene (issue 9 §7, finding L9): common passwords are refused with `weak_pwd` wherever a
 * password is chosen, and staff-like or special usernames answer `duplicate_username`.
 */
const { mailer, sent } = recordingMailer();

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ deps: { mailer } });
});
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const client = new Client(t.app);
  const account = newAccount();
  expect((await client.post('/api/user/create', account)).status).toBe(201);
  return { client, account };
}

describe('weak passwords', () => {
  it.each(['password', '12345678', 'aaaaaaaa', 'qwertyui', 'password1', 'iloveyou'])(
    'sign-up refuses %j with weak_pwd',
    async (pwd) => {
      const result = await new Client(t.app).post('/api/user/create', newAccount({ pwd }));
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ detail: { code: 'weak_pwd' } });
    },
  );

  it('sign-up refuses the username or the email as the password, and accepts a passphrase', async () => {
    const account = newAccount();
    for (const pwd of [account.username, account.email, `${account.username}!`]) {
      const result = await new Client(t.app).post('/api/user/create', { ...account, pwd });
      expect(codeOf(result.body), pwd).toBe('weak_pwd');
    }
    const ok = await new Client(t.app).post('/api/user/create', { ...account, pwd: 'correct-horse-1' });
    expect(ok.status).toBe(201);
  });

  it('a password change refuses a weak new password and keeps the old one', async () => {
    const { client, account } = await signedIn();
    // The current password is checked first: a stolen session learns nothing more.
    const wrongCurrent = await client.post('/api/user/update', { pwd: '12345678', current_pwd: 'not-it-1' });
    expect(codeOf(wrongCurrent.body)).toBe('incorrect_password');
    for (const pwd of ['12345678', account.username]) {
      const result = await client.post('/api/user/update', { pwd, current_pwd: account.pwd });
      expect(result.status, pwd).toBe(400);
      expect(codeOf(result.body), pwd).toBe('weak_pwd');
    }
    const login = await new Client(t.app).post('/api/user/login', {
      username: account.username,
      pwd: account.pwd,
    });
    expect(login.status).toBe(200);
  });

  it('a reset refuses a weak password and leaves the link usable for a better one', async () => {
    const { account } = await signedIn();
    const before = sent.length;
    await new Client(t.app).post('/api/user/send_reset_pwd', { email: account.email });
    await t.services.outbox.drain();
    const mail = sent.slice(before).find((each) => each.text.includes('/account/reset?token='));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const weak = await new Client(t.app).post('/api/user/reset_pwd', { token, pwd: 'qwertyui' });
    expect(weak.status).toBe(400);
    expect(codeOf(weak.body)).toBe('weak_pwd');
    const ownName = await new Client(t.app).post('/api/user/reset_pwd', { token, pwd: account.username });
    expect(codeOf(ownName.body)).toBe('weak_pwd');
    const good = await new Client(t.app).post('/api/user/reset_pwd', { token, pwd: 'shipwreck-coral-7' });
    expect(good.status).toBe(200);
    const login = await new Client(t.app).post('/api/user/login', {
      username: account.username,
      pwd: 'shipwreck-coral-7',
    });
    expect(login.status).toBe(200);
  });
});

describe('reserved usernames', () => {
  it.each(['admin', 'Support', 'MODERATOR', 'root', 'mirage', 'adm1n', 'r00t', 'admin_2024', 'mirage_team'])(
    'sign-up refuses %j with duplicate_username',
    async (username) => {
      const result = await new Client(t.app).post('/api/user/create', newAccount({ username }));
      expect(result.status).toBe(409);
      expect(result.body).toEqual({ detail: { code: 'duplicate_username' } });
    },
  );

  it('a username change to a reserved name is refused the same way', async () => {
    const { client } = await signedIn();
    for (const username of ['staff', 'Official', 'sys7em']) {
      const result = await client.post('/api/user/update', { user: { username } });
      expect(result.status, username).toBe(409);
      expect(codeOf(result.body), username).toBe('duplicate_username');
    }
  });

  it('ordinary names that merely contain a staff word are free', async () => {
    for (const username of ['badminton', 'modern', 'supporter']) {
      const suffix = String(Date.now() % 100);
      const name = `${username}${suffix}`.slice(0, 12);
      const result = await new Client(t.app).post('/api/user/create', newAccount({ username: name }));
      expect(result.status, name).toBe(201);
    }
  });
});
