import { randomUUID } from 'node:crypto';
import { OPERATIONS } from '@mirage/contract';
import { xpFor, type Role } from '@mirage/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuestRepository } from '../../src/features/guest/index.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { codeOf, createTestApp, type Client, type TestContext } from '../harness.ts';

/**
 * The moderation console's API (`/api/mod/*`, docs/product/moderation-console.md): access by role, the
 * report queue with the reporter's credit, restrictions, ledger adjustments and the audit log.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ deps: { outbox: { retryDelayMs: () => 0 } } });
});
afterAll(async () => {
  await t.close();
});

async function staff(role: Role) {
  const account = await signedIn(t);
  await t.services.mod.roles.setRole(account.id, role);
  return account;
}

const put = (client: Client, url: string, body: unknown) => client.request('PUT', url, body);
const player = async (client: Client) => (await client.get('/api/player/me')).body as Record<string, number>;
const xpTotal = async (userId: number) =>
  (
    await t.database.db
      .selectFrom('player')
      .select('xp_total')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).xp_total;

async function reportOf(reporter: Client, uuid: string, flag = 4): Promise<number> {
  expect((await put(reporter, `/api/action/report/${flag}`, { uuid })).status).toBe(200);
  const row = await t.database.db
    .selectFrom('image_report')
    .innerJoin('image', 'image.id', 'image_report.image_id')
    .select('image_report.id')
    .where('image.uuid', '=', uuid)
    .orderBy('image_report.id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('access', () => {
  const modRoutes = Object.entries(OPERATIONS).filter(([, route]) => route.path.startsWith('/api/mod/'));

  it('covers every console call', () => {
    expect(modRoutes.length).toBeGreaterThanOrEqual(15);
  });

  it.each(modRoutes)(
    '%s refuses a normal user with unauthorized_resource and a visitor with token_missing',
    async (_id, route) => {
      const url = route.path.replace(':id', '1');
      const user = await signedIn(t);
      const answer = await user.client.request(route.method, url, route.method === 'GET' ? undefined : {});
      expect(answer.status).toBe(403);
      expect(codeOf(answer.body)).toBe('unauthorized_resource');
      const visitor = await t.app.inject({ method: route.method, url });
      expect(codeOf(visitor.json())).toBe('token_missing');
    },
  );

  it('lets a moderator in but keeps balances for admins', async () => {
    const moderator = await staff('moderator');
    const me = await moderator.client.get('/api/mod/me');
    expect(me.body).toMatchObject({ id: moderator.id, roles: ['moderator'] });
    expect((me.body as { areas: string[] }).areas).not.toContain('balances');
    const target = await signedIn(t);
    const adjust = await moderator.client.post(`/api/mod/users/${target.id}/balance`, {
      currency: 'tickets',
      delta: 5,
      note: 'goodwill',
      request_id: randomUUID(),
    });
    expect(codeOf(adjust.body)).toBe('unauthorized_resource');
    const admin = await staff('admin');
    const adminAreas = ((await admin.client.get('/api/mod/me')).body as { areas: string[] }).areas;
    expect(adminAreas).toContain('balances');
  });

  it('takes effect at once when a role is taken away', async () => {
    const moderator = await staff('moderator');
    expect((await moderator.client.get('/api/mod/reports')).status).toBe(200);
    await t.services.mod.roles.setRole(moderator.id, null);
    expect(codeOf((await moderator.client.get('/api/mod/reports')).body)).toBe('unauthorized_resource');
  });
});

describe('reports', () => {
  it('approving credits each reporter once, hides the image for good and is audited', async () => {
    const moderator = await staff('moderator');
    const owner = await signedIn(t);
    const [first, second] = [await signedIn(t), await signedIn(t)];
    const image = await addImage(t, owner.id);
    const reportId = await reportOf(first.client, image.uuid);
    await reportOf(second.client, image.uuid, 1);
    // The players' own rows are written by the outbox's projector after sign-up: settle them first.
    await t.services.outbox.drain();
    const before = await player(first.client);
    const xpBefore = await xpTotal(first.id);

    const queue = await moderator.client.get('/api/mod/reports?state=open');
    const listed = (queue.body as { items: { id: number; open_on_image: number; owner: { id: number } }[] })
      .items;
    expect(listed.find((item) => item.id === reportId)).toMatchObject({
      open_on_image: 2,
      owner: { id: owner.id },
    });

    const approved = await moderator.client.post(`/api/mod/reports/${reportId}/approve`, {
      outcome: 'hide',
      note: 'breaks the rules',
    });
    expect(approved.body).toEqual({ reports: 2, outcome: 'hide' });
    // A second decision (a double click, a second moderator) changes nothing.
    const again = await moderator.client.post(`/api/mod/reports/${reportId}/approve`, { outcome: 'hide' });
    expect(codeOf(again.body)).toBe('report_not_open');
    await t.services.outbox.drain();
    await t.services.outbox.drain();

    const after = await player(first.client);
    expect(after.approved_reports).toBe(before.approved_reports! + 1);
    expect(await xpTotal(first.id)).toBe(xpBefore + xpFor('report_approved'));
    expect((await player(second.client)).approved_reports).toBe(1);

    const row = await t.database.db
      .selectFrom('image')
      .select(['is_private', 'hidden_at'])
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    expect(row.is_private).toBe(true);
    expect(row.hidden_at).not.toBeNull();
    // The owner cannot publish it again, even with a premium plan.
    await t.database.db
      .updateTable('app_user')
      .set({ plan: 2, pro_expire: new Date(Date.now() + 86_400_000) })
      .where('id', '=', owner.id)
      .execute();
    const toggled = await owner.client.request('PUT', `/api/image/${image.uuid}/private`, {});
    expect(codeOf(toggled.body)).toBe('image_hidden');

    const audit = (await moderator.client.get('/api/mod/audit')).body as {
      items: { action: string; target_id: string; note: string | null; detail: Record<string, unknown> }[];
    };
    expect(audit.items[0]).toMatchObject({
      action: 'report_approved',
      target_id: String(reportId),
      note: 'breaks the rules',
      detail: { image: image.uuid, outcome: 'hide' },
    });
  });

  it('removal deletes the image and its files; a self-report earns nothing', async () => {
    const moderator = await staff('moderator');
    const owner = await signedIn(t);
    const image = await addImage(t, owner.id, { files: true });
    const reportId = await reportOf(owner.client, image.uuid);
    const before = await player(owner.client);
    expect(
      (await t.services.store.get(`images/${image.uuid}.png`)) ??
        (await t.services.store.get(`images/${image.uuid}.webp`)),
    ).not.toBeNull();

    const removed = await moderator.client.post(`/api/mod/reports/${reportId}/approve`, {
      outcome: 'remove',
    });
    expect(removed.body).toEqual({ reports: 1, outcome: 'remove' });
    await t.services.outbox.drain();
    const gone = await t.database.db.selectFrom('image').select('id').where('id', '=', image.id).execute();
    expect(gone).toEqual([]);
    for (const key of [`images/${image.uuid}.png`, `images/${image.uuid}.webp`]) {
      expect(await t.services.store.get(key)).toBeNull();
    }
    expect((await player(owner.client)).approved_reports).toBe(before.approved_reports);
  });

  it('rejecting closes one report with no effect on the image', async () => {
    const moderator = await staff('moderator');
    const owner = await signedIn(t);
    const reporter = await signedIn(t);
    const image = await addImage(t, owner.id);
    const reportId = await reportOf(reporter.client, image.uuid);
    expect((await moderator.client.post(`/api/mod/reports/${reportId}/reject`, {})).body).toEqual({
      ok: true,
    });
    const rejected = (await moderator.client.get('/api/mod/reports?state=rejected')).body as {
      items: { id: number; reporter: { rejected: number } }[];
    };
    expect(rejected.items.find((item) => item.id === reportId)?.reporter.rejected).toBe(1);
    const row = await t.database.db
      .selectFrom('image')
      .select(['is_private', 'hidden_at'])
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_private: false, hidden_at: null });
    expect(codeOf((await moderator.client.post('/api/mod/reports/99999999/reject', {})).body)).toBe(
      'not_found',
    );
    expect(codeOf((await moderator.client.post('/api/mod/reports/abc/reject', {})).body)).toBe('not_found');
  });

  it('two moderators approving at once credit the reporter once', async () => {
    const [a, b] = [await staff('moderator'), await staff('moderator')];
    const owner = await signedIn(t);
    const reporter = await signedIn(t);
    const image = await addImage(t, owner.id);
    const reportId = await reportOf(reporter.client, image.uuid);
    const answers = await Promise.all(
      [a, b].map((m) => m.client.post(`/api/mod/reports/${reportId}/approve`, { outcome: 'hide' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await t.services.outbox.drain();
    expect((await player(reporter.client)).approved_reports).toBe(1);
  });
});

describe('users', () => {
  it('finds accounts by id, name or email prefix, with LIKE wildcards taken literally', async () => {
    const moderator = await staff('moderator');
    const target = await signedIn(t);
    const { username } = await t.database.db
      .selectFrom('app_user')
      .select('username')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    const byName = (
      await moderator.client.get(`/api/mod/users?q=${encodeURIComponent(username.slice(0, 6).toUpperCase())}`)
    ).body as { items: { id: number }[] };
    expect(byName.items.map((item) => item.id)).toContain(target.id);
    const byId = (await moderator.client.get(`/api/mod/users?q=${target.id}`)).body as {
      items: { id: number }[];
    };
    expect(byId.items.map((item) => item.id)).toContain(target.id);
    const wildcard = (await moderator.client.get('/api/mod/users?q=%25')).body as { items: unknown[] };
    expect(wildcard.items).toEqual([]);
    expect((await moderator.client.get('/api/mod/users?q=')).status).toBe(400);
  });

  it("leaves the guest trial's owner accounts out of name searches, and finds one by its id", async () => {
    const moderator = await staff('moderator');
    const guestOwner = await createGuestRepository(t.database.db).insertOwner(new Date());
    const { username } = await t.database.db
      .selectFrom('app_user')
      .select('username')
      .where('id', '=', guestOwner)
      .executeTakeFirstOrThrow();
    const ids = async (q: string) =>
      (
        (await moderator.client.get(`/api/mod/users?q=${encodeURIComponent(q)}`)).body as {
          items: { id: number }[];
        }
      ).items.map((item) => item.id);
    expect(await ids(username)).toEqual([]);
    expect(await ids('guest')).not.toContain(guestOwner);
    expect(await ids(String(guestOwner))).toEqual([guestOwner]);
    // A real account whose name starts the same way is still found by it.
    const real = await signedIn(t);
    await t.database.db
      .updateTable('app_user')
      .set({ username: `guest${real.id}` })
      .where('id', '=', real.id)
      .execute();
    expect(await ids(`guest${real.id}`)).toEqual([real.id]);
  });

  it('ban signs the account out and refuses its login; unban lets it back', async () => {
    const moderator = await staff('moderator');
    const target = await signedIn(t);
    expect((await target.client.get('/api/user/me')).status).toBe(200);
    expect(codeOf((await moderator.client.post(`/api/mod/users/${target.id}/ban`, {})).body)).toBe(
      'validation_error',
    );
    expect(
      (await moderator.client.post(`/api/mod/users/${target.id}/ban`, { note: 'spam run' })).body,
    ).toEqual({ ok: true });
    expect((await target.client.get('/api/user/me')).status).toBe(401);
    const file = (await moderator.client.get(`/api/mod/users/${target.id}`)).body as {
      is_active: boolean;
      banned_at: string | null;
      sessions: number;
      audit: { action: string; actor: string }[];
    };
    expect(file).toMatchObject({ is_active: false, sessions: 0 });
    expect(file.banned_at).not.toBeNull();
    expect(file.audit[0]?.action).toBe('user_banned');
    expect(
      (await moderator.client.post(`/api/mod/users/${target.id}/unban`, { note: 'appeal accepted' })).status,
    ).toBe(200);
    const after = (await moderator.client.get(`/api/mod/users/${target.id}`)).body as {
      is_active: boolean;
      banned_at: null;
    };
    expect(after).toMatchObject({ is_active: true, banned_at: null });
  });

  it('mute refuses generation; unmute lifts it', async () => {
    const moderator = await staff('moderator');
    const target = await signedIn(t);
    await moderator.client.post(`/api/mod/users/${target.id}/mute`, { note: 'cool down' });
    expect(
      await t.services.moderation.assertNotMuted(target.id).catch((error: { code?: string }) => error.code),
    ).toBe('user_muted');
    expect((await moderator.client.post(`/api/mod/users/${target.id}/unmute`, { note: 'done' })).status).toBe(
      200,
    );
    await expect(t.services.moderation.assertNotMuted(target.id)).resolves.toBeUndefined();
  });

  it('protects staff: not oneself, never an admin, a moderator only by an admin', async () => {
    const moderator = await staff('moderator');
    const other = await staff('moderator');
    const admin = await staff('admin');
    const note = { note: 'testing rules' };
    for (const [actor, target] of [
      [moderator, moderator],
      [moderator, other],
      [moderator, admin],
      [admin, admin],
    ] as const) {
      const answer = await actor.client.post(`/api/mod/users/${target.id}/ban`, note);
      expect(codeOf(answer.body)).toBe('staff_target_protected');
    }
    expect((await admin.client.post(`/api/mod/users/${other.id}/mute`, note)).status).toBe(200);
  });

  it('adjusts a balance through the ledger once per request id, refusing overdrafts', async () => {
    const admin = await staff('admin');
    const target = await signedIn(t);
    const requestId = randomUUID();
    const body = { currency: 'tickets', delta: 7, note: 'compensation', request_id: requestId };
    const [first, second] = await Promise.all([
      admin.client.post(`/api/mod/users/${target.id}/balance`, body),
      admin.client.post(`/api/mod/users/${target.id}/balance`, body),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(
      [
        (first.body as { replayed: boolean }).replayed,
        (second.body as { replayed: boolean }).replayed,
      ].sort(),
    ).toEqual([false, true]);
    const file = (await admin.client.get(`/api/mod/users/${target.id}`)).body as {
      balances: { currency: string; balance: number }[];
      ledger: { reason: string; delta: number }[];
      audit: { action: string }[];
    };
    const me = (await target.client.get('/api/user/me')).body as { generation_token: number };
    expect(file.balances.find((b) => b.currency === 'tickets')?.balance).toBe(me.generation_token);
    expect(file.ledger[0]).toMatchObject({ reason: 'operator_adjustment', delta: 7 });
    expect(file.audit.filter((entry) => entry.action === 'balance_adjusted')).toHaveLength(1);

    const overdraft = await admin.client.post(`/api/mod/users/${target.id}/balance`, {
      ...body,
      delta: -1_000,
      request_id: randomUUID(),
    });
    expect(overdraft.status).toBe(402);
    for (const delta of [0, 100_001, 1.5, 1e300]) {
      const bad = await admin.client.post(`/api/mod/users/${target.id}/balance`, {
        ...body,
        delta,
        request_id: randomUUID(),
      });
      expect(bad.status).toBe(400);
    }
    expect(await ledgerDiscrepancies(t.database.db, [target.id])).toEqual([]);
  });
});

describe('audit log', () => {
  it('refuses updates and deletes in the database itself', async () => {
    const moderator = await staff('moderator');
    const target = await signedIn(t);
    await moderator.client.post(`/api/mod/users/${target.id}/mute`, { note: 'quiet please' });
    await expect(sql`update staff_audit set note = 'rewritten'`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from staff_audit`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('pages newest first by id', async () => {
    const moderator = await staff('moderator');
    const first = (await moderator.client.get('/api/mod/audit?limit=2')).body as { items: { id: number }[] };
    expect(first.items).toHaveLength(2);
    expect(first.items[0]!.id).toBeGreaterThan(first.items[1]!.id);
    const next = (await moderator.client.get(`/api/mod/audit?limit=2&before=${first.items[1]!.id}`)).body as {
      items: { id: number }[];
    };
    expect(next.items[0]!.id).toBeLessThan(first.items[1]!.id);
  });
});
