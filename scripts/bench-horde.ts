// bench:horde — the AI Horde adapter's own cost per job (apps/worker/src/engines/horde.ts), against the
// fake Horde on loopback with no queue: polling without waits, two checks, rate limits off, renders
// cached by the fake and grained so that they compress like real renders. Measured: building and sending
// the request (the source and mask as WebP for inpaint), check, status, the r2 download, WebP -> PNG at
// the exact size. What the real Horde adds (its queue, its GPUs, the internet) is not ours and not
// measured. BENCH_RUNS jobs per case (default 50) after 3 warm-up jobs; p50/p95 per job, and per part:
// the HTTP calls (timed around fetch, the fake's handling included) and the rest (image encoding and
// decoding, resize, parsing).
import sharp from 'sharp';
import type { WorkerJob } from '@mirage/domain';
import { HordeEngine } from '../apps/worker/src/engines/horde.ts';
import { FakeHorde } from '../apps/worker/test/fakes/fake-horde.ts';
import { makeJob } from '../apps/worker/test/fakes/jobs.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 3;

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

// Time spent in fetch (request, answer and body), by call.
const httpMs = new Map<string, number>();
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const kind = url.includes('/r2/')
    ? 'download'
    : (/generate\/(async|check|status)/.exec(url)?.[1] ?? 'other');
  const started = performance.now();
  const res = await realFetch(input, init);
  const body = await res.arrayBuffer();
  httpMs.set(kind, (httpMs.get(kind) ?? 0) + performance.now() - started);
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
};

const fake = await FakeHorde.start({
  checksToFinish: 2,
  limits: { async: null, check: null, status: null },
  texture: true,
});
const engine = new HordeEngine({
  baseUrl: fake.apiUrl,
  models: { 'sd_xl_base_1.0.safetensors': 'AlbedoBase XL (SDXL)' },
  pollIntervalMs: 0,
  maxPollIntervalMs: 0,
  log: () => undefined,
});

// A busy picture (gradient and noise) as the source: it compresses like a real image, not a flat colour.
async function busyPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const noise = Math.abs((Math.sin(i * 12.9898) * 43758.5453) % 1);
    raw[i * 3] = ((i % width) / width) * 255;
    raw[i * 3 + 1] = (Math.floor(i / width) / height) * 255;
    raw[i * 3 + 2] = noise * 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
const source = await busyPng(832, 1216);
const mask = await sharp({ create: { width: 832, height: 1216, channels: 3, background: '#000000' } })
  .composite([
    {
      input: { create: { width: 416, height: 608, channels: 3, background: '#ffffff' } },
      left: 208,
      top: 304,
    },
  ])
  .png()
  .toBuffer();

const cases: { label: string; job: WorkerJob; io: { sourceImage?: Buffer; maskImage?: Buffer } }[] = [
  { label: 'txt2img 832x1216', job: makeJob({ width: 832, height: 1216 }), io: {} },
  {
    label: 'txt2img 832x1144 (hires, rendered 832x1152, cropped)',
    job: makeJob({ hires: { factor: 1.625, width: 832, height: 1144, steps: 10, denoise: 0.5 } }),
    io: {},
  },
  {
    label: 'inpaint 832x1216 (source and mask sent as WebP)',
    job: makeJob({ type: 'inpaint', width: 832, height: 1216, denoise: 0.6 }),
    io: { sourceImage: source, maskImage: mask },
  },
];

for (const { label, job, io } of cases) {
  const total: number[] = [];
  const http: Record<string, number[]> = {};
  const rest: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    httpMs.clear();
    const started = performance.now();
    await engine.run(job, { onProgress: () => undefined, signal: new AbortController().signal, ...io });
    const elapsed = performance.now() - started;
    if (run < WARMUP) continue;
    total.push(elapsed);
    let inHttp = 0;
    for (const [kind, value] of httpMs) {
      (http[kind] ??= []).push(value);
      inHttp += value;
    }
    rest.push(elapsed - inHttp);
  }
  const parts = Object.entries(http)
    .map(([kind, values]) => `${kind} ${ms(pct(values, 0.5))}`)
    .join(', ');
  console.log(
    `${label}: p50 ${ms(pct(total, 0.5))}, p95 ${ms(pct(total, 0.95))} per job over ${RUNS} jobs; ` +
      `p50 by part: HTTP ${parts}; images and parsing ${ms(pct(rest, 0.5))}`,
  );
}
await fake.close();
