import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ANONYMOUS, TASK_STATE, canView, type ImageViewer } from '@mirage/domain';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleTo } from '../../src/features/image/visibility-repository.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { enqueuePaidTask } from '../generation-fixtures.ts';
import { Client, createTestApp, type TestContext } from '../harness.ts';

/**
 * Invariant 4 (a private image is its owner's only) over every route (issue 10 §4). Every registered
 * route that looks as if it could hand out image data is either in IMAGE_ROUTES, with a probe, or in
 * NO_IMAGE_DATA, with the reason it hands out none; a new image route that is in neither fails here.
 * Each probe asks for a fresh private image of user A as a visitor, as user B and as A, and for a
 * public one as a control (so that a probe that can see nothing cannot pass).
 */
type Who = 'anonymous' | 'other' | 'owner';
const EVERYBODY: Who[] = ['anonymous', 'other', 'owner'];
const SIGNED_IN: Who[] = ['other', 'owner'];

interface Probe {
  /** Runs as `who` before the image is made private (e.g. adding it to a collection). */
  prepare?: (who: Who, image: { uuid: string; id: number }) => Promise<void>;
  /** Whether the answer to `who` shows the image, or tells them it exists. */
  sees: (who: Who, uuid: string) => Promise<boolean>;
  /** Who is shown a private image; default: its owner only. */
  privateTo?: Who[];
  /** Who is shown a public image; default: everybody. */
  publicTo?: Who[];
  /** The image needs its stored files. */
  files?: boolean;
}

let t: TestContext;
let base: string;
let dist: string;
const clients: Partial<Record<Who, Client>> = {};
let ownerId = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A request as `who`, as a browser tab on the site sends it (the visitor has no session cookie). */
async function ask(who: Who, method: Method, url: string, body?: unknown) {
  const client = clients[who]!;
  const cookie = client.cookieHeader();
  return t.app.inject({
    method,
    url,
    remoteAddress: client.ip,
    headers: { ...(method === 'GET' ? {} : { origin: t.config.PUBLIC_URL }), ...(cookie ? { cookie } : {}) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}
const ok = async (who: Who, method: Method, url: string, body?: unknown) =>
  (await ask(who, method, url, body)).statusCode === 200;
/** Not refused as unknown: the owner-only actions answer another user 403, and the owner 200 or a rule. */
const known = async (who: Who, method: Method, url: string, body?: unknown) => {
  const { statusCode } = await ask(who, method, url, body);
  return statusCode !== 404 && statusCode !== 401;
};
const fileStatuses = async (who: Who, uuid: string) =>
  Promise.all(
    [`${uuid}.webp`, `${uuid}.png`, `${uuid}-min.webp`].map(
      async (file) => (await ask(who, 'GET', `/images/${file}`)).statusCode,
    ),
  );
/** Whether the uuid is among the cards of a gallery board. */
async function onBoard(who: Who, query: string, uuid: string) {
  const answer = await ask(who, 'POST', `/api/gallery/search?size=48&${query}`, {});
  expect(answer.statusCode).toBe(200);
  return answer.json<{ items: { uuid: string }[] }>().items.some((item) => item.uuid === uuid);
}

/** The first snapshot of a live stream, read over a real connection (it never ends by itself). */
function streamSnapshot(who: Who, url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const cookie = clients[who]!.cookieHeader();
    const request = http.get(`${base}${url}`, { headers: cookie ? { cookie } : {} }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (/event: tasks\ndata: .*\n\n/.test(text)) {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, text });
        }
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
  });
}

/** A 1×1 black PNG, base64. */
const BLACK_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

/** The routes that hand out image data, each with how it is asked. Keys: method and URL as registered. */
const IMAGE_ROUTES: Record<string, Probe[]> = {
  'GET /images/:file': [
    {
      files: true,
      async sees(who, uuid) {
        const statuses = await fileStatuses(who, uuid);
        // The PNG, the WebP and the thumbnail are served or refused together.
        expect(new Set(statuses).size, `${who}: ${statuses.join(' ')}`).toBe(1);
        return statuses[0] === 200;
      },
    },
  ],
  // The sharing card is the same for everybody, so a private image has none, not even for its owner.
  'GET /images/:uuid-social.jpg': [
    { files: true, privateTo: [], sees: (who, uuid) => ok(who, 'GET', `/images/${uuid}-social.jpg`) },
  ],
  'GET /api/image/:uuid/info': [{ sees: (who, uuid) => ok(who, 'GET', `/api/image/${uuid}/info`) }],
  'GET /api/image/:uuid/info/gen': [{ sees: (who, uuid) => ok(who, 'GET', `/api/image/${uuid}/info/gen`) }],
  'GET /api/image/:uuid/tags': [{ sees: (who, uuid) => ok(who, 'GET', `/api/image/${uuid}/tags`) }],
  'PUT /api/image/:uuid/private': [
    { publicTo: SIGNED_IN, sees: (who, uuid) => known(who, 'PUT', `/api/image/${uuid}/private`) },
  ],
  'DELETE /api/image/:uuid': [
    { publicTo: SIGNED_IN, sees: (who, uuid) => known(who, 'DELETE', `/api/image/${uuid}`) },
  ],
  'POST /api/action/favorite': [
    { publicTo: SIGNED_IN, sees: (who, uuid) => ok(who, 'POST', '/api/action/favorite', { uuid }) },
  ],
  'PUT /api/action/report/:flag': [
    { publicTo: SIGNED_IN, sees: (who, uuid) => ok(who, 'PUT', '/api/action/report/0', { uuid }) },
  ],
  // Upscaling is for the owner's own images, public or private.
  'POST /api/tasks/:uuid/upscale': [
    { publicTo: ['owner'], sees: (who, uuid) => known(who, 'POST', `/api/tasks/${uuid}/upscale`) },
  ],
  // A tweak may start from the caller's own images and from public ones. The probe's mask is 1×1 and
  // black, so a source the caller may see is refused for its mask (400), never queued; one it may not see
  // is image_not_found (404).
  'POST /api/tasks/img2img/inpaint': [
    {
      publicTo: SIGNED_IN,
      sees: (who, uuid) =>
        known(who, 'POST', '/api/tasks/img2img/inpaint', { source_img: uuid, mask: BLACK_PIXEL_PNG }),
    },
  ],
  // Conversion is Pro only: a Free caller who may see the source is refused for the plan (403).
  'POST /api/tasks/img2img/convert': [
    {
      publicTo: SIGNED_IN,
      sees: (who, uuid) =>
        known(who, 'POST', '/api/tasks/img2img/convert', { source_img: uuid, target_style: 3 }),
    },
  ],
  'POST /api/gallery/search': [
    // Everybody's gallery lists public images only, even to their owner; a visitor gets the samples.
    { privateTo: [], publicTo: SIGNED_IN, sees: (who, uuid) => onBoard(who, 'author_id=0', uuid) },
    // A's page: A's creations for A, A's public images for the others.
    { publicTo: SIGNED_IN, sees: (who, uuid) => onBoard(who, `author_id=${ownerId}`, uuid) },
    // A collection: B added the image while it was public, and it leaves B's collection when made private.
    {
      publicTo: SIGNED_IN,
      async prepare(who, image) {
        if (who !== 'anonymous') expect(await ok(who, 'POST', '/api/action/favorite', image)).toBe(true);
      },
      sees: (who, uuid) => onBoard(who, 'favorite=true', uuid),
    },
  ],
  // The site map lists public images only (features/image/sitemap-repository.ts), alike for everybody.
  'GET /sitemap-images-:file.xml': [
    {
      privateTo: [],
      sees: async (who, uuid) => (await ask(who, 'GET', '/sitemap-images-1.xml')).body.includes(uuid),
    },
  ],
  // The live streams: the owner's own tasks, with the uuid of each one's image.
  'GET /api/tasks/monitor': [liveStreamProbe('/api/tasks/monitor')],
  'GET /api/events': [liveStreamProbe('/api/events')],
};

/** A finished task of A's that made the image, then the stream's first snapshot as `who`. */
function liveStreamProbe(url: string): Probe {
  return {
    publicTo: ['owner'],
    async prepare(_who, image) {
      const task = await enqueuePaidTask(t, ownerId, { cost: 0 });
      await t.database.db
        .updateTable('task')
        .set({ state: TASK_STATE.Done, image_id: image.id, finished_at: new Date() })
        .where('id', '=', task.id)
        .execute();
    },
    async sees(who, uuid) {
      const snapshot = await streamSnapshot(who, url);
      return snapshot.status === 200 && snapshot.text.includes(uuid);
    },
  };
}

/** Served by the web app's fallback, not a registered route: the sharing metadata of the viewer page. */
const VIEWER_PAGE: Probe = {
  privateTo: [],
  async sees(who, uuid) {
    const page = await ask(who, 'GET', `/image/${uuid}`);
    return page.body.includes(`/images/${uuid}-social.jpg`);
  },
};

/** Routes whose path looks like image data but that hand out none, and why. */
const NO_IMAGE_DATA: Record<string, string> = {
  'POST /api/player/scroll':
    "counts the caller's views of images it may see (visibleTo); another user's private image counts 0, as an unknown one",
  'POST /api/tasks/txt2img': "the caller's new task; a duplicate names the caller's own image only",
  'POST /api/tasks/tags':
    "the caller's prompt plus tags that public images carry, never a private prompt's word (assistant-tags.test.ts)",
  'POST /api/tasks/nl_convert': "the caller's text as tags; reads no image",
  'DELETE /api/action/favorite': "takes an image out of the caller's own collection; answers ok",
  'DELETE /api/action/favorites': "takes images out of the caller's own collection; answers a count",
  'GET /api/gallery/search/tags': 'tag names and public usage counts (tag-privacy.test.ts)',
  'GET /api/worker/jobs/:id/source': 'workers only: the source image of the job the worker leased',
  'GET /api/worker/jobs/:id/mask': 'workers only: the mask the user painted for the job the worker leased',
  'GET /api/catalogue/preview/style/:file': "catalogue art from the preview renderer, not a user's image",
  'GET /api/catalogue/preview/booster/:file': "catalogue art from the preview renderer, not a user's image",
  'GET /image/modifiers/:file': "catalogue art from the preview renderer, not a user's image",
  'PUT /api/preset/:id/favorite': 'a catalogue preset, not an image',
  'GET /api/event': 'the current game event; `found` lists the uuids of the images the caller found',
  'GET /api/event/visitor': 'the current game event: texts, dates and counts, no image',
  'POST /api/event/:uuid': "records that the caller closed an event's announcement; answers ok",
  'POST /api/event/:eventUuid/:imageUuid':
    'whether an image the caller may see (visibleTo) is one the event hides: another user’s private image ' +
    'answers found: false, as an unmarked one (game-event.test.ts)',
};

/** What makes a route look image-bearing: its path, or a uuid/image field in its params or body. */
const IMAGE_WORDS =
  /image|gallery|favorite|collection|creation|task|monitor|preview|source|social|event|feed/i;
function looksImageBearing(route: RouteOptions): boolean {
  // Staff calls show held and reported images, each refusing the rest (mod-console.test.ts); the guest trial's show a guest session its own task only (guest-trial.test.ts).
  if (route.url.startsWith('/api/mod/') || route.url.startsWith('/api/tasks/guest')) return false;
  if (IMAGE_WORDS.test(route.url) || /:(uuid|file)\b/.test(route.url)) return true;
  const schema = (route.schema ?? {}) as { params?: unknown; body?: unknown; querystring?: unknown };
  return [schema.params, schema.body, schema.querystring].some((part) =>
    Object.keys(shapeOf(part)).some((key) => /uuid|image/i.test(key)),
  );
}
function shapeOf(schema: unknown): Record<string, unknown> {
  let current = schema as { def?: { type: string; innerType?: unknown; in?: unknown }; shape?: object };
  for (let depth = 0; current?.def && depth < 10; depth++) {
    if (current.def.type === 'object') return (current.shape ?? {}) as Record<string, unknown>;
    current = (current.def.innerType ?? current.def.in) as typeof current;
  }
  return {};
}

/** Each method and URL as registered (HEAD is the GET route's own handler). */
function registered(): Map<string, RouteOptions> {
  const routes = new Map<string, RouteOptions>();
  for (const route of t.routes)
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.set(`${method} ${route.url}`, route);
  return routes;
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mirage-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><title>Mirage</title></head><body></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, deps: { serveWeb: true } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await signedIn(t);
  clients.owner = owner.client;
  ownerId = owner.id;
  clients.other = (await signedIn(t)).client;
  clients.anonymous = new Client(t.app);
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the route table', () => {
  it('names every registered route that looks image-bearing, and only registered routes', () => {
    const routes = registered();
    const unlisted = [...routes]
      .filter(([key, route]) => looksImageBearing(route) && !(key in IMAGE_ROUTES) && !(key in NO_IMAGE_DATA))
      .map(([key]) => key);
    expect(unlisted, 'add these to IMAGE_ROUTES (with a probe) or NO_IMAGE_DATA (with why)').toEqual([]);
    const stale = [...Object.keys(IMAGE_ROUTES), ...Object.keys(NO_IMAGE_DATA)].filter(
      (key) => !routes.has(key),
    );
    expect(stale, 'no longer registered').toEqual([]);
  });

  it('has the one SQL filter on privacy in visibility-repository.ts (elsewhere: .where(visibleTo(viewer)))', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const filter =
      /(where|eb)\(\s*['"](image\.)?is_private['"]|\bnot\s+(image\.)?is_private\b|is_private\s*(=|<>|!=)\s/;
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.startsWith('db/migrations/'))
      .filter((file) => !file.endsWith('visibility-repository.ts'))
      .filter((file) => filter.test(readFileSync(path.join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

/** Asks the probe for a fresh image per viewer; returns who saw it. `held`: by the image safety check. */
async function whoSees(probe: Probe, mode: 'public' | 'private' | 'held'): Promise<Who[]> {
  const seen: Who[] = [];
  for (const who of EVERYBODY) {
    const image = await addImage(t, ownerId, { files: probe.files ?? false });
    await probe.prepare?.(who, image);
    if (mode !== 'public') {
      const hidden = mode === 'private' ? { is_private: true } : { safety_state: 'held' as const };
      await t.database.db.updateTable('image').set(hidden).where('id', '=', image.id).execute();
    }
    if (await probe.sees(who, image.uuid)) seen.push(who);
  }
  return seen;
}

const cases = [
  ...Object.entries(IMAGE_ROUTES).flatMap(([key, probes]) =>
    probes.map((probe, index) => ({ name: probes.length > 1 ? `${key} #${index + 1}` : key, probe })),
  ),
  { name: 'GET /image/:uuid (the viewer page, served by the web fallback)', probe: VIEWER_PAGE },
];

describe.each(cases)('$name', ({ probe }) => {
  it('shows a private or held image to its owner only (invariant 4), and a public one as always', async () => {
    expect(await whoSees(probe, 'private'), 'private').toEqual(probe.privateTo ?? ['owner']);
    // Public by its owner's choice, but held by the image-side safety check (docs/architecture/image-safety.md).
    expect(await whoSees(probe, 'held'), 'held').toEqual(probe.privateTo ?? ['owner']);
    expect(await whoSees(probe, 'public'), 'public').toEqual(probe.publicTo ?? EVERYBODY);
  });
});

/** The single-request image calls, by uuid: a refusal must not tell a private image from a missing one. */
const BY_UUID: [Method, (uuid: string) => string, unknown?][] = [
  ['GET', (uuid) => `/images/${uuid}.webp`],
  ['GET', (uuid) => `/images/${uuid}.png`],
  ['GET', (uuid) => `/images/${uuid}-min.webp`],
  ['GET', (uuid) => `/images/${uuid}-social.jpg`],
  ['GET', (uuid) => `/image/${uuid}`],
  ['GET', (uuid) => `/api/image/${uuid}/info`],
  ['GET', (uuid) => `/api/image/${uuid}/info/gen`],
  ['GET', (uuid) => `/api/image/${uuid}/tags`],
  ['PUT', (uuid) => `/api/image/${uuid}/private`],
  ['DELETE', (uuid) => `/api/image/${uuid}`],
  ['POST', () => '/api/action/favorite', 'uuid'],
  ['PUT', () => '/api/action/report/0', 'uuid'],
  ['POST', (uuid) => `/api/tasks/${uuid}/upscale`],
];

describe('a private image refused', () => {
  it('answers exactly as an image that does not exist, to a visitor and to another user', async () => {
    const image = await addImage(t, ownerId, { is_private: true, files: true });
    const held = await addImage(t, ownerId, { files: true, safety_state: 'held' });
    const missing = randomUUID();
    for (const who of ['anonymous', 'other'] as const) {
      for (const [method, url, body] of BY_UUID) {
        const answer = async (uuid: string) => {
          const response = await ask(who, method, url(uuid), body ? { uuid } : undefined);
          return { status: response.statusCode, body: response.body.replaceAll(uuid, '{uuid}') };
        };
        const [name, expected] = [`${who} ${method} ${url('{uuid}')}`, await answer(missing)];
        for (const refused of [image, held]) expect(await answer(refused.uuid), name).toEqual(expected);
      }
    }
  });
});

describe('canView and visibleTo', () => {
  it('agree on every pair of viewer and image', async () => {
    const other = (await signedIn(t)).id;
    const images = [
      await addImage(t, ownerId),
      await addImage(t, ownerId, { is_private: true }),
      await addImage(t, other),
      await addImage(t, other, { is_private: true }),
    ];
    const uuids = images.map((image) => image.uuid);
    const viewers: ImageViewer[] = [ANONYMOUS, ownerId, other, other + 1000];
    for (const viewer of viewers) {
      const rows = await t.database.db
        .selectFrom('image')
        .select('uuid')
        .where('uuid', 'in', uuids)
        .where(visibleTo(viewer))
        .execute();
      const expected = images.filter((image) => canView(viewer, image)).map((image) => image.uuid);
      expect(rows.map((row) => row.uuid).sort(), `viewer ${viewer}`).toEqual(expected.sort());
    }
    // Not a vacuous agreement: each viewer sees the public images, and only the owners see more.
    expect(images.filter((image) => canView(ANONYMOUS, image))).toHaveLength(2);
    expect(images.filter((image) => canView(ownerId, image))).toHaveLength(3);
  });
});
