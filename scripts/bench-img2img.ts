// bench:img2img — the preview engine's image-to-image, as a worker without a GPU runs it: decode the
// source (and mask), paint the job's field, repaint, encode the PNG. Inpaint (a disc mask, strength 0.75)
// and style conversion (strength 0.55) at 832×1216 and 1024×1024, no pause between the reported steps
// (PREVIEW_STEP_DELAY_MS would add steps × delay). Target: well under a second a picture.
import sharp from 'sharp';
import type { WorkerJob } from '@mirage/domain';
import { PreviewEngine } from '../apps/worker/src/engines/preview.ts';
import { inpaintJob, styleConvertJob } from '../apps/worker/test/fakes/jobs.ts';
import { maskPng, sourcePng } from '../apps/worker/test/fakes/images.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const engine = new PreviewEngine({ stepDelayMs: 0 });

async function bench(label: string, job: WorkerJob, files: { sourceImage: Buffer; maskImage?: Buffer }) {
  const times: number[] = [];
  for (let run = 0; run < RUNS + 2; run++) {
    const started = performance.now();
    await engine.run(job, { onProgress: () => undefined, signal: new AbortController().signal, ...files });
    if (run >= 2) times.push(performance.now() - started); // two warm-up runs
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(0);
  console.log(`${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms over ${RUNS} runs`);
}

for (const [width, height] of [
  [832, 1216],
  [1024, 1024],
] as const) {
  // A real render as the source: a preview txt2img of the same size.
  const txt2img = inpaintJob({ type: 'txt2img', width, height, seed: 7, mask_image_url: null });
  const sourceImage = (
    await engine.run(txt2img, { onProgress: () => undefined, signal: new AbortController().signal })
  ).png;
  const maskImage = await maskPng(width, height);
  const meta = await sharp(sourceImage).metadata();
  const size = `${meta.width}x${meta.height}`;
  await bench(`inpaint ${size}`, inpaintJob({ width, height }), { sourceImage, maskImage });
  await bench(`style_convert ${size}`, styleConvertJob({ width, height }), { sourceImage });
}
// A flat synthetic source compresses differently; one line to compare.
await bench('style_convert 832x1216, synthetic source', styleConvertJob({ width: 832, height: 1216 }), {
  sourceImage: await sourcePng(832, 1216),
});
