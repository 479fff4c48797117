// bench:images — post-processing of one 1024×1408 PNG as a worker sends it: watermark, WebP, 512-px
// thumbnail, blurhash, the AI-generated marks (XMP, C2PA signature: bench:marking has their own cost), three
// writes to the object store; in the calling thread and, as the API does it, through an image thread
// (processor.ts). Target (issue 3): ≤ 250 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { makeDevelopmentMaterial } from '../apps/api/src/features/image/marking/signing-material.ts';
import { createImageProcessor } from '../apps/api/src/features/image/processor.ts';
import { createObjectStore } from '../apps/api/src/storage/create-object-store.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const width = 1024;
const height = 1408;
// A busy image (gradient + noise) compresses like a real render, unlike a flat colour.
const raw = Buffer.alloc(width * height * 3);
for (let y = 0; y < height; y++) {
  for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 3;
    const noise = (Math.sin(x * 12.9898 + y * 78.233) * 43758.5453) % 1;
    raw[i] = (x / width) * 255;
    raw[i + 1] = (y / height) * 255;
    raw[i + 2] = Math.abs(noise) * 255;
  }
}
const png = await sharp(raw, { raw: { width, height, channels: 3 } })
  .png()
  .toBuffer();
const dir = mkdtempSync(path.join(os.tmpdir(), 'mirage-bench-images-'));
const storeConfig = { DATA_DIR: dir, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false };
const store = createObjectStore(storeConfig);

const { chain, key } = await makeDevelopmentMaterial();
const marking = { publicUrl: 'http://localhost:8080', material: { chain, key } };

for (const threads of [0, 1]) {
  const processor = createImageProcessor({ store, threadStore: storeConfig, threads, marking });
  for (const watermark of [false, true]) {
    const times: number[] = [];
    for (let run = 0; run < RUNS + 2; run++) {
      const started = performance.now();
      await processor.process(png, { uuid: randomUUID(), watermark });
      if (run >= 2) times.push(performance.now() - started); // two warm-up runs
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(0);
    console.log(
      `post-processing 1024x1408 PNG (${(png.length / 1e6).toFixed(2)} MB)${watermark ? ' with watermark' : ''}, ${threads ? 'in an image thread' : 'in the calling thread'}: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms over ${RUNS} runs`,
    );
  }
  await processor.close();
}
rmSync(dir, { recursive: true, force: true });
