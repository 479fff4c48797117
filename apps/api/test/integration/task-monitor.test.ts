import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';
import { openSseStream, type SseStream } from '../sse-stream.ts';

/**
 * The live task stream, GET /api/tasks/monitor (issue 9 §7, finding L10): HEAD ends, each user has a
 * bounded number of streams, and a stream ends as soon as its session is revoked. The heartbeat (which
 * also re-checks the session) is set to 10 minutes here, so that only the revocation signal can end a
 * stream within a test.
 */
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ deps: { liveStreams: { heartbeatMs: 10 * 60_000 } } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const open: Stream[] = [];
afterEach(() => {
  for (const stream of open.splice(0)) stream.destroy();
});
afterAll(async () => {
  await t.close();
});

type Stream = SseStream;
const openStream = (client: Client) => openSseStream(base, '/api/tasks/monitor', client.cookieHeader(), open);

async function signedIn() {
  const client = new Client(t.app);
  const account = newAccount();
  expect((await client.post('/api/user/create', account)).status).toBe(201);
  return { client, account };
}

async function secondSession(account: { username: string; pwd: string }) {
  const client = new Client(t.app);
  expect(
    (await client.post('/api/user/login', { username: account.username, pwd: account.pwd })).status,
  ).toBe(200);
  return client;
}

describe('GET /api/tasks/monitor', () => {
  it('sends the snapshot of tasks first', async () => {
    const { client } = await signedIn();
    const stream = await openStream(client);
    expect(stream.status).toBe(200);
    await stream.received('event: tasks\ndata: []');
  });

  it('HEAD answers the headers and ends', async () => {
    const { client } = await signedIn();
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/tasks/monitor',
      headers: { cookie: client.cookieHeader() },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/event-stream');
    expect(head.body).toBe('');
    const guest = await t.app.inject({ method: 'HEAD', url: '/api/tasks/monitor' });
    expect(guest.statusCode).toBe(401);
  });

  it('allows 8 streams per user: the 9th answers 429 spam_protection, other users are not affected', async () => {
    const { client, account } = await signedIn();
    const other = await secondSession(account);
    for (let i = 0; i < 8; i++) {
      const stream = await openStream(i % 2 ? other : client);
      expect(stream.status).toBe(200);
      await stream.received('event: tasks');
    }
    const ninth = await openStream(client);
    expect(ninth.status).toBe(429);
    await ninth.ended;
    expect(codeOf(JSON.parse(ninth.text()) as Record<string, unknown>)).toBe('spam_protection');

    const someoneElse = await signedIn();
    expect((await openStream(someoneElse.client)).status).toBe(200);

    // A closed stream frees its place.
    open[0]!.destroy();
    let again: Stream;
    do again = await openStream(client);
    while (again.status === 429);
    expect(again.status).toBe(200);
  });

  it('ends the stream of a session that logs out at once, with an unauthorized event', async () => {
    const { client, account } = await signedIn();
    const otherDevice = await secondSession(account);
    const leaving = await openStream(client);
    const staying = await openStream(otherDevice);
    await leaving.received('event: tasks');
    await staying.received('event: tasks');

    expect((await client.post('/api/user/logout')).status).toBe(200);
    await leaving.ended;
    expect(leaving.text()).toContain('event: unauthorized\ndata: {"code":"token_invalid"}');
    expect(staying.isEnded()).toBe(false);
  });

  it("ends the other sessions' streams after a password change, not the one that changed it", async () => {
    const { client, account } = await signedIn();
    const otherDevice = await secondSession(account);
    const mine = await openStream(client);
    const theirs = await openStream(otherDevice);
    await mine.received('event: tasks');
    await theirs.received('event: tasks');

    const changed = await client.post('/api/user/update', {
      pwd: 'harbour-fog-lantern-3',
      current_pwd: account.pwd,
    });
    expect(changed.status).toBe(200);
    await theirs.ended;
    expect(theirs.text()).toContain('event: unauthorized');
    expect(mine.isEnded()).toBe(false);
  });
});
