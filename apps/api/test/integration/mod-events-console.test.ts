import { localized, type LocalizedText, type Role } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * The console's events tab beyond scheduling (docs/product/moderation-console.md#game-events): texts in the
 * other languages, which players in those languages see, and the list paged like the other console lists.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60_000;

async function admin() {
  const account = await signedIn(t);
  await t.services.mod.roles.setRole(account.id, 'admin' satisfies Role);
  return account;
}

async function publicImage() {
  const owner = await signedIn(t);
  return (await addImage(t, owner.id, { prompt: 'a lighthouse at dusk' })).uuid;
}

function draft(startsInDays: number, endsInDays: number, images: string[]) {
  return {
    title: { en: 'Lighthouse hunt' },
    description: { en: 'Lighthouses are hidden in the gallery.' },
    starts_at: new Date(Date.now() + startsInDays * DAY).toISOString(),
    ends_at: new Date(Date.now() + endsInDays * DAY).toISOString(),
    reward_tokens: 20,
    images,
  };
}

interface Listed {
  uuid: string;
  starts_at: string;
  title: Record<string, string>;
}

describe('texts in other languages', () => {
  it('stores a French title and description, and shows players the French texts; others fall back', async () => {
    const staff = await admin();
    const image = await publicImage();
    const body = {
      ...draft(-1, 2, [image]),
      title: { en: 'Lighthouse hunt', fr: '  Chasse aux phares ', ja: '灯台さがし' },
      description: {
        en: 'Lighthouses are hidden in the gallery.',
        fr: 'Des phares se cachent dans la galerie.',
      },
    };
    const created = await staff.client.post('/api/mod/events', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const uuid = (created.body as { uuid: string }).uuid;
    expect(created.body).toMatchObject({
      title: { en: 'Lighthouse hunt', fr: 'Chasse aux phares', ja: '灯台さがし' },
      description: { fr: 'Des phares se cachent dans la galerie.' },
    });
    const row = await t.database.db
      .selectFrom('game_event')
      .select(['title', 'description'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row.title).toEqual({ en: 'Lighthouse hunt', fr: 'Chasse aux phares', ja: '灯台さがし' });

    // Players get every language; the app shows the reader's (apps/web game-event/texts.ts: `localized`).
    const player = await signedIn(t);
    const seen = (await player.client.get('/api/event')).body as {
      event: { uuid: string; title: LocalizedText; description: LocalizedText };
    };
    expect(seen.event.uuid).toBe(uuid);
    expect(localized(seen.event.title, 'fr')).toBe('Chasse aux phares');
    expect(localized(seen.event.description, 'fr')).toBe('Des phares se cachent dans la galerie.');
    expect(localized(seen.event.title, 'de')).toBe('Lighthouse hunt');
    expect(localized(seen.event.description, 'ja')).toBe('Lighthouses are hidden in the gallery.');
    const visitor = (await new Client(t.app).get('/api/event/visitor')).body as typeof seen;
    expect(visitor.event.title.fr).toBe('Chasse aux phares');

    const ended = await staff.client.post(`/api/mod/events/${uuid}/end`, { note: 'texts checked' });
    expect(ended.body).toEqual({ ending: 'end' });
  });

  it('refuses an unknown language, a blank translation and one too long, storing nothing', async () => {
    const staff = await admin();
    const image = await publicImage();
    const before = (await t.database.db.selectFrom('game_event').select('uuid').execute()).length;
    for (const [what, title] of [
      ['unknown language', { en: 'Lighthouse hunt', pt: 'Caça aos faróis' }],
      ['blank French', { en: 'Lighthouse hunt', fr: '   ' }],
      ['French too long', { en: 'Lighthouse hunt', fr: 'x'.repeat(81) }],
      ['NUL in German', { en: 'Lighthouse hunt', de: 'Leucht\u0000turm' }],
    ] as const) {
      const answer = await staff.client.post('/api/mod/events', { ...draft(300, 301, [image]), title });
      expect([answer.status, codeOf(answer.body)], what).toEqual([400, 'validation_error']);
    }
    expect((await t.database.db.selectFrom('game_event').select('uuid').execute()).length).toBe(before);
  });
});

describe('the list', () => {
  it('pages latest start first, each event once, and refuses a bad page', async () => {
    const staff = await admin();
    const image = await publicImage();
    const scheduled: string[] = [];
    for (const start of [400, 410, 420, 430, 440]) {
      const created = await staff.client.post('/api/mod/events', draft(start, start + 2, [image]));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      scheduled.push((created.body as { uuid: string }).uuid);
    }
    const all = ((await staff.client.get('/api/mod/events')).body as { items: Listed[] }).items;
    const pages: Listed[][] = [];
    for (let offset = 0; offset < all.length + 2; offset += 2) {
      const answer = await staff.client.get(`/api/mod/events?limit=2&offset=${offset}`);
      expect(answer.status).toBe(200);
      pages.push((answer.body as { items: Listed[] }).items);
    }
    expect(pages[0]).toHaveLength(2);
    expect(pages.at(-1)).toEqual([]);
    const paged = pages.flat();
    expect(paged.map((event) => event.uuid)).toEqual(all.map((event) => event.uuid));
    expect(new Set(paged.map((event) => event.uuid)).size).toBe(paged.length);
    const starts = paged.map((event) => Date.parse(event.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    // The latest start first: the five scheduled, newest first, lead the list.
    expect(paged.slice(0, 5).map((event) => event.uuid)).toEqual([...scheduled].reverse());

    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const answer = await staff.client.get(`/api/mod/events?${query}`);
      expect([answer.status, codeOf(answer.body)], query).toEqual([400, 'validation_error']);
    }
  });
});
