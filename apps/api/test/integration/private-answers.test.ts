import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, newAccount, productionSigningEnv, type TestContext } from '../harness.ts';

/**
 * Issue 9 §7, finding L7: per-user answers are never stored by browsers or proxies, and the operational
 * endpoints (/metrics, the OpenAPI documentation) are closed in production unless their token is sent.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control', () => {
  it('is no-store on /api/user/me, signed in or not, and on the login answer', async () => {
    const client = new Client(t.app);
    expect((await client.get('/api/user/me')).response.headers['cache-control']).toBe('no-store');
    const account = newAccount();
    const created = await client.post('/api/user/create', account);
    expect(created.response.headers['cache-control']).toBe('no-store');
    const me = await client.get('/api/user/me');
    expect(me.status).toBe(200);
    expect(me.response.headers['cache-control']).toBe('no-store');
    const login = await new Client(t.app).post('/api/user/login', {
      username: account.username,
      pwd: account.pwd,
    });
    expect(login.status).toBe(200);
    expect(login.response.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on every answer whose route chose no policy: errors, unknown paths, encoded paths', async () => {
    const client = new Client(t.app);
    await client.post('/api/user/create', newAccount());
    for (const url of ['/api/does/not/exist', '/api/health', '/%61pi/user/me', '/metrics']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: client.cookieHeader() } });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps the public caching of answers that are the same for everyone', async () => {
    const styles = await new Client(t.app).get('/api/config/styles');
    expect(styles.response.headers['cache-control']).toBe('public, max-age=300');
  });
});

const PRODUCTION = {
  NODE_ENV: 'production',
  COOKIE_SECRET: 'p'.repeat(40),
  PUBLIC_URL: 'https://mirage.example',
  SMTP_URL: 'smtp://127.0.0.1:1',
};
const METRICS_TOKEN = 'metrics-token-0123456789';
const OPERATOR_TOKEN = 'operator-token-0123456789';
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('operational endpoints in production', () => {
  it('are closed without a configured token', async () => {
    const production = await createTestApp({ env: { ...PRODUCTION, ...(await productionSigningEnv()) } });
    try {
      for (const url of ['/metrics', '/api/docs/json', '/api/docs/yaml', '/api/docs/']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(403);
        expect(JSON.parse(response.body), url).toEqual({ detail: { code: 'unauthorized_resource' } });
      }
    } finally {
      await production.close();
    }
  });

  it('open to their token: METRICS_TOKEN for /metrics, OPERATOR_TOKEN (bearer or browser login) for the docs', async () => {
    const production = await createTestApp({
      env: { ...PRODUCTION, ...(await productionSigningEnv()), METRICS_TOKEN, OPERATOR_TOKEN },
    });
    const get = (url: string, authorization?: string) =>
      production.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    try {
      expect((await get('/metrics')).statusCode).toBe(403);
      expect((await get('/metrics', `Bearer ${OPERATOR_TOKEN}`)).statusCode).toBe(403);
      expect((await get('/metrics', `Bearer ${METRICS_TOKEN}`)).statusCode).toBe(200);

      // No credentials: a login challenge, so that a browser asks for them.
      const challenged = await get('/api/docs/json');
      expect(challenged.statusCode).toBe(401);
      expect(challenged.headers['www-authenticate']).toMatch(/^Basic realm="/);
      for (const wrong of [`Bearer ${METRICS_TOKEN}`, basic('operator', 'not-the-token'), 'Bearer ']) {
        expect((await get('/api/docs/json', wrong)).statusCode, wrong).toBe(403);
      }
      const json = await get('/api/docs/json', `Bearer ${OPERATOR_TOKEN}`);
      expect(json.statusCode).toBe(200);
      expect(JSON.parse(json.body)).toHaveProperty('paths./api/user/me');
      const page = await get('/api/docs/', basic('anyone', OPERATOR_TOKEN));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger');
    } finally {
      await production.close();
    }
  });
});
