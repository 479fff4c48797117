import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/user/create', () => {
  it('creates the account, signs it in and returns the spec User without the password hash', async () => {
    const client = new Client(t.app);
    const account = newAccount();
    const { status, body } = await client.post('/api/user/create', account);
    expect(status).toBe(201);
    const user = body.user as Record<string, unknown>;
    expect(user).toMatchObject({
      username: account.username,
      email: account.email,
      keep_updated: false,
      generation_token: 20,
      tag_setting_ack: false,
      lang: 'en',
      referrer_id: null,
      pro_expire: null,
      daily_token: 0,
      daily_quest_completed: false,
      plan: 0,
      is_premium: false,
      has_daily_tickets: false,
    });
    expect(user.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(JSON.stringify(body)).not.toMatch(/argon2|pwd/);
    expect(client.cookies.get('auth')).toBe('true');
    expect(client.cookies.get('mirage_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await client.get('/api/user/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(account.username);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, for 30 days, and the auth flag readable', async () => {
    const client = new Client(t.app);
    const { response } = await client.post('/api/user/create', newAccount());
    const session = response.cookies.find((c) => c.name === 'mirage_session')!;
    const flag = response.cookies.find((c) => c.name === 'auth')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.secure).toBeFalsy();
    const days = (new Date(session.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(flag.httpOnly).toBeFalsy();
    expect(flag.value).toBe('true');
  });

  it.each([
    [{ username: undefined }, 'required_username'],
    [{ username: '' }, 'required_username'],
    [{ username: 'ab' }, 'bad_length_username'],
    [{ username: 'abcdefghijklm' }, 'bad_length_username'],
    [{ username: 'bad name' }, 'bad_format_username'],
    [{ username: 'héllo' }, 'bad_format_username'],
    [{ email: undefined }, 'required_email'],
    [{ email: '' }, 'required_email'],
    [{ email: 'not-an-email' }, 'bad_format_email'],
    [{ email: `${'a'.repeat(90)}@example.com` }, 'bad_length_email'],
    [{ email: 'someone@mailinator.com' }, 'temp_mail_detected'],
    [{ email: 'someone@sub.yopmail.com' }, 'temp_mail_detected'],
    [{ pwd: undefined }, 'required_pwd'],
    [{ pwd: '' }, 'required_pwd'],
    [{ pwd: 'short' }, 'bad_length_pwd'],
    [{ pwd: 'x'.repeat(33) }, 'bad_length_pwd'],
    [{ referral_code: 'NOSUCHCODE' }, 'referrer_not_found'],
  ])('refuses %j with %s', async (override, code) => {
    const body: Record<string, unknown> = { ...newAccount(), ...override };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const result = await new Client(t.app).post('/api/user/create', body);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ detail: { code } });
  });

  it('accepts the edge lengths: username 3 and 12, password 8 and 32, email of 99 characters', async () => {
    const email = `${'e'.repeat(99 - '@example.com'.length - 1)}x@example.com`;
    expect(email.length).toBe(99);
    for (const account of [
      newAccount({ username: `a${Date.now() % 100}`.padEnd(3, 'z').slice(0, 3), pwd: 'tide-7ox' }),
      newAccount({
        username: `Long_name-${Date.now() % 100}`.slice(0, 12),
        pwd: 'harbour-keeper-at-dusk-over-bay1',
        email,
      }),
    ]) {
      const { status, body } = await new Client(t.app).post('/api/user/create', account);
      expect(status, JSON.stringify(body)).toBe(201);
    }
  });

  it('refuses a username or email already taken, whatever the case', async () => {
    const first = newAccount();
    expect((await new Client(t.app).post('/api/user/create', first)).status).toBe(201);
    const sameName = await new Client(t.app).post(
      '/api/user/create',
      newAccount({ username: first.username.toUpperCase() }),
    );
    expect(sameName.status).toBe(409);
    expect(codeOf(sameName.body)).toBe('duplicate_username');
    const sameEmail = await new Client(t.app).post(
      '/api/user/create',
      newAccount({ email: first.email.toUpperCase() }),
    );
    expect(codeOf(sameEmail.body)).toBe('duplicate_email');
  });

  it('records the referrer when the referral code matches', async () => {
    const referrer = new Client(t.app);
    const created = await referrer.post('/api/user/create', newAccount());
    const code = (created.body.user as { referral_code: string }).referral_code;
    const referred = await new Client(t.app).post(
      '/api/user/create',
      newAccount({ referral_code: code.toLowerCase() }),
    );
    expect(referred.status).toBe(201);
    expect((referred.body.user as { referrer_id: number }).referrer_id).toBe(
      (created.body.user as { id: number }).id,
    );
  });

  it('lets only one of two simultaneous sign-ups with the same username through', async () => {
    const account = newAccount();
    const results = await Promise.all([
      new Client(t.app, '198.51.100.1').post('/api/user/create', account),
      new Client(t.app, '198.51.100.2').post('/api/user/create', {
        ...account,
        email: `other.${account.email}`,
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(codeOf(results.find((r) => r.status === 409)!.body)).toBe('duplicate_username');
  });
});

describe('POST /api/user/login and logout', () => {
  it('signs in with the username or the email (any case) and issues a new token each time', async () => {
    const account = newAccount();
    await new Client(t.app).post('/api/user/create', account);
    const tokens = new Set<string>();
    for (const login of [account.username, account.email.toUpperCase(), account.username.toUpperCase()]) {
      const client = new Client(t.app);
      const { status, body } = await client.post('/api/user/login', { username: login, pwd: account.pwd });
      expect(status).toBe(200);
      expect((body.user as { username: string }).username).toBe(account.username);
      tokens.add(client.cookies.get('mirage_session')!);
    }
    expect(tokens.size).toBe(3);
  });

  it('answers incorrect_password alike for an unknown account and a wrong password', async () => {
    const account = newAccount();
    await new Client(t.app).post('/api/user/create', account);
    for (const username of ['nobody-here', 'nobody@example.com', `${'n'.repeat(95)}@x.io`]) {
      const unknown = await new Client(t.app).post('/api/user/login', { username, pwd: 'whatever1' });
      expect(unknown.status, username).toBe(401);
      expect(unknown.body, username).toEqual({ detail: { code: 'incorrect_password' } });
    }
    const wrong = await new Client(t.app).post('/api/user/login', {
      username: account.username,
      pwd: 'wrong-password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: { code: 'incorrect_password' } });
    const missing = await new Client(t.app).post('/api/user/login', { username: account.username });
    expect(codeOf(missing.body)).toBe('required_pwd');
    const noName = await new Client(t.app).post('/api/user/login', { pwd: 'x' });
    expect(codeOf(noName.body)).toBe('required_username');
  });

  it('refuses a deactivated account with user_not_active, only after a correct password', async () => {
    const account = newAccount();
    const created = await new Client(t.app).post('/api/user/create', account);
    const id = (created.body.user as { id: number }).id;
    await t.database.db.updateTable('app_user').set({ is_active: false }).where('id', '=', id).execute();
    const wrong = await new Client(t.app).post('/api/user/login', {
      username: account.username,
      pwd: 'wrong-password',
    });
    expect(codeOf(wrong.body)).toBe('incorrect_password');
    const right = await new Client(t.app).post('/api/user/login', {
      username: account.username,
      pwd: account.pwd,
    });
    expect(right.status).toBe(403);
    expect(codeOf(right.body)).toBe('user_not_active');
  });

  it('logout revokes the token server-side and clears both cookies', async () => {
    const client = new Client(t.app);
    await client.post('/api/user/create', newAccount());
    const token = client.cookies.get('mirage_session')!;
    const out = await client.post('/api/user/logout');
    expect(out.status).toBe(200);
    expect(client.cookies.has('mirage_session')).toBe(false);
    expect(client.cookies.has('auth')).toBe(false);
    const replay = new Client(t.app);
    replay.cookies.set('mirage_session', token);
    const me = await replay.get('/api/user/me');
    expect(me.status).toBe(401);
    expect(codeOf(me.body)).toBe('token_invalid');
  });
});

describe('GET /api/user/me token errors', () => {
  it('token_missing without a cookie, token_invalid for an unknown token', async () => {
    const missing = await new Client(t.app).get('/api/user/me');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ detail: { code: 'token_missing' } });
    const forged = new Client(t.app);
    forged.cookies.set('mirage_session', 'A'.repeat(43));
    expect(codeOf((await forged.get('/api/user/me')).body)).toBe('token_invalid');
  });

  it('token_expired once the 30 days have passed', async () => {
    const client = new Client(t.app);
    await client.post('/api/user/create', newAccount());
    t.clock.offsetMs = 30 * 86_400_000 + 1000;
    try {
      const me = await client.get('/api/user/me');
      expect(me.status).toBe(401);
      expect(codeOf(me.body)).toBe('token_expired');
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('maintenance', () => {
  it('deletes expired sessions and reset tokens, keeps live ones', async () => {
    const live = new Client(t.app);
    await live.post('/api/user/create', newAccount());
    const countSessions = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('session')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countSessions();
    await t.services.maintenance.runOnce();
    expect(await countSessions()).toBe(before);
    t.clock.offsetMs = 31 * 86_400_000;
    try {
      await t.services.maintenance.runOnce();
      expect(await countSessions()).toBe(0);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});
