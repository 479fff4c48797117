// bench:streams — N concurrent live task streams (GET /api/tasks/monitor, or GET /api/events with
// `--route events`) on one API instance, and the fan-out of task progress to all of them.
//
// The API runs in this process (buildApp, as main.ts builds it, real HTTP on loopback); the streams are held
// by scripts/bench-streams-client.mjs in another process. On PostgreSQL (a fresh database, dropped after)
// when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set, else on the embedded PGlite.
//
// Set-up shortcuts (a bench, not a product path): the users, their sessions (a random token, its SHA-256
// stored as the session service does) and one running task per user are inserted with plain SQL. The
// product caps streams at 8 per user and instance (features/live/hub.ts, deliberate), so N streams are
// spread over ceil(N / 8) users (`--per-user 1`: one stream per user, N users).
//
// Each round updates every user's task (progress_step = round, as a worker's progress report does) and
// sends the `taskChanged` signal for each task in one statement, the way lifecycle.ts signals a progress
// (there, one task per statement). The clock runs from just before that statement to the arrival of the
// `tasks` event carrying the new step in the client process. Measured: server RSS before and after the
// streams opened, and emit → receipt latency over several rounds.
//
//   npm run bench:streams -- --streams 10000 --rounds 5 [--per-user 8] [--route monitor|events]
//     [--server-cpus 0 --client-cpus 1]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { CHANNEL, createNotifierFor } from '../apps/api/src/events/notifier.ts';
import { MAX_STREAMS_PER_USER } from '../apps/api/src/features/live/hub.ts';
import { hashToken, newToken } from '../apps/api/src/features/session/index.ts';
import { SESSION_COOKIE } from '../apps/api/src/http/session-cookies.ts';
import { freshDatabase } from './bench-fresh-database.ts';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
    // Rounds run first and left out of the totals (the first round after the streams open pays for the
    // JIT compiling the fan-out path, as a fresh instance does once). Printed, marked as warm-up.
    'warm-up': { type: 'string', default: '1' },
    route: { type: 'string', default: 'monitor' },
    parallel: { type: 'string', default: '64' },
    // Streams per user: the cap by default (the fewest users); 1 is one visible tab per user.
    'per-user': { type: 'string', default: String(MAX_STREAMS_PER_USER) },
    // CPU lists for taskset (Linux), e.g. --server-cpus 0 --client-cpus 1: the client then does not take
    // the server's cores, as when the browsers are elsewhere. PostgreSQL is not pinned.
    'server-cpus': { type: 'string' },
    'client-cpus': { type: 'string' },
  },
});
const STREAMS = Number(args.streams);
const ROUNDS = Number(args.rounds);
const WARM_UP = Math.max(0, Number(args['warm-up']));
const ROUTE = args.route === 'events' ? '/api/events' : '/api/tasks/monitor';
const PER_USER = Math.min(MAX_STREAMS_PER_USER, Math.max(1, Number(args['per-user'])));
const USERS = Math.ceil(STREAMS / PER_USER);
const TARGET_RSS = 1024 ** 3;
const TARGET_P99_MS = 100;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const collect = () => (globalThis as { gc?: () => void }).gc?.();
const settle = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

const limits = spawnSync('sh', ['-c', 'echo $(ulimit -n) $(ulimit -Hn)'], { encoding: 'utf8' }).stdout.trim();
const [softLimit] = limits.split(' ');
console.log(`open files limit (ulimit -n, soft hard): ${limits}; ${os.cpus().length} cores`);
if (Number(softLimit) < STREAMS + 256) {
  console.error(`each process needs about ${STREAMS + 256} file descriptors: raise ulimit -n (the npm script
raises the soft limit to the hard one; the hard limit needs root or /etc/security/limits.conf)`);
  process.exit(1);
}

const database = await freshDatabase({ postgresOnly: false });
const { db } = database.handle;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-bench-streams-'));
const notifier = await createNotifierFor(database.handle);
const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const { app, services } = await buildApp({ config, db, notifier, serveWeb: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

// Users, sessions and one running task each (see the top comment).
const seedStarted = performance.now();
await sql`insert into app_user (username, email, referral_code)
  select 'bstream' || g, 'bstream' || g || '@example.com', 'T' || lpad(g::text, 9, '0')
  from generate_series(1, ${USERS}) g`.execute(db);
const users = await sql<{
  id: number;
}>`select id from app_user where username like 'bstream%' order by id`.execute(db);
const tokens = users.rows.map(() => newToken());
const expiresAt = new Date(Date.now() + 24 * 3600_000);
for (let from = 0; from < tokens.length; from += 500) {
  await db
    .insertInto('session')
    .values(
      tokens.slice(from, from + 500).map((token, offset) => ({
        token_hash: hashToken(token),
        user_id: users.rows[from + offset]!.id,
        expires_at: expiresAt,
        user_agent: 'bench-streams',
        ip: '127.0.0.1',
      })),
    )
    .execute();
}
// One task enqueued the product's way, copied to every user as a running task (a worker holds its lease).
const templateId = crypto.randomUUID();
await db.transaction().execute((trx) =>
  services.queue.enqueue(
    trx,
    {
      id: templateId,
      user_id: users.rows[0]!.id,
      type: 'txt2img',
      lane: 'normal',
      settings: {},
      job: {
        id: templateId,
        type: 'txt2img',
        seed: 1,
        prompt: 'a lighthouse at dusk',
        negative_prompt: '',
        checkpoint: 'bench.safetensors',
        loras: [],
        width: 832,
        height: 1216,
        hires: null,
        steps: 28,
        cfg: 5,
        sampler: 'euler',
        scheduler: 'normal',
        upscale: null,
        face_restore: false,
        watermark: false,
        source_image_url: null,
        mask_image_url: null,
        denoise: null,
      },
      checkpoint: 'bench.safetensors',
      pixels: 832 * 1216,
      signature: null,
      cost: 0,
      paid_with: null,
    },
    new Date(),
  ),
);
await sql`insert into task (id, user_id, type, state, lane, queue_key, settings, job, checkpoint, pixels,
    signature, cost, paid_with, lease_expires_at, started_at, progress_max)
  select gen_random_uuid(), u.id, t.type, 1, t.lane, t.queue_key, t.settings, t.job, t.checkpoint,
    t.pixels, t.signature, t.cost, t.paid_with, now() + interval '1 hour', now(), 1000
  from task t cross join app_user u where t.id = ${templateId} and u.username like 'bstream%'`.execute(db);
await sql`delete from task where id = ${templateId}`.execute(db);
console.log(
  `${database.label}: ${USERS} users with a session and a running task each, inserted in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

const clientScript = new URL('./bench-streams-client.mjs', import.meta.url).pathname;
if (args['server-cpus']) {
  const pinned = spawnSync('taskset', ['-p', '-c', args['server-cpus'], String(process.pid)]);
  if (pinned.status !== 0) throw new Error(`taskset -p -c ${args['server-cpus']} failed`);
}
const clientCpus = args['client-cpus'];
console.log(`pinned: server to CPUs ${args['server-cpus'] ?? 'any'}, client to CPUs ${clientCpus ?? 'any'}`);
const client = clientCpus
  ? spawn('taskset', ['-c', clientCpus, process.execPath, clientScript], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    })
  : spawn(process.execPath, [clientScript], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
type ClientMessage =
  | { type: 'ready' | 'prepared' }
  | { type: 'opened'; ok: number; statuses: Record<string, number>; ms: number; rss: number }
  | { type: 'round-done'; round: number; latencies: number[]; missing: number; ended: number };
const next = <T extends ClientMessage['type']>(type: T) =>
  new Promise<Extract<ClientMessage, { type: T }>>((resolve, reject) => {
    const onMessage = (message: ClientMessage) => {
      if (message.type !== type) return;
      client.off('message', onMessage);
      client.off('exit', onExit);
      resolve(message as Extract<ClientMessage, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`client exited (${code}) awaiting ${type}`));
    client.on('message', onMessage);
    client.once('exit', onExit);
  });
await next('ready');

collect();
await settle(500);
collect();
const before = process.memoryUsage();
const cookies = Array.from(
  { length: STREAMS },
  (_, index) => `${SESSION_COOKIE}=${tokens[index % tokens.length]}`,
);
client.send({ type: 'open', base, path: ROUTE, cookies, parallel: Number(args.parallel) });
const opened = await next('opened');
console.log(
  `opened ${opened.ok} of ${STREAMS} streams on ${ROUTE} in ${(opened.ms / 1000).toFixed(1)} s (${USERS} users; answers ${JSON.stringify(opened.statuses)})`,
);
await settle(2000);
collect();
await settle(500);
const after = process.memoryUsage();
const perStream = (after.rss - before.rss) / Math.max(1, opened.ok);
console.log(
  `server RSS ${mb(before.rss)} before, ${mb(after.rss)} with the streams open: ${(perStream / 1024).toFixed(1)} KB per stream` +
    ` (heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}); client process RSS ${mb(opened.rss)}`,
);

const all: number[] = [];
for (let round = 1; round <= WARM_UP + ROUNDS; round++) {
  const measured = round > WARM_UP;
  client.send({ type: 'prepare', round });
  await next('prepared');
  await sql`update task set progress_step = ${round} where user_id in
    (select id from app_user where username like 'bstream%')`.execute(db);
  const emittedAt = performance.timeOrigin + performance.now();
  client.send({ type: 'round', round, emittedAt });
  const done = next('round-done');
  await sql`select pg_notify(${CHANNEL.taskChanged}, user_id || ':' || id) from task
    where user_id in (select id from app_user where username like 'bstream%')`.execute(db);
  const result = await done;
  const sorted = result.latencies.sort((a, b) => a - b);
  if (measured) all.push(...sorted);
  console.log(
    `${measured ? `round ${round - WARM_UP}` : `warm-up ${round}`}: ${sorted.length} received, ${result.missing} missing, ${result.ended} ended;` +
      ` first ${ms(sorted[0] ?? NaN)}, p50 ${ms(pct(sorted, 0.5))}, p95 ${ms(pct(sorted, 0.95))},` +
      ` p99 ${ms(pct(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? NaN)}`,
  );
  await settle(1000);
}
all.sort((a, b) => a - b);
collect();
const end = process.memoryUsage();
console.log(
  `\n${database.label}, ${opened.ok} streams on ${ROUTE}, ${ROUNDS} rounds after ${WARM_UP} warm-up` +
    ` (client in another process):`,
);
console.log(
  `  RSS with the streams open: ${mb(after.rss)} (target ≤ ${mb(TARGET_RSS)} at 10,000 streams)` +
    `, ${mb(end.rss)} after the rounds; ${(perStream / 1024).toFixed(1)} KB per stream`,
);
console.log(
  `  fan-out emit → receipt: p50 ${ms(pct(all, 0.5))}, p95 ${ms(pct(all, 0.95))}, p99 ${ms(pct(all, 0.99))},` +
    ` max ${ms(all.at(-1) ?? NaN)} (target p99 ≤ ${TARGET_P99_MS} ms at 10,000 streams)`,
);

client.send({ type: 'close' });
await new Promise((resolve) => client.once('exit', resolve));
await app.close();
await notifier.close();
await database.dispose();
rmSync(dataDir, { recursive: true, force: true });
