import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthProvider } from '@mirage/domain';
import { OAuth2Server, type MutableResponse, type TokenRequestIncomingMessage } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { createOAuthService, type OAuthConfig, type OAuthService } from './service.ts';
import { newState, statesMatch } from './state.ts';

const PUBLIC_URL = 'http://localhost:8080';
const CLIENTS = {
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  DISCORD_CLIENT_ID: 'discord-client',
  DISCORD_CLIENT_SECRET: 'discord-secret',
};

let server: OAuth2Server;
let issuer: string;

beforeAll(async () => {
  server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  issuer = server.issuer.url ?? '';
});
afterAll(() => server.stop());
afterEach(() => {
  server.service.removeAllListeners();
});

function endpointsOf(base: string): { authorize: string; token: string; userinfo: string } {
  return { authorize: `${base}/authorize`, token: `${base}/token`, userinfo: `${base}/userinfo` };
}

function mockConfig(overrides: Partial<OAuthConfig> = {}): OAuthConfig {
  return {
    PUBLIC_URL,
    ...CLIENTS,
    OAUTH_ENDPOINTS: JSON.stringify({ google: endpointsOf(issuer), discord: endpointsOf(issuer) }),
    ...overrides,
  };
}

interface Seen {
  tokenAuthorization?: string;
  tokenBody?: Record<string, unknown>;
  accessToken?: unknown;
  userinfoAuthorization?: string;
}

/** Shapes the next userinfo answer and records what our client sent to the token and userinfo endpoints. */
function expectExchange(userinfo: Record<string, unknown>, status = 200): Seen {
  const seen: Seen = {};
  server.service.once('beforeResponse', (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    seen.tokenAuthorization = req.headers.authorization;
    seen.tokenBody = { ...req.body };
    seen.accessToken = response.body === '' ? undefined : response.body.access_token;
  });
  server.service.once('beforeUserinfo', (response: MutableResponse, req: IncomingMessage) => {
    seen.userinfoAuthorization = req.headers.authorization;
    response.body = userinfo;
    response.statusCode = status;
  });
  return seen;
}

/** The browser's half of the flow: follow the authorization URL once and read the code from the redirect. */
async function authorize(service: OAuthService, provider: OAuthProvider): Promise<string> {
  const state = newState();
  const response = await fetch(service.authorizationUrl(provider, state), { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/oauth`);
  expect(location.searchParams.get('provider')).toBe(provider);
  expect(statesMatch(location.searchParams.get('state'), state)).toBe(true);
  const code = location.searchParams.get('code');
  expect(code).toBeTruthy();
  return code ?? '';
}

async function expectAppError(promise: Promise<unknown>, code: string): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

describe('OAuth service: configuration', () => {
  it('lists only providers with both an id and a secret', () => {
    expect(createOAuthService(mockConfig()).providers()).toEqual(['google', 'discord']);
    const googleOnly = createOAuthService(mockConfig({ DISCORD_CLIENT_SECRET: undefined }));
    expect(googleOnly.providers()).toEqual(['google']);
    const none = createOAuthService(mockConfig({ GOOGLE_CLIENT_ID: '', DISCORD_CLIENT_ID: undefined }));
    expect(none.providers()).toEqual([]);
  });

  it('refuses an unconfigured provider with oauth_provider_unavailable', async () => {
    const service = createOAuthService(mockConfig({ DISCORD_CLIENT_ID: undefined }));
    expect(() => service.authorizationUrl('discord', newState())).toThrow(AppError);
    await expectAppError(
      service.exchange('discord', 'any-code', service.redirectUri('discord')),
      'oauth_provider_unavailable',
    );
  });

  it('builds the redirect URI from PUBLIC_URL', () => {
    const service = createOAuthService(mockConfig({ PUBLIC_URL: 'https://mirage.example/' }));
    expect(service.redirectUri('google')).toBe('https://mirage.example/oauth?provider=google');
    expect(service.redirectUri('discord')).toBe('https://mirage.example/oauth?provider=discord');
  });

  it('uses the real providers by default, with the right scopes', () => {
    const service = createOAuthService({ ...mockConfig(), OAUTH_ENDPOINTS: undefined });
    const google = service.authorizationUrl('google', 'state-1');
    expect(`${google.origin}${google.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(google.searchParams.get('scope')).toBe('openid email profile');
    expect(google.searchParams.get('prompt')).toBe('select_account');
    expect(google.searchParams.get('response_type')).toBe('code');
    expect(google.searchParams.get('client_id')).toBe('google-client');
    expect(google.searchParams.get('state')).toBe('state-1');
    expect(google.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/oauth?provider=google`);
    expect(google.searchParams.has('client_secret')).toBe(false);

    const discord = service.authorizationUrl('discord', 'state-2');
    expect(`${discord.origin}${discord.pathname}`).toBe('https://discord.com/oauth2/authorize');
    expect(discord.searchParams.get('scope')).toBe('identify email');
    expect(discord.searchParams.has('prompt')).toBe(false);
    expect(discord.searchParams.get('client_id')).toBe('discord-client');
  });

  it('merges OAUTH_ENDPOINTS over the defaults and rejects a malformed value', () => {
    const partial = createOAuthService(
      mockConfig({ OAUTH_ENDPOINTS: JSON.stringify({ discord: { authorize: 'http://127.0.0.1:1/auth' } }) }),
    );
    expect(partial.authorizationUrl('discord', 's').origin).toBe('http://127.0.0.1:1');
    expect(partial.authorizationUrl('google', 's').origin).toBe('https://accounts.google.com');
    for (const bad of ['{', '{"google":{"token":"not a url"}}', '{"github":{}}', '[]']) {
      expect(() => createOAuthService(mockConfig({ OAUTH_ENDPOINTS: bad }))).toThrow(ConfigError);
    }
  });
});

describe('OAuth service: code flow against a local OAuth2 server', () => {
  it('signs in with a Google-shaped userinfo', async () => {
    const service = createOAuthService(mockConfig());
    const code = await authorize(service, 'google');
    const seen = expectExchange({
      sub: '110169484474386276334',
      email: 'grace@example.test',
      email_verified: true,
      name: 'Grace Hopper',
    });

    const profile = await service.exchange('google', code, service.redirectUri('google'));

    expect(profile).toEqual({
      provider: 'google',
      subject: '110169484474386276334',
      email: 'grace@example.test',
      emailVerified: true,
      displayName: 'Grace Hopper',
    });
    expect(seen.tokenAuthorization).toBe(basic('google-client', 'google-secret'));
    expect(seen.tokenBody).toMatchObject({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${PUBLIC_URL}/oauth?provider=google`,
    });
    expect(typeof seen.accessToken).toBe('string');
    expect(seen.userinfoAuthorization).toBe(`Bearer ${String(seen.accessToken)}`);
  });

  it('signs in with a Discord-shaped userinfo (global_name, then username)', async () => {
    const service = createOAuthService(mockConfig());
    const code = await authorize(service, 'discord');
    const seen = expectExchange({
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      email: 'nelly@example.test',
      verified: true,
    });
    const profile = await service.exchange('discord', code, service.redirectUri('discord'));
    expect(profile).toEqual({
      provider: 'discord',
      subject: '80351110224678912',
      email: 'nelly@example.test',
      emailVerified: true,
      displayName: 'Nelly',
    });
    expect(seen.tokenAuthorization).toBe(basic('discord-client', 'discord-secret'));
    expect(seen.tokenBody).toMatchObject({ code, redirect_uri: `${PUBLIC_URL}/oauth?provider=discord` });
    expect(seen.userinfoAuthorization).toBe(`Bearer ${String(seen.accessToken)}`);

    const second = await authorize(service, 'discord');
    expectExchange({ id: '42', username: 'plain', global_name: null, email: null, verified: false });
    expect(await service.exchange('discord', second, service.redirectUri('discord'))).toEqual({
      provider: 'discord',
      subject: '42',
      email: null,
      emailVerified: false,
      displayName: 'plain',
    });
  });

  it('does not call an unverified address verified', async () => {
    const service = createOAuthService(mockConfig());
    const code = await authorize(service, 'google');
    expectExchange({ sub: 'abc', email: 'x@example.test', email_verified: false });
    const profile = await service.exchange('google', code, service.redirectUri('google'));
    expect(profile).toMatchObject({
      subject: 'abc',
      email: 'x@example.test',
      emailVerified: false,
      displayName: null,
    });
  });

  it('fails with oauth_failed when the token endpoint rejects the code', async () => {
    const service = createOAuthService(mockConfig());
    server.service.once('beforeResponse', (response: MutableResponse) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    await expectAppError(
      service.exchange('google', 'not-a-real-code', service.redirectUri('google')),
      'oauth_failed',
    );
  });

  it('fails with oauth_failed when the token answer has no access token', async () => {
    const service = createOAuthService(mockConfig());
    server.service.once('beforeResponse', (response: MutableResponse) => {
      response.body = { token_type: 'Bearer' };
    });
    await expectAppError(service.exchange('google', 'code', service.redirectUri('google')), 'oauth_failed');
  });

  it('fails with oauth_failed when the userinfo has no subject', async () => {
    const service = createOAuthService(mockConfig());
    const google = await authorize(service, 'google');
    expectExchange({ email: 'nobody@example.test', email_verified: true, name: 'Nobody' });
    await expectAppError(service.exchange('google', google, service.redirectUri('google')), 'oauth_failed');

    const discord = await authorize(service, 'discord');
    expectExchange({ id: '', username: 'empty' });
    await expectAppError(
      service.exchange('discord', discord, service.redirectUri('discord')),
      'oauth_failed',
    );
  });

  it('fails with oauth_failed when the userinfo endpoint refuses the token', async () => {
    const service = createOAuthService(mockConfig());
    const code = await authorize(service, 'discord');
    expectExchange({ error: 'invalid_token' }, 401);
    await expectAppError(service.exchange('discord', code, service.redirectUri('discord')), 'oauth_failed');
  });
});

describe('OAuth service: network failures', () => {
  let hanging: Server;
  let hangingUrl: string;
  beforeAll(async () => {
    // Accepts connections and never answers.
    hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it('fails with oauth_failed when the token endpoint cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const service = createOAuthService(
      mockConfig({ OAUTH_ENDPOINTS: JSON.stringify({ google: endpointsOf(`http://127.0.0.1:${port}`) }) }),
    );
    await expectAppError(service.exchange('google', 'code', service.redirectUri('google')), 'oauth_failed');
  });

  it('gives up on a token endpoint that does not answer', async () => {
    const service = createOAuthService(
      mockConfig({ OAUTH_ENDPOINTS: JSON.stringify({ google: endpointsOf(hangingUrl) }) }),
      { timeoutMs: 300 },
    );
    const started = Date.now();
    await expectAppError(service.exchange('google', 'code', service.redirectUri('google')), 'oauth_failed');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up on a userinfo endpoint that does not answer', async () => {
    const endpoints = { ...endpointsOf(issuer), userinfo: `${hangingUrl}/userinfo` };
    const service = createOAuthService(
      mockConfig({ OAUTH_ENDPOINTS: JSON.stringify({ discord: endpoints }) }),
      {
        timeoutMs: 300,
      },
    );
    const code = await authorize(service, 'discord');
    const started = Date.now();
    await expectAppError(service.exchange('discord', code, service.redirectUri('discord')), 'oauth_failed');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('OAuth state', () => {
  it('is 32 random bytes in base64url and compares in constant time', () => {
    const a = newState();
    const b = newState();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(statesMatch(a, a)).toBe(true);
    expect(statesMatch(a, b)).toBe(false);
    expect(statesMatch(a, a.slice(0, -1))).toBe(false);
    expect(statesMatch('', '')).toBe(false);
    expect(statesMatch(undefined, a)).toBe(false);
    expect(statesMatch(a, null)).toBe(false);
  });
});
