import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/features/session/index.ts';
import { SESSION_COOKIE } from '../../src/http/session-cookies.ts';
import { signedIn } from '../gallery-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';
import { openSseStream, type SseStream } from '../sse-stream.ts';

/**
 * The live streams' heartbeats (features/live/heartbeat.ts): every stream gets a heartbeat comment each
 * period, and a session that ended with no signal (it expired, or its row went) ends its streams at their
 * next heartbeat with an `unauthorized` event. A short period (600 ms) here; 15 s in the product.
 */
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ deps: { liveStreams: { heartbeatMs: 600 } } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const open: SseStream[] = [];
afterEach(() => {
  for (const stream of open.splice(0)) stream.destroy();
});
afterAll(async () => {
  await t.close();
});

/** The session token inside a client's cookie header. */
function tokenOf(cookieHeader: string): string {
  const pair = cookieHeader.split('; ').find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  return decodeURIComponent(pair!.slice(SESSION_COOKIE.length + 1));
}

describe('live stream heartbeats', () => {
  it('beat every stream, and end the stream of a session that expired without a signal', async () => {
    const staying = await signedIn(t);
    const expiring = await signedIn(t);
    const kept = await openSseStream(base, '/api/events', staying.client.cookieHeader(), open);
    const lapsing = await openSseStream(base, '/api/tasks/monitor', expiring.client.cookieHeader(), open);
    await kept.received(': heartbeat');
    await lapsing.received(': heartbeat');

    // Expired in the database, as time would do it: no logout, no revocation signal.
    const hash = hashToken(tokenOf(expiring.client.cookieHeader()));
    await sql`update session set expires_at = now() - interval '1 second' where token_hash = ${hash}`.execute(
      t.database.db,
    );
    await lapsing.ended;
    expect(lapsing.text()).toContain('event: unauthorized\ndata: {"code":"token_invalid"}');

    // The other user's stream keeps beating.
    const beats = kept.text().split(': heartbeat').length;
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (kept.text().split(': heartbeat').length > beats) resolve(clearInterval(poll));
      }, 20);
    });
    expect(kept.isEnded()).toBe(false);
  });

  it('ends the streams of a session whose row is gone', async () => {
    const user = await signedIn(t);
    const stream = await openSseStream(base, '/api/events', user.client.cookieHeader(), open);
    await stream.received('event: tasks');
    const hash = hashToken(tokenOf(user.client.cookieHeader()));
    await sql`delete from session where token_hash = ${hash}`.execute(t.database.db);
    await stream.ended;
    expect(stream.text()).toContain('event: unauthorized');
  });
});
