/** Renders one job with the preview engine in a fresh process and prints the PNG's SHA-256. */
import { createHash } from 'node:crypto';
import type { WorkerJob } from '@mirage/domain';
import { PreviewEngine } from '../../src/engines/preview.ts';

const job = JSON.parse(process.argv[2] ?? '{}') as WorkerJob;
const result = await new PreviewEngine({ stepDelayMs: 0 }).run(job, {
  onProgress: () => undefined,
  signal: new AbortController().signal,
});
process.stdout.write(createHash('sha256').update(result.png).digest('hex'));
