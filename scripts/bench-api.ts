// bench:api — requests per second of two everyday signed-in calls over real HTTP on loopback, on PostgreSQL
// only (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL; a fresh database, dropped after):
//   - POST /api/gallery/search with a mix of realistic filters, on a seeded gallery of public images;
//   - GET /api/user/me.
// The API runs in this process (buildApp, as main.ts builds it, with its pool of 10 connections); the
// clients run in another process (scripts/bench-api-client.mjs, keep-alive connections). Abuse limits are
// off for the run (RATE_LIMITS_DISABLED): all requests come from one address. Any answer but 200 is
// counted and printed.
//
// Set-up shortcuts (a bench): images, tags, users and their sessions (a random token, its SHA-256 stored
// as the session service does) are inserted with plain SQL.
//
//   npm run bench:api -- --concurrency 32 --seconds 10 --images 5000
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createNotifierFor } from '../apps/api/src/events/notifier.ts';
import { hashToken, newToken } from '../apps/api/src/features/session/index.ts';
import { SESSION_COOKIE } from '../apps/api/src/http/session-cookies.ts';
import { freshDatabase } from './bench-fresh-database.ts';

const { values: args } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '2' },
    images: { type: 'string', default: '5000' },
  },
});
const CONCURRENCY = Number(args.concurrency);
const SECONDS = Number(args.seconds);
const IMAGES = Number(args.images);
const AUTHORS = 100;
const TAGS = 500;

/** A free port, so that PUBLIC_URL (the origin check's site) names the port the API listens on. */
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;

const database = await freshDatabase({ postgresOnly: true });
const { db } = database.handle;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-bench-api-'));
const notifier = await createNotifierFor(database.handle);
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  PUBLIC_URL: origin,
  RATE_LIMITS_DISABLED: 'true',
});
const { app } = await buildApp({ config, db, notifier, serveWeb: false });
const base = await app.listen({ port, host: '127.0.0.1' });

// The gallery: AUTHORS users, TAGS prompt tags used with a power-3 skew, 10 % private images, each image
// with its system tags (style, render, format, generation type) as bench:gallery seeds them.
const seedStarted = performance.now();
await sql`insert into app_user (username, email, referral_code)
  select 'bapi' || g, 'bapi' || g || '@example.com', 'A' || lpad(g::text, 9, '0')
  from generate_series(1, ${AUTHORS}) g`.execute(db);
const users = await sql<{
  id: number;
}>`select id from app_user where username like 'bapi%' order by id`.execute(db);
const firstUser = users.rows[0]!.id;
await sql`insert into tag (kind, name, usage_count)
  select 'prompt', 'bench tag ' || g, 0 from generate_series(1, ${TAGS}) g`.execute(db);
const firstTag = (
  await sql<{ first: number }>`select min(id) as first from tag where name like 'bench tag %'`.execute(db)
).rows[0]!.first;
const systemTag = async (kind: string, name: string) =>
  (await sql<{ id: number }>`select id from tag where kind = ${kind} and name = ${name}`.execute(db)).rows[0]!
    .id;
const styleLibs = await sql<{
  lib: string;
}>`select lib from graphic_style where id between 1 and 14 order by id`.execute(db);
const styleTags = await Promise.all(styleLibs.rows.map((row) => systemTag('style', row.lib)));
const renderTags = [await systemTag('render', 'hentai'), await systemTag('render', 'realistic')];
const formatTags = await Promise.all(['portrait', 'wide', 'square'].map((name) => systemTag('format', name)));
const genTypeTags = [await systemTag('gen_type', 'txt2img'), await systemTag('gen_type', 'inpaint')];
await sql`insert into image (uuid, user_id, style_id, gen_type, render, format, quality, seed, width, height,
    prompt, neg_prompt, gen_data, blurhash, is_private, tag_ids)
  select gen_random_uuid(), ${firstUser} + (g % ${AUTHORS}), 1 + (g / 7) % 14,
    case when (g / 3) % 20 = 0 then 'inpaint' else 'txt2img' end,
    case when (g / 11) % 3 = 0 then 'realistic' else 'hentai' end,
    (array['Portrait', 'Wide', 'Square'])[1 + (g / 5) % 3], 'Standard', g, 832, 1216,
    'a lighthouse at dusk', '', '{}'::jsonb, 'LEHV6nWB2yk8pyo0adR*.7kCMdnj', g % 10 = 0,
    (select array_agg(t order by t) from (
       select distinct ${firstTag} + floor(${TAGS} * power(random(), 3))::int as t from generate_series(1, 6 + (g % 10))
       union all
       select unnest(array[(${styleTags}::bigint[])[1 + (g / 7) % 14],
         (${renderTags}::bigint[])[case when (g / 11) % 3 = 0 then 2 else 1 end],
         (${formatTags}::bigint[])[1 + (g / 5) % 3],
         (${genTypeTags}::bigint[])[case when (g / 3) % 20 = 0 then 2 else 1 end]])) picked)
  from generate_series(1, ${IMAGES}) g`.execute(db);
await sql`update tag set usage_count = counted.n from (
    select t, count(*) as n from image, unnest(tag_ids) t where not is_private group by t) counted
  where tag.id = counted.t`.execute(db);
// Every signed-in client has its own user and session; each user favours 50 images.
const viewers = users.rows.slice(0, Math.min(CONCURRENCY, AUTHORS));
const tokens = viewers.map(() => newToken());
await db
  .insertInto('session')
  .values(
    viewers.map((viewer, index) => ({
      token_hash: hashToken(tokens[index]!),
      user_id: viewer.id,
      expires_at: new Date(Date.now() + 24 * 3600_000),
      user_agent: 'bench-api',
      ip: '127.0.0.1',
    })),
  )
  .execute();
await sql`insert into favorite (user_id, image_id)
  select u.id, i.id from app_user u cross join lateral (
    select id from image where not is_private and id % 7 = u.id % 7 order by id desc limit 50) i
  where u.username like 'bapi%'`.execute(db);
await sql`analyze`.execute(db);
console.log(
  `${database.label}: ${IMAGES.toLocaleString('en')} images (${AUTHORS} authors, ${TAGS} tags, 10 % private), ${viewers.length} signed-in users, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

const tag = (rank: number) => firstTag + rank - 1;
const search = (query: string, body: object) => ({
  method: 'POST',
  path: `/api/gallery/search${query}`,
  body,
});
const searches = [
  search('', {}),
  search('?page=2', {}),
  search('', { pos_search: [tag(1)] }),
  search('', { pos_search: [tag(3), tag(60)] }),
  search('', { pos_search: [tag(5)], neg_search: [tag(2)] }),
  search('', { opt_search: [tag(20), tag(30), tag(40)] }),
  search('', { styles: [2, 5], formats: ['Wide'], renders: ['realistic'] }),
  search('', { shuffle: 0.42 }),
  search(`?author_id=${firstUser + 3}`, {}),
  search('?favorite=true', {}),
];
const cases = [
  { name: 'POST /api/gallery/search (10 filter mixes)', requests: searches },
  { name: 'GET /api/user/me', requests: [{ method: 'GET', path: '/api/user/me' }] },
];

// Each request once, to show what it answers (a search that finds nothing would measure little).
for (const request of searches) {
  const response = await fetch(`${base}${request.path}`, {
    method: 'POST',
    headers: { cookie: `${SESSION_COOKIE}=${tokens[0]}`, origin, 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  const answer = (await response.json()) as { items?: unknown[]; total?: unknown };
  if (response.status !== 200)
    throw new Error(`${request.path} ${JSON.stringify(request.body)}: ${response.status}`);
  console.log(
    `  ${request.path} ${JSON.stringify(request.body)}: ${answer.items?.length ?? '?'} items, total ${JSON.stringify(answer.total)}`,
  );
}

interface ClientResult {
  count: number;
  seconds: number;
  statuses: Record<string, number>;
  errors: number;
  latencies: { p50: number; p99: number; max: number };
}
const results: string[] = [];
for (const { name, requests } of cases) {
  const client = spawn(process.execPath, [new URL('./bench-api-client.mjs', import.meta.url).pathname], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const result = await new Promise<ClientResult>((resolve, reject) => {
    client.once('message', (message) => resolve(message as ClientResult));
    client.once('exit', (code) => reject(new Error(`client exited (${code})`)));
    client.send({
      base,
      origin,
      cookies: tokens.map((token) => `${SESSION_COOKIE}=${token}`),
      requests,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      warmUpSeconds: Number(args['warm-up']),
    });
  });
  const line =
    `${name}: ${(result.count / result.seconds).toFixed(0)} req/s, p50 ${result.latencies.p50.toFixed(1)} ms,` +
    ` p99 ${result.latencies.p99.toFixed(1)} ms, max ${result.latencies.max.toFixed(1)} ms;` +
    ` ${result.count} requests, errors ${result.errors} (answers ${JSON.stringify(result.statuses)})`;
  console.log(line);
  results.push(line);
}
console.log(
  `\n${database.label}, concurrency ${CONCURRENCY}, ${SECONDS} s each (after ${args['warm-up']} s of warm-up), keep-alive, clients in another process:`,
);
for (const line of results) console.log(`  ${line}`);

await app.close();
await notifier.close();
await database.dispose();
rmSync(dataDir, { recursive: true, force: true });
if (results.some((line) => !line.includes('errors 0 '))) process.exitCode = 1;
