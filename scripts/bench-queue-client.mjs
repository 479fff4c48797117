// The simulated workers of bench:queue, run in their own thread so that their HTTP client work does not
// share the API's event loop (a real worker is another process, usually on another machine). They use
// node:http with keep-alive and a prebuilt multipart body: the client is not what is measured, so it
// should cost as little CPU as possible on the machine it shares with the API.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// A plain module: worker threads do not inherit the tsx loader on Node 20.
/** @type {{ base: string, tokens: string[], png: Uint8Array, handover: boolean }} */
const { base, tokens, png, handover } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length * 2 });
const { hostname, port } = new URL(base);
const leaseBody = JSON.stringify({
  engine: 'preview',
  max_pixels: 1e7,
  job_types: ['txt2img'],
  wait_seconds: 0,
});
const boundary = 'benchboundary7f3a';
// With `handover`, the completion also asks for the next job, as the worker agent does.
const leaseField = handover
  ? `--${boundary}\r\nContent-Disposition: form-data; name="lease"\r\n\r\n${leaseBody}\r\n`
  : '';
const completeBody = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{}\r\n` +
      leaseField +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  Buffer.from(png),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

/** @returns {Promise<{ status: number, body: string }>} */
function post(path, token, body, contentType) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        hostname,
        port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** @returns {Promise<{ id: string } | null>} */
async function lease(token) {
  const response = await post('/api/worker/lease', token, leaseBody, 'application/json');
  return JSON.parse(response.body).job;
}

/** @returns {Promise<{ id: string } | null>} the next job when handed over, else null */
async function complete(token, id) {
  const response = await post(
    `/api/worker/jobs/${id}/complete`,
    token,
    completeBody,
    `multipart/form-data; boundary=${boundary}`,
  );
  if (response.status !== 200) throw new Error(`complete ${response.status}: ${response.body}`);
  return JSON.parse(response.body).next_job ?? null;
}

/** Each simulated worker leases and completes until the queue is empty. */
const counts = await Promise.all(
  tokens.map(async (token) => {
    let done = 0;
    for (let job = await lease(token); job;) {
      const next = await complete(token, job.id);
      done++;
      job = next ?? (await lease(token));
    }
    return done;
  }),
);
agent.destroy();
parentPort?.postMessage(counts.reduce((sum, count) => sum + count, 0));
