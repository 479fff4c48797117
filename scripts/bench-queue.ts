// bench:queue — the task queue and worker protocol over real HTTP on loopback:
// 1. enqueue → lease latency with a worker already long-polling (p50/p99);
// 2. lease + complete jobs/s with 1, 4 and 16 simulated workers (each completes with a tiny PNG), run
//    in a separate thread (bench-queue-client.mjs) so they do not share the API's event loop.
// On the embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { buildApp } from '../apps/api/src/app.ts';
import { onEachDatabase } from './bench-support.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { migrateToLatest, type DatabaseHandle } from '../apps/api/src/db/database.ts';
import { CHANNEL, createNotifierFor } from '../apps/api/src/events/notifier.ts';

const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 200);
const JOBS_PER_RUN = Number(process.env.BENCH_JOBS ?? 400);
const WARM_UP_JOBS = Number(process.env.BENCH_WARM_UP_JOBS ?? 400);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,4,16').split(',').map(Number);
const tinyPng = await sharp({
  create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } },
})
  .png()
  .toBuffer();
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function bench(label: string, database: DatabaseHandle) {
  await migrateToLatest(database.db);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-bench-queue-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMITS_DISABLED: 'true',
  });
  const notifier = await createNotifierFor(database);
  const { app, services } = await buildApp({ config, db: database.db, notifier, serveWeb: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await database.db
    .insertInto('app_user')
    .values({
      username: `bench${Date.now() % 1e6}`,
      email: `bench${Date.now()}@example.com`,
      pwd_hash: null,
      referral_code: randomUUID().slice(0, 8),
      referrer_id: null,
      pro_expire: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const enqueue = () => {
    const id = randomUUID();
    const job = {
      id,
      type: 'txt2img' as const,
      seed: 1,
      prompt: 'a lighthouse at dusk',
      negative_prompt: '',
      checkpoint: 'bench.safetensors',
      loras: [],
      width: 8,
      height: 8,
      hires: null,
      steps: 1,
      cfg: 5,
      sampler: 'euler',
      scheduler: 'normal',
      upscale: null,
      face_restore: false,
      watermark: false,
      source_image_url: null,
      mask_image_url: null,
      denoise: null,
    };
    return database.db.transaction().execute(async (trx) => {
      await services.queue.enqueue(
        trx,
        {
          id,
          user_id: user.id,
          type: 'txt2img',
          lane: 'normal',
          settings: {},
          job,
          checkpoint: job.checkpoint,
          pixels: 64,
          signature: null,
          cost: 0,
          paid_with: null,
        },
        new Date(),
      );
      await notifier.notify(trx, CHANNEL.taskQueued, id);
      return id;
    });
  };
  const lease = async (token: string, wait: number) => {
    const response = await fetch(`${base}/api/worker/lease`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        engine: 'preview',
        max_pixels: 1e7,
        job_types: ['txt2img'],
        wait_seconds: wait,
      }),
    });
    return ((await response.json()) as { job: { id: string } | null }).job;
  };
  const complete = async (token: string, id: string) => {
    const form = new FormData();
    form.append('metadata', '{}');
    form.append('image', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'r.png');
    const response = await fetch(`${base}/api/worker/jobs/${id}/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 200) throw new Error(`complete ${response.status}`);
    await response.arrayBuffer();
  };

  // 1. Latency: a worker waits in a long poll; the clock runs from the enqueue commit to its answer.
  const waiter = await services.workerAuth.issueToken('latency');
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const pending = lease(waiter, 25);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    const id = await enqueue();
    const job = await pending;
    latencies.push(performance.now() - started);
    if (job?.id !== id) throw new Error('leased the wrong job');
    await complete(waiter, id);
  }
  console.log(
    `${label}: enqueue→lease latency with a waiting worker: p50 ${pct(latencies, 0.5).toFixed(1)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms (${LATENCY_SAMPLES} samples)`,
  );

  // 2. Throughput: N workers lease and complete until the queue is empty, as the worker agent does
  //    (the next job comes with each completion) and with separate lease and complete requests.
  const throughput = async (workers: number, handover: boolean, jobs: number, profile?: string) => {
    for (let i = 0; i < jobs; i++) await enqueue();
    const tokens = await Promise.all(
      Array.from({ length: workers }, () => services.workerAuth.issueToken(`w-${randomUUID()}`)),
    );
    const profiler = profile ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const started = performance.now();
    const done = await new Promise<number>((resolve, reject) => {
      const client = new Worker(new URL('./bench-queue-client.mjs', import.meta.url), {
        workerData: { base, tokens, png: tinyPng, handover },
      });
      client.once('message', (count: number) => resolve(count));
      client.once('error', reject);
    });
    const seconds = (performance.now() - started) / 1000;
    if (profiler) {
      const { profile: recorded } = await profiler.post('Profiler.stop');
      writeFileSync(`${profile}.cpuprofile`, JSON.stringify(recorded));
      profiler.disconnect();
    }
    return { done, seconds };
  };
  // Unmeasured warm-up: JIT, the image thread, pooled connections and their prepared statements.
  await throughput(Math.max(...WORKER_COUNTS), true, WARM_UP_JOBS);
  for (const handover of [true, false]) {
    for (const workers of WORKER_COUNTS) {
      // BENCH_CPU_PROFILE=prefix records the API's main thread during each measured run.
      const profile = process.env.BENCH_CPU_PROFILE
        ? `${process.env.BENCH_CPU_PROFILE}.${label}.${workers}${handover ? '' : '.separate'}`
        : undefined;
      const { done, seconds } = await throughput(workers, handover, JOBS_PER_RUN, profile);
      const how = handover ? 'next job with the result' : 'separate requests       ';
      console.log(
        `${label}: lease+complete with ${String(workers).padStart(2)} workers, ${how}: ${(done / seconds).toFixed(0)} jobs/s (${done} jobs in ${seconds.toFixed(1)} s)`,
      );
    }
  }
  await app.close();
  await notifier.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await onEachDatabase(bench);
