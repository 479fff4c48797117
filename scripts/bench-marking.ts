// bench:marking — what marking an image as AI-generated adds to its post-processing (issue 18 §1;
// docs/architecture/provenance.md): the XMP written into the full-size PNG (chunks, no re-encoding) and the
// C2PA manifest signed into it, then the same signature on the full-size WebP, on a 1024×1408 PNG as a
// worker sends it. Target: ≤ 25 ms on the full-size PNG.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createMarker } from '../apps/api/src/features/image/marking/marker.ts';
import { makeDevelopmentMaterial } from '../apps/api/src/features/image/marking/signing-material.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const width = 1024;
const height = 1408;
// A busy image (gradient + noise) is as large as a real render, unlike a flat colour.
const raw = Buffer.alloc(width * height * 3);
for (let y = 0; y < height; y++) {
  for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 3;
    raw[i] = (x / width) * 255;
    raw[i + 1] = (y / height) * 255;
    raw[i + 2] = Math.abs((Math.sin(x * 12.9898 + y * 78.233) * 43758.5453) % 1) * 255;
  }
}
const png = await sharp(raw, { raw: { width, height, channels: 3 } })
  .png()
  .toBuffer();
const webp = await sharp(png).webp({ quality: 85, effort: 2 }).toBuffer();
const { chain, key } = await makeDevelopmentMaterial();
const marker = createMarker({ publicUrl: 'http://localhost:8080', material: { chain, key } });

async function measure(label: string, bytes: number, mark: () => Promise<Buffer>) {
  const times: number[] = [];
  for (let run = 0; run < RUNS + 3; run++) {
    const started = performance.now();
    await mark();
    if (run >= 3) times.push(performance.now() - started); // warm-up: the first signature loads the library
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
  console.log(
    `${label} (${(bytes / 1e6).toFixed(2)} MB): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms over ${RUNS} runs`,
  );
}

const created = { action: 'created' } as const;
await measure('XMP + C2PA signature, full-size 1024x1408 PNG', png.length, () =>
  marker.png(png, randomUUID(), 'image.png', created),
);
await measure('C2PA signature, full-size 1024x1408 WebP', webp.length, () =>
  marker.webp(webp, 'image.webp', created),
);
