// bench:gallery — the gallery search at scale. Generates BENCH_IMAGES (default 1,000,000) synthetic image
// rows (skewed tag use, 10 % private, 1,000 authors, favourites and a blacklist for the viewer), then
// reports p50/p95/p99 of typical searches through the gallery service, as POST /api/gallery/search runs
// them (the page, the capped count and the searched tags' counts, in parallel; no HTTP). On the embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set (BENCH_ONLY=pglite|postgres picks one).
import { searchBodySchema, type SearchBody } from '@mirage/domain';
import { sql } from 'kysely';
import { migrateToLatest, type DatabaseHandle } from '../apps/api/src/db/database.ts';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue.ts';
import { createGallerySearchRepository } from '../apps/api/src/features/gallery/search-repository.ts';
import { createGalleryService, type SearchParams } from '../apps/api/src/features/gallery/service.ts';
import { createTagRepository } from '../apps/api/src/features/tag/repository.ts';
import { createSystemTagIndex } from '../apps/api/src/features/tag/system-tags.ts';
import { onEachDatabase } from './bench-support.ts';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TAGS = 5000;
const AUTHORS = 1000;

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function seed(database: DatabaseHandle) {
  const { db } = database;
  const started = performance.now();
  await sql`insert into app_user (username, email, referral_code)
    select 'bench' || g, 'bench' || g || '@example.com', 'B' || lpad(g::text, 9, '0')
    from generate_series(1, ${AUTHORS}) g`.execute(db);
  const users = await sql<{
    first: number;
  }>`select min(id) as first from app_user where username like 'bench%'`.execute(db);
  const firstUser = users.rows[0]!.first;
  await sql`insert into tag (kind, name, usage_count)
    select 'prompt', 'bench tag ' || g, 0 from generate_series(1, ${TAGS}) g`.execute(db);
  const tags = await sql<{
    first: number;
  }>`select min(id) as first from tag where name like 'bench tag %'`.execute(db);
  const firstTag = tags.rows[0]!.first;
  // Every image also carries its system tags (style, render, format, generation type), as real ones do.
  const systemId = async (kind: string, name: string) =>
    (await sql<{ id: number }>`select id from tag where kind = ${kind} and name = ${name}`.execute(db))
      .rows[0]!.id;
  const styleLibs = await sql<{
    lib: string;
  }>`select lib from graphic_style where id between 1 and 14 order by id`.execute(db);
  const styleTags = await Promise.all(styleLibs.rows.map((row) => systemId('style', row.lib)));
  const renderTags = [await systemId('render', 'hentai'), await systemId('render', 'realistic')];
  const formatTags = await Promise.all(
    ['portrait', 'wide', 'square'].map((name) => systemId('format', name)),
  );
  const genTypeTags = [await systemId('gen_type', 'txt2img'), await systemId('gen_type', 'inpaint')];
  // Tag popularity is skewed (power 3): low numbers are common ("masterpiece"), high ones rare. Style,
  // render, format and generation type vary independently of each other (different strides of g).
  const batch = 100_000;
  for (let from = 1; from <= IMAGES; from += batch) {
    const to = Math.min(IMAGES, from + batch - 1);
    await sql`insert into image (uuid, user_id, style_id, gen_type, render, format, quality, seed, width, height,
        prompt, neg_prompt, gen_data, blurhash, is_private, tag_ids)
      select gen_random_uuid(), ${firstUser} + (g % ${AUTHORS}), 1 + (g / 7) % 14,
        case when (g / 3) % 20 = 0 then 'inpaint' else 'txt2img' end,
        case when (g / 11) % 3 = 0 then 'realistic' else 'hentai' end,
        (array['Portrait', 'Wide', 'Square'])[1 + (g / 5) % 3], 'Standard', g, 832, 1144, 'bench', '', '{}'::jsonb,
        'LEHV6nWB2yk8pyo0adR*.7kCMdnj', g % 10 = 0,
        (select array_agg(t order by t) from (
           select distinct ${firstTag} + floor(${TAGS} * power(random(), 3))::int as t from generate_series(1, 6 + (g % 10))
           union all
           select unnest(array[(${styleTags}::bigint[])[1 + (g / 7) % 14],
             (${renderTags}::bigint[])[case when (g / 11) % 3 = 0 then 2 else 1 end],
             (${formatTags}::bigint[])[1 + (g / 5) % 3],
             (${genTypeTags}::bigint[])[case when (g / 3) % 20 = 0 then 2 else 1 end]])) picked)
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
    process.stdout.write(`\r  ${to.toLocaleString('en')} images`);
  }
  // Usage counts count public images only (tag/usage-repository.ts).
  await sql`update tag set usage_count = counted.n from (
      select t, count(*) as n from image, unnest(tag_ids) t where not is_private group by t) counted
    where tag.id = counted.t`.execute(db);
  const viewer = firstUser;
  await sql`insert into favorite (user_id, image_id)
    select ${viewer}, id from image where not is_private order by id desc limit 500`.execute(db);
  await sql`insert into user_tag_ban (user_id, tag_id)
    select ${viewer}, ${firstTag} + g from generate_series(2000, 2002) g`.execute(db);
  await sql`analyze`.execute(db);
  console.log(`\n  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { viewer, firstTag, firstUser };
}

async function bench(label: string, database: DatabaseHandle) {
  await migrateToLatest(database.db);
  await seedCatalogue(database.db);
  console.log(`${label}: generating ${IMAGES.toLocaleString('en')} images`);
  const { viewer, firstTag, firstUser } = await seed(database);
  const tagRepository = createTagRepository(database.db);
  const gallery = createGalleryService({
    search: createGallerySearchRepository(database.db),
    tags: tagRepository,
    systemTags: createSystemTagIndex(database.db),
  });
  const tag = (rank: number) => firstTag + rank - 1;
  const random = () => Math.random() * 2 - 1;
  const body = (partial: Partial<SearchBody>) => searchBodySchema.parse(partial);
  const board = { page: 0, size: 12, author_id: 0, favorite: false, offset: 0 };
  const run = (params: Partial<SearchParams>, searchBody: SearchBody) =>
    gallery.search(viewer, { ...board, ...params }, searchBody);

  const cases: [string, () => Promise<unknown>][] = [
    ['newest, page 1', () => run({ page: 0 }, body({}))],
    ['newest, page 40', () => run({ page: 40 }, body({}))],
    ['shuffle, page 1', () => run({ page: 0 }, body({ shuffle: random() }))],
    ['shuffle, page 10', () => run({ page: 10 }, body({ shuffle: random() }))],
    ['1 common tag', () => run({ page: 0 }, body({ pos_search: [tag(1 + Math.floor(Math.random() * 20))] }))],
    [
      '2 tags (all of)',
      () => run({ page: 0 }, body({ pos_search: [tag(3), tag(50 + Math.floor(Math.random() * 100))] })),
    ],
    ['rare tag', () => run({ page: 0 }, body({ pos_search: [tag(4000 + Math.floor(Math.random() * 900))] }))],
    [
      '3 optional + 1 negative',
      () => run({ page: 0 }, body({ opt_search: [tag(200), tag(300), tag(400)], neg_search: [tag(1)] })),
    ],
    [
      'styles + formats + render',
      () => run({ page: 0 }, body({ styles: [2, 5], formats: ['Wide'], renders: ['realistic'] })),
    ],
    [
      '2 rare tags (few or no matches)',
      () => run({ page: 0 }, body({ pos_search: [tag(3000 + Math.floor(Math.random() * 500)), tag(4500)] })),
    ],
    ['tag + shuffle', () => run({ page: 0 }, body({ pos_search: [tag(10)], shuffle: random() }))],
    ['user gallery', () => run({ author_id: firstUser + 1 + Math.floor(Math.random() * 900) }, body({}))],
    ['own creations', () => run({ author_id: viewer }, body({}))],
    ['collection', () => run({ favorite: true }, body({}))],
    ['tag autocomplete "bench tag 1"', () => tagRepository.complete('bench tag 1', 10)],
  ];

  for (const [name, query] of cases) {
    for (let i = 0; i < 5; i++) await query(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await query();
      times.push(performance.now() - started);
    }
    console.log(
      `${label}: ${name.padEnd(32)} p50 ${pct(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${pct(times, 0.95).toFixed(1).padStart(6)} ms  p99 ${pct(times, 0.99).toFixed(1).padStart(6)} ms`,
    );
  }
}

await onEachDatabase(bench);
