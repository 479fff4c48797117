import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_FRAME } from '../../src/features/live/stream.ts';
import { previewLease } from '../generation-fixtures.ts';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * The probes (GET /api/health/live, /api/health/ready) and what a draining instance does before its
 * server closes (lifecycle.ts): readiness 503, live streams ended with the reconnect hint, lease waits
 * ended with no job and new leases refused. The dispatcher's re-check is a minute long here, so that only
 * the drain can end a lease's wait within the test.
 */
let t: TestContext;
let broken: TestContext;
beforeAll(async () => {
  // One after the other: two embedded databases loading at once in one worker of a loaded CI machine
  // failed the set-up (twice in clean-clone runs); each alone starts in seconds.
  t = await createTestApp({ deps: { workerRecheckMs: 60_000 } });
  broken = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await broken?.close();
});

/** Resolves once `condition` holds, checking on every turn of the event loop (no fixed sleep). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** A live stream over real HTTP (app.inject waits for an end that an open stream never sends). */
function openStream(base: string, cookie: string) {
  return new Promise<{ status: number; text: () => string; ended: Promise<void>; received: Promise<void> }>(
    (resolve, reject) => {
      // Its own connection, as a browser's EventSource has: the server closes it once a drain ends the stream.
      const request = http.get(`${base}/api/events`, { headers: { cookie }, agent: false });
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        let first: () => void;
        const received = new Promise<void>((resolve) => (first = resolve));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          first();
        });
        const ended = new Promise<void>((end) => response.on('close', end));
        resolve({ status: response.statusCode ?? 0, text: () => text, ended, received });
      });
    },
  );
}

const lease = (token: string, waitSeconds: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/worker/lease',
    headers: { authorization: `Bearer ${token}` },
    payload: { ...previewLease, wait_seconds: waitSeconds },
  });

describe('the probes', () => {
  it('live and ready answer ok, never cached', async () => {
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json(), url).toEqual({ status: 'ok' });
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('ready answers 503 service_unavailable when the database does not answer; live still answers', async () => {
    await broken.database.db.destroy();
    const ready = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ detail: { code: 'service_unavailable', data: { reason: 'database' } } });
    expect(ready.headers['cache-control']).toBe('no-store');
    const live = await broken.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});

describe('a draining instance', () => {
  it('ends streams with the reconnect hint, ends lease waits, refuses leases and is not ready', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client(t.app);
    expect((await client.post('/api/user/create', newAccount())).status).toBe(201);
    const stream = await openStream(base, client.cookieHeader());
    expect(stream.status).toBe(200);
    await stream.received;
    const token = await t.services.workerAuth.issueToken('draining-worker');
    const waiting = lease(token, 25);
    await until(() => t.services.dispatcher.waitingLeases() === 1);

    t.services.drain.begin();

    await stream.ended;
    expect(stream.text()).toMatch(/^retry: 3000\n\n/);
    expect(stream.text().endsWith(SHUTDOWN_FRAME)).toBe(true);
    expect(SHUTDOWN_FRAME).toMatch(/^retry: 1000\n/);
    const waited = await waiting;
    expect(waited.statusCode).toBe(200);
    expect(waited.json()).toEqual({ job: null });

    const refused = await lease(token, 0);
    expect(refused.statusCode).toBe(503);
    expect(codeOf(refused.json())).toBe('service_unavailable');

    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ detail: { code: 'service_unavailable', data: { reason: 'draining' } } });
    expect(ready.headers.connection).toBe('close');
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');

    // A stream opened now (the balancer has not noticed yet) gets the hint alone, and its end.
    const late = await openStream(base, client.cookieHeader());
    expect(late.status).toBe(200);
    await late.ended;
    expect(late.text()).toBe(SHUTDOWN_FRAME);
  });
});
