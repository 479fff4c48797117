// bench:leaderboard — the five leaderboards at scale. Generates BENCH_PLAYERS (default 1,000,000) synthetic
// players with long-tailed statistics (many ties at small values), computes every board's ranks as the
// background refresh does (timed), then reports p50/p95/p99 of what POST /api/leaderboard/{board} runs
// through the leaderboard service (no HTTP): the first page, a deep page, and a page with the caller's own
// rank for a random player. On the embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set (BENCH_ONLY=pglite|postgres picks one). Issue 11 target: p95 ≤ 20 ms at 1 M
// players on PostgreSQL, own rank included.
import { LEADERBOARD_PAGE_SIZE, LEADERBOARDS } from '@mirage/domain';
import { sql } from 'kysely';
import { migrateToLatest, type DatabaseHandle } from '../apps/api/src/db/database.ts';
import { createLeaderboardRepository } from '../apps/api/src/features/leaderboard/repository.ts';
import { createLeaderboardService } from '../apps/api/src/features/leaderboard/service.ts';
import { onEachDatabase } from './bench-support.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function seed(database: DatabaseHandle): Promise<{ first: number; last: number }> {
  const { db } = database;
  const started = performance.now();
  const batch = 100_000;
  for (let from = 1; from <= PLAYERS; from += batch) {
    const to = Math.min(PLAYERS, from + batch - 1);
    await sql`insert into app_user (username, email, referral_code)
      select 'p' || g, 'p' || g || '@example.com', 'L' || lpad(g::text, 9, '0')
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
    process.stdout.write(`\r  ${to.toLocaleString('en')} users`);
  }
  const { rows } = await sql<{ first: number; last: number }>`
    select min(id) as first, max(id) as last from app_user`.execute(db);
  const { first, last } = rows[0]!;
  // Long tails (power 4 of a uniform draw): most players have little, a few a lot; small values tie often.
  // Each value was reached at some time in the last year.
  await sql`insert into player (user_id, level, xp_total, scroll, approved_reports, daily_streak,
      daily_streak_best, image_generated, xp_total_at, scroll_at, approved_reports_at, daily_streak_best_at,
      image_generated_at)
    select id, 1 + floor(60 * power(random(), 4))::int, floor(200000 * power(random(), 4))::int,
      floor(20000 * power(random(), 4))::int, floor(40 * power(random(), 6))::int,
      floor(30 * power(random(), 4))::int, floor(120 * power(random(), 4))::int,
      floor(5000 * power(random(), 4))::int,
      now() - random() * interval '365 days', now() - random() * interval '365 days',
      now() - random() * interval '365 days', now() - random() * interval '365 days',
      now() - random() * interval '365 days'
    from app_user`.execute(db);
  await sql`analyze`.execute(db);
  console.log(`\n  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { first, last };
}

async function bench(label: string, database: DatabaseHandle) {
  await migrateToLatest(database.db);
  console.log(`${label}: generating ${PLAYERS.toLocaleString('en')} players`);
  const { first, last } = await seed(database);
  const boards = createLeaderboardRepository(database.db);
  const service = createLeaderboardService({ boards, now: () => new Date() });

  console.log(`\n| refresh (${label}, ${PLAYERS.toLocaleString('en')} players) | players ranked | time |`);
  console.log('| --- | ---: | ---: |');
  for (const board of LEADERBOARDS) {
    const started = performance.now();
    const ranked = await boards.refresh(board, new Date());
    const seconds = (performance.now() - started) / 1000;
    console.log(`| ${board} | ${ranked.toLocaleString('en')} | ${seconds.toFixed(1)} s |`);
  }
  await sql`analyze leaderboard_rank`.execute(database.db);

  const randomPlayer = () => first + Math.floor(Math.random() * (last - first + 1));
  const randomBoard = () => LEADERBOARDS[Math.floor(Math.random() * LEADERBOARDS.length)]!;
  const cases: [string, () => Promise<unknown>][] = [
    ['first page, guest', () => service.page(randomBoard(), 0, LEADERBOARD_PAGE_SIZE, null)],
    [
      'random page, guest',
      () => service.page(randomBoard(), Math.floor(Math.random() * 2000), LEADERBOARD_PAGE_SIZE, null),
    ],
    ['first page + own rank', () => service.page(randomBoard(), 0, LEADERBOARD_PAGE_SIZE, randomPlayer())],
    [
      'deep page + own rank',
      () => service.page(randomBoard(), 20_000 + Math.floor(Math.random() * 10_000), 25, randomPlayer()),
    ],
  ];
  console.log(`\n| case (${label}, ${PLAYERS.toLocaleString('en')} players) | p50 | p95 | p99 |`);
  console.log('| --- | ---: | ---: | ---: |');
  for (const [name, query] of cases) {
    for (let i = 0; i < 10; i++) await query(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await query();
      times.push(performance.now() - started);
    }
    const ms = (p: number) => `${pct(times, p).toFixed(1)} ms`;
    console.log(`| ${name} | ${ms(0.5)} | ${ms(0.95)} | ${ms(0.99)} |`);
  }
  console.log('');
}

await onEachDatabase(bench);
