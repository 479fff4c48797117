import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, newAccount, productionSigningEnv, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      NODE_ENV: 'production',
      COOKIE_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'https://mirage.example',
      SMTP_URL: 'smtp://127.0.0.1:1',
      ...(await productionSigningEnv()),
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('cookies in production', () => {
  it('marks the session and auth cookies Secure', async () => {
    const { status, response } = await new Client(t.app).post('/api/user/create', newAccount());
    expect(status).toBe(201);
    for (const name of ['mirage_session', 'auth']) {
      expect(response.cookies.find((cookie) => cookie.name === name)?.secure).toBe(true);
    }
  });

  it('accepts state-changing calls only from the public origin', async () => {
    const own = await new Client(t.app).post(
      '/api/user/login',
      { username: 'x', pwd: 'y' },
      { origin: 'https://mirage.example' },
    );
    expect(own.status).toBe(401);
    const foreign = await new Client(t.app).post(
      '/api/user/login',
      { username: 'x', pwd: 'y' },
      { origin: 'http://localhost:8080' },
    );
    expect(foreign.status).toBe(403);
  });
});

describe('security headers in production', () => {
  it('ask browsers to upgrade insecure requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
