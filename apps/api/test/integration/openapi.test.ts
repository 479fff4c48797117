import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI documentation', () => {
  it('describes every /api/user call with its body schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = JSON.parse(response.body) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    for (const path of [
      '/api/user/create',
      '/api/user/login',
      '/api/user/logout',
      '/api/user/update',
      '/api/user/send_reset_pwd',
    ]) {
      expect(spec.paths[path]?.post, path).toBeDefined();
    }
    expect(spec.paths['/api/user/me']?.get).toBeDefined();
    expect(JSON.stringify(spec.paths['/api/user/create']?.post?.requestBody)).toContain('username');
  });

  it('serves the documentation page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('metrics', () => {
  it('exposes request durations by route pattern in Prometheus text', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/user/me' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/user\/me",status="401"\} \d+/,
    );
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    try {
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
      const ok = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
