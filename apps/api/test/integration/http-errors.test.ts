import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeOf, createTestApp, newAccount, startOfNextHour, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('error shape', () => {
  it('answers unknown /api paths with 404 not_found', async () => {
    const result = await new Client(t.app).get('/api/does/not/exist');
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ detail: { code: 'not_found', data: { path: '/api/does/not/exist' } } });
  });

  it('answers malformed JSON and a missing body with a 400 code, never a 500', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(codeOf(JSON.parse(broken.body) as Record<string, unknown>)).toBe('validation_error');
    const empty = await t.app.inject({ method: 'POST', url: '/api/user/create' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.parse(empty.body)).toHaveProperty('detail.code');
    const wrongType = await new Client(t.app).post('/api/user/create', { username: 42, email: [], pwd: {} });
    expect(wrongType.status).toBe(400);
    expect(codeOf(wrongType.body)).toBe('required_username');
  });
});

describe('foreign origins', () => {
  it('refuses a state-changing call from another site, allows our own origin', async () => {
    const foreign = await new Client(t.app).post('/api/user/create', newAccount(), {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(codeOf(foreign.body)).toBe('forbidden_origin');
    const own = await new Client(t.app).post('/api/user/create', newAccount(), {
      origin: 'http://localhost:8080',
    });
    expect(own.status).toBe(201);
  });

  it('lets reads through from anywhere', async () => {
    const result = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(result.statusCode).toBe(200);
  });
});

describe('spam_protection', () => {
  // Fixed windows: each count starts just after one begins (a loaded CI run once crossed a window's end).
  beforeEach(() => startOfNextHour(t));
  // Per account and address, reset mails per account, current passwords: account-limits.test.ts.
  it('limits login attempts per IP across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const result = await new Client(t.app, '10.2.0.1').post('/api/user/login', {
        username: `ghost${i}`,
        pwd: 'whatever1',
      });
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits sign-ups per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await new Client(t.app, '10.3.0.1').post('/api/user/create', newAccount())).status);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('security headers', () => {
  it('come with every answer, errors included: the content security policy, no framing, no sniffing', async () => {
    for (const url of ['/api/health', '/api/does/not/exist']) {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = response.headers['content-security-policy'];
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("img-src 'self' data: blob:");
      expect(policy).toContain("frame-ancestors 'none'");
      // Not in development: upgrade-insecure-requests would break http://localhost.
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['permissions-policy']).toContain('geolocation=()');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it("allow scripts from the site only: no 'unsafe-eval', no inline scripts", async () => {
    for (const url of ['/api/health', '/api/does/not/exist']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      const directives = policy.split(';').map((directive) => directive.trim());
      expect(directives).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
      // The whole script-src directive: nothing beside 'self' (script-src-attr 'none' is another directive).
      expect(directives.filter((d) => d.split(' ')[0] === 'script-src')).toEqual(["script-src 'self'"]);
    }
  });
});
