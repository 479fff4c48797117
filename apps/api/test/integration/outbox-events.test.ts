import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../../src/mail/mailer.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * The events the API appends (features/outbox) and the mail that moved onto them: each event exists
 * exactly when its change committed, and the password-reset mail survives a refusing mail server.
 */
let t: TestContext;
const sent: Mail[] = [];
/** Mails the server refused (the next `refusals` sends fail after being seen). */
const refused: Mail[] = [];
let refusals = 0;
const mailer: Mailer = {
  send(mail) {
    if (refusals > 0) {
      refusals -= 1;
      refused.push(mail);
      return Promise.reject(new Error('451 try again later'));
    }
    sent.push(mail);
    return Promise.resolve();
  },
  close: () => Promise.resolve(),
};

beforeAll(async () => {
  t = await createTestApp({ deps: { mailer, outbox: { retryDelayMs: () => 0 } } });
});
afterAll(async () => {
  await t.close();
});

async function eventsOf(type: string, userId: number) {
  const { rows } = await sql<{ id: number; payload: Record<string, unknown> }>`
    select id, payload from outbox where type = ${type} and (payload->>'userId')::bigint = ${userId}
    order by id
  `.execute(t.database.db);
  return rows;
}

function linkIn(mail: Mail): string {
  return /https?:\/\/\S+\/account\/reset\?token=([\w%-]+)/.exec(mail.text)![1]!;
}

describe('password reset mail through the outbox', () => {
  it('retries a refused mail; only the link of the mail that went out works', async () => {
    const account = newAccount();
    const created = await new Client(t.app).post('/api/user/create', account);
    const userId = (created.body.user as { id: number }).id;
    await t.services.outbox.drain(); // the sign-up's verification mail, out of the way
    refusals = 1;
    const before = sent.length;
    const asked = await new Client(t.app, '10.9.0.1').post('/api/user/send_reset_pwd', {
      email: account.email,
    });
    expect(asked.status).toBe(200);
    expect(await eventsOf('password_reset.requested', userId)).toHaveLength(1);
    await t.services.outbox.drain();

    const mails = sent.slice(before).filter((mail) => mail.to === account.email);
    expect(refused.filter((mail) => mail.to === account.email)).toHaveLength(1);
    expect(mails).toHaveLength(1);
    // The refused run's token was rolled back with it: its link is dead, the delivered one works.
    const client = new Client(t.app);
    const stale = await client.post('/api/user/reset_pwd', {
      token: decodeURIComponent(linkIn(refused.at(-1)!)),
      pwd: 'a brand new lighthouse 7',
    });
    expect(codeOf(stale.body)).toBe('reset_token_invalid');
    const reset = await client.post('/api/user/reset_pwd', {
      token: decodeURIComponent(linkIn(mails[0]!)),
      pwd: 'a brand new lighthouse 7',
    });
    expect(reset.status).toBe(200);
    const [event] = await eventsOf('password_reset.requested', userId);
    const deliveries = await t.database.db
      .selectFrom('outbox_delivery')
      .select(['handler', 'state', 'attempts'])
      .where('event_id', '=', event!.id)
      .execute();
    expect(deliveries).toEqual([{ handler: 'mail.password_reset', state: 'done', attempts: 2 }]);
  });
});

describe('user.signed_in_day', () => {
  it('is appended once per user and UTC day, on sign-up and on the next day’s first request', async () => {
    const user = await signedIn(t);
    const today = new Date(Date.now() + t.clock.offsetMs).toISOString().slice(0, 10);
    await user.client.get('/api/user/me');
    await user.client.get('/api/user/me');
    expect((await eventsOf('user.signed_in_day', user.id)).map((e) => e.payload)).toEqual([
      { userId: user.id, day: today },
    ]);
    t.clock.offsetMs += 24 * 60 * 60 * 1000;
    try {
      const tomorrow = new Date(Date.now() + t.clock.offsetMs).toISOString().slice(0, 10);
      await user.client.get('/api/user/me');
      await user.client.get('/api/user/me');
      expect((await eventsOf('user.signed_in_day', user.id)).map((e) => e.payload.day)).toEqual([
        today,
        tomorrow,
      ]);
    } finally {
      t.clock.offsetMs -= 24 * 60 * 60 * 1000;
    }
  });
});

describe('image.favorited', () => {
  it('is appended with the favourite, and not for a refused duplicate', async () => {
    const owner = await signedIn(t);
    const fan = await signedIn(t);
    const image = await addImage(t, owner.id, { prompt: 'a lighthouse at dusk' });
    expect((await fan.client.post('/api/action/favorite', { uuid: image.uuid })).body).toEqual({ ok: true });
    const again = await fan.client.post('/api/action/favorite', { uuid: image.uuid });
    expect(codeOf(again.body)).toBe('duplicate_favorite');
    const events = await eventsOf('image.favorited', fan.id);
    expect(events.map((e) => e.payload)).toEqual([{ imageId: image.id, userId: fan.id, ownerId: owner.id }]);
  });
});
