// bench:image-safety — the image-side safety check's cost, as the API runs it: the models (nsfwjs
// MobileNetV2 + human's faces with ages) in their own thread (features/image/safety/model-scorer.ts),
// one 1024×1408 PNG at a time. Prints the load time, p50/p90 per image for a picture with no face and for
// one with several faces, and the process's memory (the thread's included) before, while and after loading.
// research/image-safety-on-node.md measured 7–12 s to load, ~380/600 ms p50/p90 an image, ~450 MB.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createModelScorer } from '../apps/api/src/features/image/safety/model-scorer.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WIDTH = 1024;
const HEIGHT = 1408;
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

// A busy picture with no face (gradient + noise compresses and decodes like a render).
const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
for (let y = 0; y < HEIGHT; y++) {
  for (let x = 0; x < WIDTH; x++) {
    const i = (y * WIDTH + x) * 3;
    const noise = (Math.sin(x * 12.9898 + y * 78.233) * 43758.5453) % 1;
    raw.set([(x / WIDTH) * 255, (y / HEIGHT) * 255, Math.abs(noise) * 255], i);
  }
}
const noFace = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
  .png()
  .toBuffer();
// Portraits of adults that ship with the face library (a screenshot of its demo), fitted into a result's size.
const human = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'));
const faces = await sharp(path.join(human, '../assets/screenshot-facedetect.jpg'))
  .resize(WIDTH, HEIGHT, { fit: 'contain', background: '#000000' })
  .png()
  .toBuffer();

let loadMs = 0;
const scorer = createModelScorer({
  log: {
    info: (data) => (loadMs = (data as { loadMs: number }).loadMs),
    error: (data, message) => console.error(message, data),
  },
});
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const before = process.memoryUsage().rss;

const started = performance.now();
const first = await scorer.score(noFace);
const firstMs = performance.now() - started;
const afterLoad = process.memoryUsage().rss;
const faceCount = (await scorer.score(faces)).faces.length;
console.log(
  `load: models ${loadMs} ms in their thread; first image answered after ${firstMs.toFixed(0)} ms` +
    ` (no face: ${first.faces.length} faces found)`,
);

const times: Record<string, number[]> = { 'no face': [], [`${faceCount} faces`]: [], mixed: [] };
for (let run = 0; run < RUNS + 2; run++) {
  for (const [name, png] of [
    ['no face', noFace],
    [`${faceCount} faces`, faces],
  ] as const) {
    const at = performance.now();
    await scorer.score(png);
    const ms = performance.now() - at;
    // Two warm-up runs of each.
    if (run >= 2) {
      times[name]!.push(ms);
      times.mixed!.push(ms);
    }
  }
}
for (const [name, list] of Object.entries(times)) {
  list.sort((a, b) => a - b);
  const at = (p: number) => list[Math.min(list.length - 1, Math.floor(list.length * p))]!.toFixed(0);
  console.log(
    `per 1024x1408 PNG, ${name}: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms over ${list.length} images`,
  );
}
clearInterval(sampler);
console.log(
  `RSS (whole process, the models' thread included): ${mb(before)} before, ${mb(afterLoad)} after loading, ` +
    `${mb(process.memoryUsage().rss)} after ${RUNS * 2} more images; peak ${mb(Math.max(peak, process.resourceUsage().maxRSS * 1024))}`,
);
// The wasm backend uses one core: other work on the machine slows it directly (compare runs at like loads).
const load = os.loadavg().map((value) => value.toFixed(1));
console.log(`node ${process.version}, ${os.availableParallelism()} cores, load average ${load.join(' ')}`);
await scorer.close();
