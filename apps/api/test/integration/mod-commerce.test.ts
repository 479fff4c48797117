import { createHmac, randomUUID } from 'node:crypto';
import type { Role } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSecret } from '../../src/config.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import {
  createSandboxProvider,
  type SandboxNotificationBody,
} from '../../src/features/payment/providers/sandbox.ts';
import { verifiedBuyer } from '../account-fixtures.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * The console's admin areas for money and events (docs/product/moderation-console.md#flagged-payments,
 * #game-events): access by role, flagged payments listed and marked reviewed once with their audit entry
 * (balances untouched, the ledger consistent), and game events scheduled and ended with the loader's rules.
 */
let t: TestContext;
let sandbox: ReturnType<typeof createSandboxProvider>;
beforeAll(async () => {
  t = await createTestApp();
  const secret = createHmac('sha256', cookieSecret(t.config)).update('sandbox-payments').digest('hex');
  sandbox = createSandboxProvider({ secret, checkoutPath: (id) => `/payment/sandbox/${id}` });
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60_000;

async function staff(role: Role) {
  const account = await signedIn(t);
  await t.services.mod.roles.setRole(account.id, role);
  return account;
}

function notify(body: SandboxNotificationBody) {
  const { rawBody, headers } = sandbox.signedNotification(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/sandbox/webhook',
    payload: rawBody,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

interface Flagged {
  kind: string;
  id: string;
  user_id: number | null;
  reason: string;
  amount_cents: number | null;
  product: string | null;
}

async function flagged(client: Awaited<ReturnType<typeof staff>>['client']): Promise<Flagged[]> {
  const answer = await client.get('/api/mod/payments?limit=100');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items as Flagged[];
}

async function auditOf(action: string, targetId: string) {
  return t.database.db
    .selectFrom('staff_audit')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();
}

async function ticketsOf(userId: number) {
  const row = await t.database.db
    .selectFrom('app_user')
    .select('generation_token')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.generation_token;
}

describe('access', () => {
  it('keeps payments and events for admins: a moderator is refused, and does not see the areas', async () => {
    const moderator = await staff('moderator');
    const me = (await moderator.client.get('/api/mod/me')).body as { areas: string[] };
    expect(me.areas).not.toContain('payments');
    expect(me.areas).not.toContain('events');
    for (const [method, url, body] of [
      ['GET', '/api/mod/payments', undefined],
      ['POST', `/api/mod/payments/order/${randomUUID()}/resolve`, { note: 'looked at it' }],
      ['GET', '/api/mod/events', undefined],
      ['POST', '/api/mod/events', {}],
      ['POST', `/api/mod/events/${randomUUID()}/end`, { note: 'stop it' }],
    ] as const) {
      const answer = await moderator.client.request(method, url, body);
      expect([answer.status, codeOf(answer.body)], url).toEqual([403, 'unauthorized_resource']);
    }
    const admin = await staff('admin');
    const areas = ((await admin.client.get('/api/mod/me')).body as { areas: string[] }).areas;
    expect(areas).toEqual(expect.arrayContaining(['payments', 'events']));
  });
});

describe('flagged payments', () => {
  it('lists a mismatched order, resolves it once with an audit entry, and moves no balance', async () => {
    const admin = await staff('admin');
    const buyer = await verifiedBuyer(t);
    const created = await buyer.client.post('/api/payment/sandbox/order', {
      product: 'pack_400',
      currency: 'usd',
    });
    const orderId = (created.body as { order_id: string }).order_id;
    await notify({
      event_id: randomUUID(),
      kind: 'paid',
      order_id: orderId,
      amount_cents: 299,
      currency: 'usd',
    });
    const before = await ticketsOf(buyer.id);

    const listed = (await flagged(admin.client)).find((item) => item.id === orderId);
    expect(listed).toMatchObject({
      kind: 'order',
      user_id: buyer.id,
      reason: 'amount_mismatch',
      amount_cents: 899,
      product: 'pack_400',
    });

    const url = `/api/mod/payments/order/${orderId}/resolve`;
    const short = await admin.client.post(url, { note: 'x' });
    expect([short.status, codeOf(short.body)]).toEqual([400, 'validation_error']);
    const nul = await admin.client.post(url, { note: 'paid\u0000twice' });
    expect(nul.status).toBe(400);

    const resolved = await admin.client.post(url, { note: 'the buyer paid the trial price by mistake' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const again = await admin.client.post(url, { note: 'the buyer paid the trial price by mistake' });
    expect([again.status, codeOf(again.body)]).toEqual([409, 'review_not_open']);
    expect((await flagged(admin.client)).some((item) => item.id === orderId)).toBe(false);

    const audit = await auditOf('payment_review_resolved', orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, target_type: 'payment_order' });
    expect(audit[0]!.detail).toMatchObject({ reason: 'amount_mismatch', user: buyer.id });
    const row = await t.database.db
      .selectFrom('payment_order')
      .select(['status', 'review', 'review_resolved_by', 'review_note'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'PENDING',
      review: 'amount_mismatch',
      review_resolved_by: admin.id,
      review_note: 'the buyer paid the trial price by mistake',
    });
    expect(await ticketsOf(buyer.id)).toBe(before);
    expect(await ledgerDiscrepancies(t.database.db, [buyer.id])).toEqual([]);
  });

  it('resolves once when two admins resolve at the same time', async () => {
    const [first, second] = [await staff('admin'), await staff('admin')];
    const buyer = await verifiedBuyer(t);
    const created = await buyer.client.post('/api/payment/sandbox/order', {
      product: 'pack_60',
      currency: 'eur',
    });
    const orderId = (created.body as { order_id: string }).order_id;
    await notify({
      event_id: randomUUID(),
      kind: 'paid',
      order_id: orderId,
      amount_cents: 299,
      currency: 'usd',
    });
    const before = await ticketsOf(buyer.id);
    const url = `/api/mod/payments/order/${orderId}/resolve`;
    const answers = await Promise.all([
      first.client.post(url, { note: 'currency checked with the provider' }),
      second.client.post(url, { note: 'currency checked with the provider' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await auditOf('payment_review_resolved', orderId)).toHaveLength(1);
    expect(await ticketsOf(buyer.id)).toBe(before);
    expect(await ledgerDiscrepancies(t.database.db, [buyer.id])).toEqual([]);
  });

  it('lists and resolves an unmatched notification and a charged-back account', async () => {
    const admin = await staff('admin');
    const eventId = randomUUID();
    await notify({
      event_id: eventId,
      kind: 'paid',
      order_id: randomUUID(),
      amount_cents: 299,
      currency: 'usd',
    });
    const notification = (await flagged(admin.client)).find(
      (item) => item.kind === 'notification' && (item as { reference?: string }).reference === eventId,
    );
    expect(notification).toMatchObject({ reason: 'unmatched', user_id: null });
    const account = await signedIn(t);
    await t.database.db
      .updateTable('app_user')
      .set({ review_reason: 'chargeback' })
      .where('id', '=', account.id)
      .execute();
    expect(await flagged(admin.client)).toContainEqual(
      expect.objectContaining({ kind: 'account', id: String(account.id), reason: 'chargeback' }),
    );

    const notificationUrl = `/api/mod/payments/notification/${notification!.id}/resolve`;
    expect(
      (await admin.client.post(notificationUrl, { note: 'a test payment of the provider' })).status,
    ).toBe(200);
    const accountUrl = `/api/mod/payments/account/${account.id}/resolve`;
    expect((await admin.client.post(accountUrl, { note: 'the bank reversed the dispute' })).status).toBe(200);
    const again = await admin.client.post(accountUrl, { note: 'the bank reversed the dispute' });
    expect(codeOf(again.body)).toBe('review_not_open');
    const user = await t.database.db
      .selectFrom('app_user')
      .select('review_reason')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user.review_reason).toBeNull();
    expect(await auditOf('payment_review_resolved', String(account.id))).toHaveLength(1);
    const remaining = await flagged(admin.client);
    expect(remaining.some((item) => item.id === notification!.id && item.kind === 'notification')).toBe(
      false,
    );
    expect(remaining.some((item) => item.id === String(account.id) && item.kind === 'account')).toBe(false);
  });

  it('answers not_found for what is not there, and validation_error for an unknown kind', async () => {
    const admin = await staff('admin');
    for (const url of [
      `/api/mod/payments/order/${randomUUID()}/resolve`,
      '/api/mod/payments/order/not-a-uuid/resolve',
      '/api/mod/payments/notification/99999999999/resolve',
      '/api/mod/payments/account/1e9/resolve',
      '/api/mod/payments/account/99999999999999999999999/resolve',
      '/api/mod/payments/invoice/1/resolve',
    ]) {
      const answer = await admin.client.post(url, { note: 'checking this one' });
      expect([answer.status, codeOf(answer.body)], url).toEqual([404, 'not_found']);
    }
  });
});

describe('game events', () => {
  /** A public gallery image the events can mark. */
  async function publicImage() {
    const owner = await signedIn(t);
    return (await addImage(t, owner.id, { prompt: 'a lighthouse at dusk' })).uuid;
  }

  function draft(startsInDays: number, endsInDays: number, images: string[]) {
    return {
      title: { en: 'Lighthouse hunt', fr: 'Chasse aux phares' },
      description: { en: 'Lighthouses are hidden in the gallery.' },
      starts_at: new Date(Date.now() + startsInDays * DAY).toISOString(),
      ends_at: new Date(Date.now() + endsInDays * DAY).toISOString(),
      reward_tokens: 20,
      images,
    };
  }

  it('schedules an event, lists it, refuses an overlap, and cancels it once', async () => {
    const admin = await staff('admin');
    const image = await publicImage();
    const created = await admin.client.post('/api/mod/events', draft(100, 107, [image]));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const event = created.body as { uuid: string; state: string; images_total: number };
    expect(event).toMatchObject({ state: 'upcoming', images_total: 1 });
    expect(await auditOf('game_event_created', event.uuid)).toHaveLength(1);

    const listed = (await admin.client.get('/api/mod/events')).body as {
      items: { uuid: string; finds: number; state: string }[];
    };
    expect(listed.items).toContainEqual(expect.objectContaining({ uuid: event.uuid, finds: 0 }));

    const overlap = await admin.client.post('/api/mod/events', draft(105, 110, [image]));
    expect([overlap.status, codeOf(overlap.body)]).toEqual([400, 'validation_error']);
    expect((overlap.body.detail as { data: unknown }).data).toMatchObject({
      reason: 'overlaps',
      event: event.uuid,
    });
    const eventCount = (await admin.client.get('/api/mod/events')).body.items as unknown[];
    expect(eventCount).toHaveLength(listed.items.length);

    const url = `/api/mod/events/${event.uuid}/end`;
    const ended = await admin.client.post(url, { note: 'postponed to spring' });
    expect([ended.status, ended.body]).toEqual([200, { ending: 'cancel' }]);
    const again = await admin.client.post(url, { note: 'postponed to spring' });
    expect([again.status, codeOf(again.body)]).toEqual([404, 'event_not_found']);
    const audit = await auditOf('game_event_ended', event.uuid);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ ending: 'cancel', title: 'Lighthouse hunt' });
    // Cancelled: gone from the list (never announced), and its dates are free for another event.
    const listedAfter = (await admin.client.get('/api/mod/events')).body.items as { uuid: string }[];
    expect(listedAfter.some((item) => item.uuid === event.uuid)).toBe(false);
    const rescheduled = await admin.client.post('/api/mod/events', draft(105, 110, [image]));
    expect(rescheduled.status, JSON.stringify(rescheduled.body)).toBe(200);
    const rescheduledUuid = (rescheduled.body as { uuid: string }).uuid;
    const tidy = await admin.client.post(`/api/mod/events/${rescheduledUuid}/end`, { note: 'tidy up' });
    expect(tidy.body).toEqual({ ending: 'cancel' });

    const unknown = await admin.client.post(`/api/mod/events/${randomUUID()}/end`, { note: 'not there' });
    expect([unknown.status, codeOf(unknown.body)]).toEqual([404, 'event_not_found']);
  });

  it('ends a running event now', async () => {
    const admin = await staff('admin');
    const image = await publicImage();
    const created = await admin.client.post('/api/mod/events', draft(-1, 1, [image]));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const uuid = (created.body as { uuid: string; state: string }).uuid;
    expect(created.body.state).toBe('running');
    const ended = await admin.client.post(`/api/mod/events/${uuid}/end`, { note: 'the images were removed' });
    expect(ended.body).toEqual({ ending: 'end' });
    const listed = (await admin.client.get('/api/mod/events')).body.items as {
      uuid: string;
      state: string;
    }[];
    expect(listed.find((item) => item.uuid === uuid)?.state).toBe('ended');
    const again = await admin.client.post(`/api/mod/events/${uuid}/end`, { note: 'the images were removed' });
    expect([again.status, codeOf(again.body)]).toEqual([409, 'event_ended']);
  });

  it('refuses bad dates, NUL bytes, huge numbers and private images with 4xx codes, storing nothing', async () => {
    const admin = await staff('admin');
    const image = await publicImage();
    const owner = await signedIn(t);
    const privateImage = (await addImage(t, owner.id, { prompt: 'a quiet harbour', is_private: true })).uuid;
    const before = ((await admin.client.get('/api/mod/events')).body.items as unknown[]).length;
    const cases: [string, unknown, string][] = [
      ['ends before it starts', draft(210, 205, [image]), 'validation_error'],
      ['already over', draft(-10, -5, [image]), 'validation_error'],
      ['longer than 60 days', draft(300, 400, [image]), 'validation_error'],
      ['not a date', { ...draft(220, 221, [image]), starts_at: 'next monday' }, 'validation_error'],
      [
        'NUL in the title',
        { ...draft(230, 231, [image]), title: { en: 'Light\u0000house' } },
        'validation_error',
      ],
      ['no English title', { ...draft(230, 231, [image]), title: { fr: 'Phares' } }, 'validation_error'],
      ['huge reward', { ...draft(240, 241, [image]), reward_tokens: 1e20 }, 'validation_error'],
      ['fractional reward', { ...draft(240, 241, [image]), reward_tokens: 1.5 }, 'validation_error'],
      ['no images', draft(250, 251, []), 'validation_error'],
      ['an unknown field', { ...draft(250, 251, [image]), id: 1 }, 'validation_error'],
      ['a private image', draft(260, 261, [privateImage]), 'image_not_found'],
    ];
    for (const [what, body, code] of cases) {
      const answer = await admin.client.post('/api/mod/events', body);
      expect(answer.status, what).toBeGreaterThanOrEqual(400);
      expect(answer.status, what).toBeLessThan(500);
      expect(codeOf(answer.body), what).toBe(code);
    }
    const after = ((await admin.client.get('/api/mod/events')).body.items as unknown[]).length;
    expect(after).toBe(before);
    const notUuid = await admin.client.post('/api/mod/events/12/end', { note: 'not an event' });
    expect([notUuid.status, codeOf(notUuid.body)]).toEqual([404, 'event_not_found']);
  });
});
