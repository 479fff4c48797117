import type { IncomingMessage } from 'node:http';
import { OAuth2Server, type MutableResponse } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * The whole sign-in flow through our HTTP API against a real OAuth2 server started here:
 * /start (state cookie + redirect) -> provider /authorize -> our /oauth page's POST /login/oauth.
 */
let provider: OAuth2Server;
let t: TestContext;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const base = provider.issuer.url!;
  const endpoints = { authorize: `${base}/authorize`, token: `${base}/token`, userinfo: `${base}/userinfo` };
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      OAUTH_ENDPOINTS: JSON.stringify({ google: endpoints }),
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
afterEach(() => {
  provider.service.removeAllListeners();
});

function userinfo(body: Record<string, unknown>) {
  provider.service.once('beforeUserinfo', (response: MutableResponse, _req: IncomingMessage) => {
    response.body = body;
  });
}

/** Plays the browser: start, follow the provider's redirect, and return what /oauth would receive. */
async function authorize(client: Client) {
  const start = await client.request('GET', '/api/user/login/oauth/google/start');
  expect(start.status).toBe(302);
  const atProvider = await fetch(start.response.headers.location as string, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.pathname).toBe('/oauth');
  return {
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
    provider: back.searchParams.get('provider')!,
  };
}

async function signIn(client: Client) {
  const { code, state, provider: name } = await authorize(client);
  return client.post('/api/user/login/oauth', {
    auth_code: code,
    redirect_uri: 'http://localhost:8080/oauth',
    provider: name,
    state,
  });
}

describe('OAuth sign-in', () => {
  it('lists only configured providers', async () => {
    const { body } = await new Client(t.app).get('/api/user/oauth/providers');
    expect(body).toEqual({ providers: ['google'] });
    const discord = await new Client(t.app).get('/api/user/login/oauth/discord/start');
    expect(discord.status).toBe(404);
    expect(codeOf(discord.body)).toBe('oauth_provider_unavailable');
  });

  it('creates an account on first sign-in, signs it in, and finds it again next time', async () => {
    const subject = `sub-${Date.now()}`;
    const client = new Client(t.app);
    userinfo({ sub: subject, email: `${subject}@example.com`, email_verified: true, name: 'Harbour Keeper' });
    const first = await signIn(client);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.ok).toBe(true);
    const user = first.body.user as { id: number; username: string; email: string; generation_token: number };
    expect(user.username).toBe('HarbourKe'); // 9 characters leave room for a 3-digit suffix
    expect(user.email).toBe(`${subject}@example.com`);
    expect(user.generation_token).toBe(20);
    // The provider checked the address: the account is verified from the start, with no mail to click.
    expect(first.body.user).toMatchObject({ email_verified: true });
    expect(client.cookies.get('auth')).toBe('true');
    expect((await client.get('/api/user/me')).body.id).toBe(user.id);

    const again = new Client(t.app);
    userinfo({ sub: subject, email: `${subject}@example.com`, email_verified: true, name: 'Harbour Keeper' });
    const second = await signIn(again);
    expect((second.body.user as { id: number }).id).toBe(user.id);
  });

  it('never derives a reserved username from the display name', async () => {
    for (const name of ['Admin', 'Mirage Support', 'R00T']) {
      const subject = `reserved-${name.length}-${Date.now()}`;
      userinfo({ sub: subject, email: `${subject}@example.com`, email_verified: true, name });
      const result = await signIn(new Client(t.app));
      expect(result.status, name).toBe(200);
      expect((result.body.user as { username: string }).username, name).toMatch(/^user\d{0,3}$/);
    }
  });

  it('links a verified email to the existing password account, which it verifies', async () => {
    const account = newAccount();
    const created = await new Client(t.app).post('/api/user/create', account);
    expect(created.body.user).toMatchObject({ email_verified: false });
    userinfo({ sub: `linked-${Date.now()}`, email: account.email, email_verified: true, name: 'Someone' });
    const result = await signIn(new Client(t.app));
    expect((result.body.user as { id: number }).id).toBe((created.body.user as { id: number }).id);
    expect(result.body.user).toMatchObject({ email_verified: true });
  });

  it('refuses a wrong or missing state, and an unverified email', async () => {
    const client = new Client(t.app);
    const { code } = await authorize(client);
    const forged = await client.post('/api/user/login/oauth', {
      auth_code: code,
      redirect_uri: '',
      provider: 'google',
      state: 'forged-state',
    });
    expect(forged.status).toBe(400);
    expect(codeOf(forged.body)).toBe('oauth_failed');
    const noCookie = await new Client(t.app).post('/api/user/login/oauth', {
      auth_code: code,
      redirect_uri: '',
      provider: 'google',
      state: 'x',
    });
    expect(codeOf(noCookie.body)).toBe('oauth_failed');

    userinfo({
      sub: `unverified-${Date.now()}`,
      email: 'unverified@example.com',
      email_verified: false,
      name: 'Nobody',
    });
    const unverified = await signIn(new Client(t.app));
    expect(codeOf(unverified.body)).toBe('oauth_failed');
  });

  it('answers oauth_failed when the provider rejects the code', async () => {
    const client = new Client(t.app);
    const { state } = await authorize(client);
    provider.service.once('beforeResponse', (response: MutableResponse) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const result = await client.post('/api/user/login/oauth', {
      auth_code: 'bogus',
      redirect_uri: '',
      provider: 'google',
      state,
    });
    expect(result.status).toBe(400);
    expect(codeOf(result.body)).toBe('oauth_failed');
  });
});
