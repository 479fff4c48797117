// The simulated workers of bench:queue, run in their own thread so that their HTTP client work does not
// share the API's event loop (a real worker is another process, usually on another machine).
import { parentPort, workerData } from 'node:worker_threads';

// A plain module: worker threads do not inherit the tsx loader on Node 20.
/** @type {{ base: string, tokens: string[], png: Uint8Array }} */
const { base, tokens, png } = workerData;

/** @returns {Promise<{ id: string } | null>} */
async function lease(token) {
  const response = await fetch(`${base}/api/worker/lease`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ engine: 'preview', max_pixels: 1e7, job_types: ['txt2img'], wait_seconds: 0 }),
  });
  return (await response.json()).job;
}

async function complete(token, id) {
  const form = new FormData();
  form.append('metadata', '{}');
  form.append('image', new Blob([png], { type: 'image/png' }), 'r.png');
  const response = await fetch(`${base}/api/worker/jobs/${id}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`complete ${response.status}`);
  await response.arrayBuffer();
}

/** Each simulated worker leases and completes until the queue is empty. */
const counts = await Promise.all(
  tokens.map(async (token) => {
    let done = 0;
    for (let job = await lease(token); job; job = await lease(token)) {
      await complete(token, job.id);
      done++;
    }
    return done;
  }),
);
parentPort?.postMessage(counts.reduce((sum, count) => sum + count, 0));
