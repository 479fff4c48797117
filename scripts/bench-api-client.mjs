// The HTTP clients of bench:api, in a process of their own (spawned by scripts/bench-api.ts with an IPC
// channel), so that their work does not share the API's event loop. node:http with keep-alive: C
// connections, each running one request after another for the duration.
//
// Message from the bench: { base, origin, cookies: string[], requests: { method, path, body? }[],
//   concurrency, seconds, warmUpSeconds } → { count, seconds, statuses, errors, latencies: { p50, p99, max } }
// Client i uses cookies[i % cookies.length] and walks `requests` from its own offset.
import http from 'node:http';

/** @returns {Promise<number>} the status (the body is read and dropped) */
function call(agent, url, request, cookie, origin) {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const outgoing = http.request(
      url,
      {
        agent,
        method: request.method,
        headers: {
          cookie,
          accept: 'application/json',
          // As browsers ask: answers of 1 KB or more are compressed (the bytes are counted, not decoded).
          'accept-encoding': 'gzip, deflate, br',
          ...(body === undefined
            ? {}
            : { origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function run(message, seconds, record) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: message.concurrency });
  const urls = message.requests.map((request) => new URL(request.path, message.base));
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: message.concurrency }, async (_, client) => {
      const cookie = message.cookies[client % message.cookies.length];
      for (let next = client; performance.now() < end; next++) {
        const index = next % message.requests.length;
        const started = performance.now();
        try {
          const status = await call(agent, urls[index], message.requests[index], cookie, message.origin);
          record(performance.now() - started, status);
        } catch {
          record(performance.now() - started, -1);
        }
      }
    }),
  );
  agent.destroy();
}

process.once('message', async (message) => {
  await run(message, message.warmUpSeconds, () => undefined);
  const latencies = [];
  const statuses = {};
  const began = performance.now();
  await run(message, message.seconds, (latency, status) => {
    latencies.push(latency);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  const errors = latencies.length - (statuses[200] ?? 0);
  process.send?.({
    count: latencies.length,
    seconds,
    statuses,
    errors,
    latencies: { p50: pct(0.5), p99: pct(0.99), max: latencies.at(-1) ?? NaN },
  });
  process.disconnect?.();
});
