import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const client = new Client(t.app);
  const account = newAccount();
  await client.post('/api/user/create', account);
  return { client, account };
}

describe('POST /api/user/update', () => {
  it('changes username, keep_updated and lang', async () => {
    const { client } = await signedIn();
    const name = newAccount().username;
    const { status, body } = await client.post('/api/user/update', {
      user: { username: name, keep_updated: true, lang: 'ja' },
    });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ username: name, keep_updated: true, lang: 'ja' });
    const me = await client.get('/api/user/me');
    expect(me.body).toMatchObject({ username: name, keep_updated: true, lang: 'ja' });
  });

  it.each([
    [{ user: { username: 'ab' } }, 'bad_length_username'],
    [{ user: { username: 'has space' } }, 'bad_format_username'],
    [{ user: { username: '' } }, 'required_username'],
    [{ user: { lang: 'xx' } }, 'validation_error'],
    [{ user: { keep_updated: 'yes' } }, 'validation_error'],
    [{ pwd: 'short', current_pwd: 'whatever' }, 'bad_length_pwd'],
    [{ pwd: '', current_pwd: 'whatever' }, 'required_pwd'],
  ])('refuses %j with %s', async (body, code) => {
    const { client } = await signedIn();
    const result = await client.post('/api/user/update', body);
    expect(result.status).toBe(400);
    expect(codeOf(result.body)).toBe(code);
  });

  it('refuses a username that another account has (any case), but keeps your own', async () => {
    const other = await signedIn();
    const { client, account } = await signedIn();
    const taken = await client.post('/api/user/update', {
      user: { username: other.account.username.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(codeOf(taken.body)).toBe('duplicate_username');
    const same = await client.post('/api/user/update', { user: { username: account.username } });
    expect(same.status).toBe(200);
  });

  it('changes the password only with the current one, and signs out other devices', async () => {
    const { client, account } = await signedIn();
    const otherDevice = new Client(t.app);
    await otherDevice.post('/api/user/login', { username: account.username, pwd: account.pwd });
    const wrong = await client.post('/api/user/update', {
      pwd: 'new-password-1',
      current_pwd: 'not-it-at-all',
    });
    expect(codeOf(wrong.body)).toBe('incorrect_password');
    const ok = await client.post('/api/user/update', { pwd: 'new-password-1', current_pwd: account.pwd });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/user/me')).status).toBe(200);
    expect(codeOf((await otherDevice.get('/api/user/me')).body)).toBe('token_invalid');
    const oldLogin = await new Client(t.app).post('/api/user/login', {
      username: account.username,
      pwd: account.pwd,
    });
    expect(codeOf(oldLogin.body)).toBe('incorrect_password');
    const newLogin = await new Client(t.app).post('/api/user/login', {
      username: account.username,
      pwd: 'new-password-1',
    });
    expect(newLogin.status).toBe(200);
  });

  it('needs a session', async () => {
    const result = await new Client(t.app).post('/api/user/update', { user: { keep_updated: true } });
    expect(result.status).toBe(401);
    expect(codeOf(result.body)).toBe('token_missing');
  });
});
