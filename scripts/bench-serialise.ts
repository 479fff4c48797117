// bench:serialise — what it costs to send an answer through its schema (docs/integrating.md). Measures,
// through app.inject on the embedded PGlite, POST /api/gallery/search (a page of 48 images) and
// GET /api/user/me: the time from the handler's return to the serialised payload (preSerialization →
// onSend, i.e. the serializer alone) and the whole request, p50/p99 over BENCH_RUNS (default 2000).
import { sql } from 'kysely';
import { startEmbeddedApp } from './embedded-app.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2000);
const WARMUP = 200;

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(3)} ms`;

const { app, config, db, close } = await startEmbeddedApp({ RATE_LIMITS_DISABLED: 'true' });

// The serializer's time: from the handler's value (preSerialization) to the payload (onSend).
const serialising = new WeakMap<object, number>();
let lastSerialiseMs = 0;
app.addHook('preSerialization', async (request, _reply, payload) => {
  serialising.set(request, performance.now());
  return payload;
});
app.addHook('onSend', async (request, _reply, payload) => {
  const started = serialising.get(request);
  if (started !== undefined) lastSerialiseMs = performance.now() - started;
  return payload;
});
await app.ready();

const origin = new URL(config.PUBLIC_URL).origin;
const created = await app.inject({
  method: 'POST',
  url: '/api/user/create',
  headers: { origin },
  payload: { username: 'benchserial', email: 'bench-serialise@example.com', pwd: 'bench-password-1' },
});
if (created.statusCode !== 201) throw new Error(`sign-up answered ${created.statusCode}: ${created.body}`);
const cookie = created.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const userId = created.json<{ user: { id: number } }>().user.id;

await sql`insert into image (uuid, user_id, style_id, gen_type, render, format, quality, seed, width, height,
    prompt, neg_prompt, gen_data, blurhash, is_private, tag_ids)
  select gen_random_uuid(), ${userId}, 1, 'txt2img', 'hentai', 'Portrait', 'Standard', g, 832, 1144,
    'a lighthouse at dusk, ' || g, 'blurry', '{}'::jsonb, 'LEHV6nWB2yk8pyo0adR*.7kCMdnj', false, '{}'
  from generate_series(1, 200) g`.execute(db);

async function measure(label: string, request: () => Promise<{ statusCode: number; body: string }>) {
  const serialise: number[] = [];
  const total: number[] = [];
  let bytes = 0;
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const started = performance.now();
    const answer = await request();
    const elapsed = performance.now() - started;
    if (answer.statusCode !== 200) throw new Error(`${label} answered ${answer.statusCode}: ${answer.body}`);
    if (run >= WARMUP) {
      serialise.push(lastSerialiseMs);
      total.push(elapsed);
      bytes = answer.body.length;
    }
  }
  console.log(
    `${label}: serialise p50 ${ms(pct(serialise, 0.5))}, p99 ${ms(pct(serialise, 0.99))}; ` +
      `whole request p50 ${ms(pct(total, 0.5))}, p99 ${ms(pct(total, 0.99))}; ${bytes} bytes`,
  );
}

try {
  await measure('POST /api/gallery/search (48 items)', () =>
    app.inject({
      method: 'POST',
      url: '/api/gallery/search?size=48',
      headers: { origin, cookie },
      payload: {},
    }),
  );
  await measure('GET /api/user/me', () =>
    app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie } }),
  );
} finally {
  await close();
}
