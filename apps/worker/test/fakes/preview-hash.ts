/**
 * Renders one job with the preview engine in a fresh process and prints the PNG's SHA-256. Optional
 * arguments after the job: the paths of the source image and of the mask (image-to-image jobs).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { WorkerJob } from '@mirage/domain';
import { PreviewEngine } from '../../src/engines/preview.ts';

const job = JSON.parse(process.argv[2] ?? '{}') as WorkerJob;
const [source, mask] = [process.argv[3], process.argv[4]].map((path) =>
  path ? readFileSync(path) : undefined,
);
const result = await new PreviewEngine({ stepDelayMs: 0 }).run(job, {
  onProgress: () => undefined,
  signal: new AbortController().signal,
  sourceImage: source,
  maskImage: mask,
});
process.stdout.write(createHash('sha256').update(result.png).digest('hex'));
